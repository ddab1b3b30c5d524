/// One change of a team vault's members, signed by the member who made it: the team's founding
/// (its first member), a member added, or a member removed. Each names the changes it followed
/// (`parents`: the hashes of the log's latest changes when it was made), so that a team's changes
/// form a history like git's commits, and machines that changed the members at the same time
/// can merge their logs (`TeamLog`).
///
/// The signature (Ed25519, by `author`'s signing key) covers `vault team change v1\n`, the
/// vault's id, a newline and the change's text without it (`text(signed: false)`), so that a
/// change cannot be moved to another team vault; the hash (BLAKE2b-256 of
/// `vault team change hash v1\n` and the signed text) is how later changes name this one.
public struct TeamChange: Equatable, Sendable {
    /// What a change does.
    public enum Kind: String, Sendable {
        /// Makes the team, with its author as the one member.
        case found
        /// Lets `identity` in as `member`.
        case add
        /// Takes `identity`, the member named `member`, out.
        case remove
    }

    public let kind: Kind
    /// The team's name, on the founding change alone.
    public let team: String?
    /// The member's name: the one added, removed, or founding.
    public let member: String
    /// The member's identity.
    public let identity: PublicIdentity
    /// Who made and signed the change.
    public let author: PublicIdentity
    /// The hashes of the changes this one followed, in order of their bytes; none for the
    /// founding change alone.
    public let parents: [[UInt8]]
    /// When it was made, as the author's clock said (shown, never trusted for order).
    public let stamp: Stamp
    /// The author's Ed25519 signature.
    public let signature: [UInt8]
    /// The change's hash.
    public let hash: [UInt8]

    /// The length of a change's hash.
    public static let hashLength = 32
    /// The length of a signature.
    public static let signatureLength = 64

    /// A change made now by `author`, whose key signs it for the vault `vaultID`.
    init(
        kind: Kind, team: String?, member: String, identity: PublicIdentity, parents: [[UInt8]], stamp: Stamp,
        signedBy author: MemberIdentity, vaultID: String
    ) {
        let unsigned = TeamChange(kind: kind, team: team, member: member, identity: identity, author: author.publicIdentity,
                                  parents: parents.sorted { $0.lexicographicallyPrecedes($1) }, stamp: stamp, signature: [])
        self.init(kind: kind, team: team, member: member, identity: identity, author: author.publicIdentity, parents: unsigned.parents,
                  stamp: stamp, signature: author.sign(unsigned.signedMessage(vaultID: vaultID)))
    }

    /// A change as given; its hash is computed, its signature not checked.
    init(kind: Kind, team: String?, member: String, identity: PublicIdentity, author: PublicIdentity, parents: [[UInt8]], stamp: Stamp,
         signature: [UInt8]) {
        self.kind = kind
        self.team = team
        self.member = member
        self.identity = identity
        self.author = author
        self.parents = parents
        self.stamp = stamp
        self.signature = signature
        hash = (Array("vault team change hash v1\n".utf8) + Array(Self.text(kind: kind, team: team, member: member, identity: identity,
                                                                              author: author, parents: parents, stamp: stamp,
                                                                              signature: signature).utf8))
            .withUnsafeBytes { Sodium.blake2b($0) }
    }

    /// What the author signs for the vault `vaultID`.
    func signedMessage(vaultID: String) -> [UInt8] {
        Array("vault team change v1\n\(vaultID)\n".utf8) + Array(text(signed: false).utf8)
    }

    /// Whether the signature is the author's over this change in the vault `vaultID`.
    func isSigned(vaultID: String) -> Bool {
        MemberIdentity.verify(signature, of: signedMessage(vaultID: vaultID), by: author)
    }

    /// The change's canonical JSON text, with its signature or without.
    func text(signed: Bool) -> String {
        Self.text(kind: kind, team: team, member: member, identity: identity, author: author, parents: parents, stamp: stamp,
                  signature: signed ? signature : nil)
    }

    private static func text(
        kind: Kind, team: String?, member: String, identity: PublicIdentity, author: PublicIdentity, parents: [[UInt8]], stamp: Stamp,
        signature: [UInt8]?
    ) -> String {
        var members: [(key: String, value: String)] = [
            ("by", CanonicalJSON.quoted(author.text)),
            ("change", CanonicalJSON.quoted(kind.rawValue)),
            ("identity", CanonicalJSON.quoted(identity.text)),
            ("member", CanonicalJSON.quoted(member)),
            ("parents", CanonicalJSON.list(parents.map { CanonicalJSON.quoted(Sodium.base64Encode($0)) })),
        ]
        if let signature { members.append(("signature", CanonicalJSON.quoted(Sodium.base64Encode(signature)))) }
        members.append(("stamp", CanonicalJSON.quoted(stamp.description)))
        if let team { members.append(("team", CanonicalJSON.quoted(team))) }
        return CanonicalJSON.object(members)
    }
}
