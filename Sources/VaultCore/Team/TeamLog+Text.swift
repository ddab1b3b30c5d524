import FoundationEssentials

/// The one text of a team's change log (docs/format.md, "Team change log"): a JSON array of the
/// changes in the order of their hashes' bytes, each an object whose members are in order of
/// their keys (`by`, `change`, `identity`, `member`, `parents`, `signature`, `stamp`, and
/// `team` on the founding change): identities as `PublicIdentity.text`, hashes and signatures in
/// Base64, stamps as `Stamp.description`; no spaces and no newline at the end.
extension TeamLog {
    /// The text the seal holds.
    public func text() -> [UInt8] {
        Array(CanonicalJSON.list(changes.map { $0.text(signed: true) }).utf8)
    }

    /// The log `text` holds for the vault `vaultID`: every change signed by its author for
    /// this vault, every rule of `replayed` kept, and written exactly as `text()` writes it.
    public init(text: [UInt8], vaultID: String) throws(TeamLogError) {
        guard text.count <= Self.maximumTextLength else { throw .tooLarge }
        let written: [Written]
        do {
            written = try JSONDecoder().decode([Written].self, from: Data(text))
        } catch {
            throw .malformed("it is not a change log in JSON")
        }
        guard written.count <= Self.maximumChanges else { throw .tooLarge }
        var changes: [TeamChange] = []
        for change in written {
            let read = try change.read()
            guard read.isSigned(vaultID: vaultID) else {
                throw .malformed("a change by '\(read.author.fingerprint)' is not signed by them for this vault")
            }
            changes.append(read)
        }
        // Its length was checked above; the text must be the one given.
        try self.init(replaying: changes)
        guard self.text() == text else { throw .malformed("it is not written the one way vault writes it") }
    }

    /// A change as read, before its rules are checked.
    private struct Written: Decodable {
        var by: String
        var change: String
        var identity: String
        var member: String
        var parents: [String]
        var signature: String
        var stamp: String
        var team: String?

        /// The change this is, its values checked one by one.
        func read() throws(TeamLogError) -> TeamChange {
            guard let kind = TeamChange.Kind(rawValue: change) else { throw .malformed("'\(change)' is not a kind of change") }
            guard (kind == .found) == (team != nil) else { throw .malformed("a team name belongs to the founding change alone") }
            var hashes: [[UInt8]] = []
            for parent in parents {
                guard let hash = Sodium.base64Decode(parent), hash.count == TeamChange.hashLength else {
                    throw .malformed("a parent is not a \(TeamChange.hashLength)-byte hash in Base64")
                }
                hashes.append(hash)
            }
            guard let stamp = Stamp(stamp) else { throw .malformed("'\(stamp)' is not a change stamp") }
            guard let signature = Sodium.base64Decode(signature), signature.count == TeamChange.signatureLength else {
                throw .malformed("a signature is not \(TeamChange.signatureLength) bytes in Base64")
            }
            return TeamChange(kind: kind, team: try team.map(Self.name), member: try Self.name(member), identity: try Self.identity(identity),
                              author: try Self.identity(by), parents: hashes, stamp: stamp, signature: signature)
        }

        /// `name`, read from a log, if it keeps `TeamMemberName`'s rules.
        private static func name(_ name: String) throws(TeamLogError) -> String {
            do {
                try TeamMemberName.validate(name)
            } catch {
                throw .malformed(error.message)
            }
            return name
        }

        /// The identity whose text is `text`.
        private static func identity(_ text: String) throws(TeamLogError) -> PublicIdentity {
            guard let identity = PublicIdentity(text: text) else { throw .malformed("an identity in it is not a public identity") }
            return identity
        }
    }
}
