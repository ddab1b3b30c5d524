import FoundationEssentials

/// What the vault keeps beside its entries (format version 4): the latest change stamp it has
/// seen, the tombstones of removed entries, and when its keys were last made anew (`passwd`,
/// `rekey`), which tells a merge whose header is newer; from version 7, what it keeps of the
/// security log (`EventLogState`); from version 8, the secrets of this person's team identities
/// (`IdentitySecret`). Written as the payload's last line, `{"vault-state":{…}}`
/// (versions 4), or in the seal and the tombstones (version 5 on).
public struct VaultState: Codable, Equatable, Sendable {
    /// How long a tombstone is kept: 180 days. A machine that syncs less often than this may
    /// bring back an entry removed elsewhere.
    public static let tombstoneHorizon: TimeInterval = 180 * 86_400

    public var clock: Stamp?
    public var deleted: [Tombstone]
    public var keys: Stamp?
    public var log: EventLogState
    /// The team identities made for this vault's owner, the first made first.
    public var identities: [IdentitySecret]
    /// A team vault's change log of members (version 9, in the seal); nil for a personal vault.
    /// Never in the state line of versions 4, which has no team vaults.
    public var team: TeamLog?

    enum CodingKeys: String, CodingKey { case clock, deleted, keys, log, identities }

    public init(
        clock: Stamp? = nil, deleted: [Tombstone] = [], keys: Stamp? = nil, log: EventLogState = EventLogState(), identities: [IdentitySecret] = [],
        team: TeamLog? = nil
    ) {
        self.clock = clock
        self.deleted = deleted
        self.keys = keys
        self.log = log
        self.identities = identities
        self.team = team
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clock = try container.decodeIfPresent(Stamp.self, forKey: .clock)
        deleted = try container.decodeIfPresent([Tombstone].self, forKey: .deleted) ?? []
        keys = try container.decodeIfPresent(Stamp.self, forKey: .keys)
        log = try container.decodeIfPresent(EventLogState.self, forKey: .log) ?? EventLogState()
        identities = try container.decodeIfPresent([IdentitySecret].self, forKey: .identities) ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(clock, forKey: .clock)
        try container.encode(deleted, forKey: .deleted)
        try container.encodeIfPresent(keys, forKey: .keys)
        if !log.isEmpty { try container.encode(log, forKey: .log) }
        if !identities.isEmpty { try container.encode(identities, forKey: .identities) }
    }

    /// Drops the tombstones older than the horizon at `now`.
    public mutating func forgetOldTombstones(now: Date) {
        let cutoff = Int64(((now.timeIntervalSince1970 - Self.tombstoneHorizon) * 1000).rounded(.down))
        deleted.removeAll { $0.deleted.milliseconds < cutoff }
    }

    // MARK: The payload line

    static let linePrefix = Array(#"{"vault-state":"#.utf8)

    private struct Line: Codable {
        var state: VaultState
        enum CodingKeys: String, CodingKey { case state = "vault-state" }
    }

    /// Whether a payload line is the state line.
    static func isStateLine(_ line: UnsafeRawBufferPointer) -> Bool {
        line.starts(with: linePrefix)
    }

    /// Decodes the state line in place (no copy of the plaintext is left behind).
    static func decodeLine(_ line: UnsafeRawBufferPointer) throws -> VaultState {
        guard let base = line.baseAddress else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "an empty line")) }
        let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: line.count, deallocator: .none)
        return try EntryJSON.decoder().decode(Line.self, from: data).state
    }

    func encodedLine() throws -> [UInt8] {
        Array(try EntryJSON.encoder().encode(Line(state: self)))
    }
}
