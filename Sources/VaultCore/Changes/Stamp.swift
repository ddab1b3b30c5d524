import FoundationEssentials

/// When and where a change was made: a reading of a hybrid logical clock (wall time in
/// milliseconds that never goes backwards, a counter for changes the wall clock cannot tell
/// apart) and the id of the device that made it. Stamps are totally ordered by time, then
/// counter, then device id, so every machine that merges two changes picks the same one.
///
/// Written as text, `MILLISECONDS-COUNTER-DEVICE` in decimal and lower-case hex
/// (`1732590000000-0-3f9c0a1b2c3d4e5f`); milliseconds from 0 to the end of the year 9999, the
/// counter at most 2³¹ − 1. A change made before version 4 of the vault format
/// recorded none; it counts as made at the entry's `modified` time by the empty device.
public struct Stamp: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970 (UTC).
    public var milliseconds: Int64
    /// Orders changes within one millisecond, or made while the wall clock was behind the
    /// latest stamp the vault had seen.
    public var counter: Int
    /// The device that made the change: `DeviceID`, or empty for changes older than version 4.
    public var device: String

    public init(milliseconds: Int64, counter: Int = 0, device: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.device = device
    }

    /// The stamp a change made before stamps were kept counts as: its entry's modification time,
    /// by no device.
    public init(legacy date: Date) {
        self.init(milliseconds: Self.milliseconds(of: date), device: "")
    }

    /// The largest counter a stamp has; a clock that would go past it moves on a millisecond.
    public static let largestCounter = Int(Int32.max)

    /// Milliseconds since 1970 of `date`, within what a stamp holds: from 0 (1970) to the end of
    /// 9999, the dates an entry can hold.
    public static func milliseconds(of date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return Int64(min(max(value.isFinite ? value : 0, 0), Double(largestMilliseconds)))
    }

    /// The last millisecond of the year 9999.
    public static let largestMilliseconds: Int64 = Int64(EntryDates.storable.upperBound) * 1000 + 999

    public static func < (a: Stamp, b: Stamp) -> Bool {
        (a.milliseconds, a.counter, a.device) < (b.milliseconds, b.counter, b.device)
    }

    public var description: String { "\(milliseconds)-\(counter)-\(device)" }

    /// When, as a date (to the millisecond).
    public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// Reads the text form; nil unless it is exactly that (non-negative numbers without
    /// leading zeros, and a device id or nothing).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let milliseconds = Self.number(parts[0]), let counter = Self.number(parts[1]),
              milliseconds <= Self.largestMilliseconds, counter <= Int64(Self.largestCounter),
              parts[2].isEmpty || DeviceID.isValid(String(parts[2]))
        else { return nil }
        self.init(milliseconds: milliseconds, counter: Int(counter), device: String(parts[2]))
    }

    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), text == "0" || text.first != "0" else { return nil }
        return Int64(text)
    }
}

extension Stamp: Codable {
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let stamp = Stamp(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a change stamp"))
        }
        self = stamp
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
