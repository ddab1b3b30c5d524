/// The hash chain of one device's security log: each event's link is BLAKE2b-256 over the
/// previous link, the event's number and its sealed bytes, from a start bound to the vault and
/// the device. A link is public (anyone can compute one), so the chain alone shows a change
/// made carelessly; what a careful forger cannot redo is the head anchored in the vault
/// (`EventLogAnchor`) at each write, which only the vault's keys can seal.
public enum EventChain {
    /// The length of a link: 32 bytes.
    public static let linkLength = 32

    /// The link before a device's first event.
    public static func start(vaultID: String, device: String) -> [UInt8] {
        Array("vault log v1\n\(vaultID)\n\(device)\n".utf8).withUnsafeBytes { Sodium.blake2b($0) }
    }

    /// The link of event `number`, sealed as `sealed`, after `previous`.
    public static func link(after previous: [UInt8], number: UInt64, sealed: [UInt8]) -> [UInt8] {
        (previous + Array("\n\(number)\n".utf8) + sealed).withUnsafeBytes { Sodium.blake2b($0) }
    }
}

/// Where one device's chain stood at a vault write: how many events it had and the link of
/// the last, kept in the vault's sealed state (`EventLogState`), so that `vault log --verify`
/// finds events changed, dropped, reordered or cut off before that write.
public struct EventLogAnchor: Codable, Equatable, Sendable {
    /// The number of the last event (0 for a chain with none).
    public var count: UInt64
    /// Its link, in Base64.
    public var head: String

    public init(count: UInt64, head: [UInt8]) {
        self.count = count
        self.head = Sodium.base64Encode(head)
    }
}
