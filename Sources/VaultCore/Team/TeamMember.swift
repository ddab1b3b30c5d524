/// A member of a team vault, as its member list (`TeamMembers`) names them: the team's data key
/// is sealed to their identity for as long as they are on the list.
public struct TeamMember: Equatable, Sendable {
    /// What the team calls them (`TeamMemberName`), unique among the members.
    public let name: String
    /// Their public identity, unique among the members.
    public let identity: PublicIdentity
    /// The change that added them (or founded the team with them).
    public let added: Stamp
}

/// A member who was removed from a team vault, kept on its member list as a record of what
/// happened; the same identity may be a member again later, and this record stays.
public struct FormerMember: Equatable, Sendable {
    /// The name they had as a member.
    public let name: String
    /// Their public identity.
    public let identity: PublicIdentity
    /// The change that removed them.
    public let removed: Stamp
}
