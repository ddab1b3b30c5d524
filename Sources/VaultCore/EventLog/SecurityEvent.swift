import FoundationEssentials

/// One event of the security log: what was done (`kind`), by which command, to which entry,
/// why (`reason`, what a script or an agent said it needed the secret for), when and on which
/// device, and its number in that device's chain. It is sealed whole (`SealedBoxKeyPair`), so
/// nothing of it is readable in the log without the vault's keys; its number and device are
/// inside, so a sealed event moved to another place in the chain is told apart.
public struct SecurityEvent: Codable, Equatable, Sendable {
    /// What an event records: one of the kinds below, or a kind a later version of vault
    /// records, read as its name (so that a newer event is shown, not taken for a forgery).
    public struct Kind: RawRepresentable, Codable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A master password that did not open the vault.
        public static let passwordFailed = Kind(rawValue: "password-failed")
        /// The master password was proven (by `vault unlock` or by any command that asked for it).
        public static let unlock = Kind(rawValue: "unlock")
        /// `vault lock`.
        public static let lock = Kind(rawValue: "lock")
        /// A secret shown, copied, written out or used: `get`, `show --reveal`, `otp`, `read`,
        /// `run`, `inject`, the git credential helper, an SSH signature, `attach get`.
        public static let reveal = Kind(rawValue: "reveal")
        public static let export = Kind(rawValue: "export")
        public static let `import` = Kind(rawValue: "import")
        public static let passwd = Kind(rawValue: "passwd")
        public static let rekey = Kind(rawValue: "rekey")
        /// `rm` and `attach rm`.
        public static let remove = Kind(rawValue: "remove")
        public static let sync = Kind(rawValue: "sync")
        public static let destroy = Kind(rawValue: "destroy")
        /// A member let into a team vault (`vault team add`).
        public static let teamAdd = Kind(rawValue: "team-add")
        /// A member removed from a team vault, which then has a new key (`vault team rm`).
        public static let teamRemove = Kind(rawValue: "team-remove")
    }

    /// The event's number in its device's chain, from 1.
    public var number: UInt64
    /// When, in milliseconds since 1970 (UTC).
    public var milliseconds: Int64
    /// The device (`DeviceID`) whose log holds it.
    public var device: String
    public var kind: Kind
    /// The command, as typed after `vault` (`get`, `attach get`, `git-credential`).
    public var command: String
    /// The entry it concerns, when there is one.
    public var entry: String?
    /// What the command was told the access is for (`--reason`, `VAULT_REASON`).
    public var reason: String?
    /// More about it: the field revealed, where it went, what a sync merged.
    public var detail: String?

    public init(number: UInt64 = 0, milliseconds: Int64 = 0, device: String = "", kind: Kind, command: String, entry: String? = nil,
                reason: String? = nil, detail: String? = nil) {
        self.number = number
        self.milliseconds = milliseconds
        self.device = device
        self.kind = kind
        self.command = command
        self.entry = entry
        self.reason = reason
        self.detail = detail
    }

    enum CodingKeys: String, CodingKey {
        case number = "n", milliseconds = "time", device, kind = "event", command, entry, reason, detail
    }

    /// The time as a date.
    public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// The longest reason kept, in bytes of UTF-8: a sentence, not a document.
    public static let maximumReasonLength = 500

    /// The event's plaintext: its JSON, padded (`Padding`, to at least 256 bytes) so that the
    /// length of a sealed event says little about its names.
    public func paddedPlaintext() throws -> SecureBytes {
        var json = Array(try EntryJSON.encoder().encode(self))
        defer { Sodium.wipe(&json) }
        let padded = try SecureBytes(count: Padding.paddedLength(for: json.count, minimum: 256))
        padded.withUnsafeMutableBytes { output in
            json.withUnsafeBytes { output.copyMemory(from: $0) }
            output[json.count] = 0x80
        }
        return padded
    }

    /// The event a padded plaintext holds; nil when it is not one.
    public static func decode(paddedPlaintext padded: SecureBytes) -> SecurityEvent? {
        padded.withUnsafeBytes { bytes in
            guard let length = Padding.contentLength(of: bytes) else { return nil }
            return try? EntryJSON.decoder().decode(SecurityEvent.self, from: Data(bytes[0..<length]))
        }
    }
}
