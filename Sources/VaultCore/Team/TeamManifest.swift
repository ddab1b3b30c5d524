/// A team vault's member list, kept in the vault's seal as its text (`text()`): the people its
/// data key is sealed to, and those who were removed. Every change of members makes the next
/// version (`epoch`) and keeps the hash of the one before it (`history`), so that a machine that
/// pinned a version it saw (`TeamPin`) can tell a later list that grew from it from an older one
/// replayed or one that went another way (`descends(from:)`).
///
/// Values come from `founding`, `adding`, `removing` and `init(text:)`, each of which keeps the
/// rules: a version of at least 1 with one hash per earlier version, names that `TeamMemberName`
/// allows, at least one member, members in the order of their names' bytes with no name and no
/// identity twice, and former members in order of name, then removal.
public struct TeamManifest: Equatable, Sendable {
    /// The team's name, under the same rules as a member's.
    public let team: String
    /// Which version of the list this is: 1 for a new team, one more with every change.
    public let epoch: UInt64
    /// The hash of every earlier version, oldest first (`epoch - 1` of them).
    public let history: [[UInt8]]
    /// The members, in the order of their names' UTF-8 bytes.
    public let members: [TeamMember]
    /// The members who were removed, by name and then by when.
    public let former: [FormerMember]

    /// The length of a version's hash.
    public static let hashLength = 32

    /// What a later version's history holds for this one: BLAKE2b-256 of
    /// `vault team members v1\n` and the text.
    public var hash: [UInt8] {
        (Array("vault team members v1\n".utf8) + text()).withUnsafeBytes { Sodium.blake2b($0) }
    }

    /// The first version of a new team's list: the team named `team`, with its founder as the
    /// one member (names in NFC).
    public static func founding(
        team: String, founder: String, identity: PublicIdentity, at stamp: Stamp
    ) throws(TeamManifestError) -> TeamManifest {
        let founder = TeamMember(name: try TeamMemberName.normalized(founder), identity: identity, added: stamp)
        return TeamManifest(team: try TeamMemberName.normalized(team), epoch: 1, history: [], members: [founder], former: [])
    }

    /// The next version, with `identity` a member named `name` (in NFC), added by the change
    /// `stamp`. A former member may come back; their earlier records stay.
    public func adding(_ name: String, identity: PublicIdentity, at stamp: Stamp) throws(TeamManifestError) -> TeamManifest {
        let name = try TeamMemberName.normalized(name)
        if members.contains(where: { $0.name == name }) { throw .nameTaken(name) }
        if let holder = member(holding: identity) { throw .alreadyMember(holder.name) }
        let member = TeamMember(name: name, identity: identity, added: stamp)
        return next(members: (members + [member]).sorted(by: Self.inOrder), former: former)
    }

    /// The next version, without the member named `name`, who becomes a former member removed by
    /// the change `stamp`.
    public func removing(_ name: String, at stamp: Stamp) throws(TeamManifestError) -> TeamManifest {
        let name = try TeamMemberName.normalized(name)
        guard let place = members.firstIndex(where: { $0.name == name }) else { throw .notAMember(name) }
        guard members.count > 1 else { throw .lastMember }
        var members = self.members
        let leaving = members.remove(at: place)
        let record = FormerMember(name: leaving.name, identity: leaving.identity, removed: stamp)
        return next(members: members, former: (former + [record]).sorted(by: Self.inOrder))
    }

    /// The version after this one, with `members` and `former`.
    private func next(members: [TeamMember], former: [FormerMember]) -> TeamManifest {
        TeamManifest(team: team, epoch: epoch + 1, history: history + [hash], members: members, former: former)
    }

    /// The member whose identity `identity` is, or shares a key with (a box key twice would
    /// give two members one sealed key's line), if one is.
    public func member(holding identity: PublicIdentity) -> TeamMember? {
        members.first { $0.identity.boxKey == identity.boxKey || $0.identity.signingKey == identity.signingKey }
    }

    /// Who is a member here and was not in `older`, and who was a member there and is not here,
    /// by identity, each in the order of their list.
    public func changes(since older: TeamManifest) -> (added: [TeamMember], removed: [TeamMember]) {
        (members.filter { older.member(holding: $0.identity) == nil }, older.members.filter { member(holding: $0.identity) == nil })
    }

    /// Whether `a` comes before `b` among the members: by their names' bytes.
    static func inOrder(_ a: TeamMember, _ b: TeamMember) -> Bool {
        a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }

    /// Whether `a` comes before `b` among the former members: by their names' bytes, then by
    /// when they were removed, then (for records that differ in nothing else) by identity.
    static func inOrder(_ a: FormerMember, _ b: FormerMember) -> Bool {
        if !a.name.utf8.elementsEqual(b.name.utf8) { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
        if a.removed != b.removed { return a.removed < b.removed }
        return a.identity.text.utf8.lexicographicallyPrecedes(b.identity.text.utf8)
    }
}
