/// Who is in a team vault, and who was: what its change log (`TeamLog`) adds up to. The team's
/// data key is sealed to each member's identity.
public struct TeamMembers: Equatable, Sendable {
    /// The team's name, under the same rules as a member's.
    public let team: String
    /// The members, in the order of their names' UTF-8 bytes.
    public let members: [TeamMember]
    /// The members who were removed, by name and then by when.
    public let former: [FormerMember]

    /// The members `members` and former members `former` of the team `team`; throws when two
    /// members have one name, or one key (box or signing: a box key twice would give two members
    /// one sealed key's line).
    init(team: String, members: [TeamMember], former: [FormerMember]) throws(TeamLogError) {
        var names = Set<String>()
        var holders: [[UInt8]: String] = [:]
        for member in members {
            guard names.insert(member.name).inserted else { throw .addedTwice(member.name, member.name) }
            for key in [member.identity.boxKey, member.identity.signingKey] {
                if let other = holders.updateValue(member.name, forKey: key) { throw .malformed("'\(other)' and '\(member.name)' share a key") }
            }
        }
        self.team = team
        self.members = members
        self.former = former
    }

    /// The member whose identity `identity` is, or shares a key with, if one is.
    public func member(holding identity: PublicIdentity) -> TeamMember? {
        members.first { $0.identity.boxKey == identity.boxKey || $0.identity.signingKey == identity.signingKey }
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
