import FoundationEssentials

/// Hands out the stamps of one command's changes: never earlier than the latest stamp the vault
/// has seen (`VaultState.clock`), so a wall clock set back, or behind another machine's, cannot
/// put a change before one it follows; each stamp later than the one before.
public struct HybridClock: Sendable {
    /// The latest stamp handed out or seen.
    public private(set) var latest: Stamp?
    let device: String

    public init(device: String, latest: Stamp?) {
        self.device = device
        self.latest = latest
    }

    /// Takes `stamp` as seen: every later stamp comes after it.
    public mutating func observe(_ stamp: Stamp) {
        if latest.map({ $0 < stamp }) ?? true { latest = stamp }
    }

    /// The next stamp at wall time `now`.
    public mutating func next(at now: Date) -> Stamp {
        let wall = Stamp.milliseconds(of: now)
        let stamp: Stamp
        if let latest, latest.milliseconds >= wall {
            stamp = latest.counter < Stamp.largestCounter || latest.milliseconds == Stamp.largestMilliseconds
                ? Stamp(milliseconds: latest.milliseconds, counter: min(latest.counter + 1, Stamp.largestCounter), device: device)
                : Stamp(milliseconds: latest.milliseconds + 1, device: device)
        } else {
            stamp = Stamp(milliseconds: wall, device: device)
        }
        latest = stamp
        return stamp
    }
}

/// Where and when this process makes changes: the device id (read or made only when a change is
/// stamped, so that reading commands touch no file for it), the wall clock, and the anchor of
/// this device's security log that each change writes into the vault: given the anchor the
/// vault has, the one the log now reaches, or nil to keep it (the log went no further, or does
/// not run through it: cut short, changed, forked).
public struct ChangeOrigin: Sendable {
    public var device: @Sendable () throws -> String
    public var now: @Sendable () -> Date
    public var logAnchor: @Sendable (_ device: String, _ previous: EventLogAnchor?) -> EventLogAnchor?

    public init(device: @escaping @Sendable () throws -> String, now: @escaping @Sendable () -> Date,
                logAnchor: @escaping @Sendable (_ device: String, _ previous: EventLogAnchor?) -> EventLogAnchor? = { _, _ in nil }) {
        self.device = device
        self.now = now
        self.logAnchor = logAnchor
    }

    /// A device id made for this process alone, and the system clock: for tools and tests that
    /// have no home of their own.
    public static func ephemeral() -> ChangeOrigin {
        let device = (try? DeviceID.random()) ?? String(repeating: "0", count: DeviceID.length)
        return ChangeOrigin(device: { device }, now: { Date() })
    }
}
