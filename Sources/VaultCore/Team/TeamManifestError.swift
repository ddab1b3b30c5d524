/// Why a team's member list cannot be made, changed or read: a name that cannot be used, a
/// member who is or is not there, or a list whose text is not one vault writes.
public enum TeamManifestError: VaultFailure, Equatable {
    /// A name that breaks `TeamMemberName`'s rules, and why.
    case invalidName(String, String)
    /// A member already has this name.
    case nameTaken(String)
    /// The identity already belongs to the member named here.
    case alreadyMember(String)
    /// No member has this name.
    case notAMember(String)
    /// Removing this member would leave the team with none.
    case lastMember
    /// The text of a member list breaks a rule, which this says.
    case malformed(String)

    public var message: String {
        switch self {
        case .invalidName(let name, let why):
            return "'\(name)' cannot name a team or a member: \(why)"
        case .nameTaken(let name):
            return "a member of the team is already named '\(name)'; choose another name"
        case .alreadyMember(let holder):
            return "that identity is already a member of the team, named '\(holder)'"
        case .notAMember(let name):
            return "no member of the team is named '\(name)'"
        case .lastMember:
            return "the team's last member cannot be removed"
        case .malformed(let why):
            return "the team vault's member list is damaged or was tampered with (\(why))"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .invalidName: return .usage
        case .lastMember: return .failure
        case .nameTaken, .alreadyMember: return .alreadyExists
        case .notAMember: return .notFound
        case .malformed: return .authenticationFailed
        }
    }
}
