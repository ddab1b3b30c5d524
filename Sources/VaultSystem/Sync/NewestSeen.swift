import VaultCore
import FoundationEssentials

/// The newest copy of a vault this machine has seen on its remote: the keys stamp and the clock
/// of the last copy `vault sync` took from the remote or pushed to it, and for a team vault the
/// latest changes of its members. A copy the remote offers later must not be older in any
/// (`IncomingVault`), which a remote that replays an older copy of the vault cannot fake, as
/// all are inside the encrypted payload. (A member removed since holds the older data key and
/// could set stamps as they like, but not sign the changes of members made after they left.)
///
/// Kept outside the repository, where no remote reaches it: one small JSON file per vault id in
/// `$XDG_STATE_HOME/vault/seen/` (mode 0600), holding `{"clock": STAMP, "keys": STAMP}`, and for
/// a team vault `"team": [HASH, …]` (the heads of its change log of members, in Base64), each
/// member left out while unknown.
public struct NewestSeen: Codable, Equatable, Sendable {
    public var clock: Stamp?
    public var keys: Stamp?
    /// A team vault's latest changes of members; nil for a personal vault.
    public var team: TeamPin?

    public init(clock: Stamp?, keys: Stamp?, team: TeamPin? = nil) {
        self.clock = clock
        self.keys = keys
        self.team = team
    }

    /// What a copy's state says.
    public init(_ state: VaultState) {
        self.init(clock: state.clock, keys: state.keys, team: state.team.map(TeamPin.init))
    }

    /// The newer of each member of the two; for a team vault the changes of both.
    func joined(with other: NewestSeen) -> NewestSeen {
        let team = switch (team, other.team) {
        case let (mine?, theirs?): mine.joined(with: theirs)
        case let (mine, theirs): mine ?? theirs
        }
        return NewestSeen(clock: Self.later(clock, other.clock), keys: Self.later(keys, other.keys), team: team)
    }

    enum CodingKeys: String, CodingKey { case clock, keys, team }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clock = try container.decodeIfPresent(Stamp.self, forKey: .clock)
        keys = try container.decodeIfPresent(Stamp.self, forKey: .keys)
        if let heads = try container.decodeIfPresent([String].self, forKey: .team) {
            guard let pin = TeamPin(text: heads.map { $0 + "\n" }.joined()) else {
                throw DecodingError.dataCorruptedError(forKey: .team, in: container, debugDescription: "not the heads of a change log")
            }
            team = pin
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(clock, forKey: .clock)
        try container.encodeIfPresent(keys, forKey: .keys)
        try container.encodeIfPresent(team.map { $0.heads.map { Sodium.base64Encode($0) } }, forKey: .team)
    }

    /// The later of two stamps; a missing one is earlier than any.
    static func later(_ a: Stamp?, _ b: Stamp?) -> Stamp? {
        guard let a else { return b }
        guard let b else { return a }
        return Swift.max(a, b)
    }

    /// Where the records of one user on one machine are kept.
    public struct Folder: Sendable {
        public let path: String

        /// The folder under the state home `stateHome` (`$XDG_STATE_HOME`, else `~/.local/state`).
        public init(stateHome: String) {
            path = stateHome + "/vault/seen"
        }

        /// The record's file: the vault id is a UUID (`Envelope` refuses any other), never a path.
        private func file(vaultID: String) -> String {
            path + "/" + vaultID
        }

        /// The record of the vault `vaultID`; nil when there is none yet (this machine never
        /// synced it since records were kept). A damaged record is an error, never taken as none.
        public func record(vaultID: String) throws -> NewestSeen? {
            let bytes: [UInt8]
            do {
                // A team vault's record holds at most a head for each of its changes.
                bytes = try AtomicFile.read(file(vaultID: vaultID), limit: 64 << 10)
            } catch .fileMissing {
                return nil
            }
            do {
                return try EntryJSON.decoder().decode(NewestSeen.self, from: Data(bytes))
            } catch {
                throw SyncError.damagedRecord(path: file(vaultID: vaultID))
            }
        }

        /// Records `seen` for `vaultID`, joined with what was recorded before, so that a record
        /// never goes back.
        public func note(_ seen: NewestSeen, vaultID: String) throws {
            let joined = try record(vaultID: vaultID).map { $0.joined(with: seen) } ?? seen
            try Paths.createFolders(path)
            let bytes = Array(try EntryJSON.encoder().encode(joined)) + [0x0A]
            do {
                try bytes.withUnsafeBytes { try AtomicFile.write($0, to: file(vaultID: vaultID)) }
            } catch StoreError.notFlushed {
                // Written in place; at worst a crash now loses the record, never corrupts it.
            }
        }
    }
}
