/// Why a team's member list cannot be made, changed or read: a name that cannot be used, a
/// member who is or is not there, or a list whose text is not one vault writes.
public enum TeamLogError: VaultFailure, Equatable {
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
    /// The identity that would sign the change is not a member.
    case notYourTeam
    /// An identity whose keys cannot serve (`PublicIdentity.hasUsableKeys`).
    case unusableIdentity
    /// A log with more changes, or a longer text, than vault reads (`TeamLog.maximumChanges`,
    /// `maximumTextLength`).
    case tooLarge
    /// Two copies each removed a member (these two) since they parted, each with a new key.
    case removedOnBothSides(String, String)
    /// The member named first changed the members (the change about the member named second)
    /// at the same time as they were being removed.
    case changedWhileRemoved(String, String)
    /// One identity was added under two names, or two identities under one name, at the same
    /// time.
    case addedTwice(String, String)

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
        case .notYourTeam:
            return "you are not a member of this team vault"
        case .tooLarge:
            return "the team vault's member list holds more than \(TeamLog.maximumChanges) changes or \(TeamLog.maximumTextLength) bytes, more than vault reads or writes; nothing was changed"
        case .unusableIdentity:
            return "that identity's keys cannot be used (a key of low order, or not a point of its curve): it was not made by vault identity"
        case .removedOnBothSides(let one, let other):
            return "'\(one)' and '\(other)' were removed on two copies that had not met, each giving the vault a new key; "
                + "they cannot be merged: keep one copy, then remove the other member again"
        case .changedWhileRemoved(let removed, let about):
            return "'\(removed)' changed the members (about '\(about)') on a copy that had not seen their removal; refused"
        case .addedTwice(let one, let other):
            return one == other
                ? "two people were added as '\(one)' on two copies that had not met; remove one and add them under another name"
                : "one identity was added as '\(one)' and as '\(other)' on two copies that had not met"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .invalidName: return .usage
        case .lastMember: return .failure
        case .nameTaken, .alreadyMember: return .alreadyExists
        case .notAMember: return .notFound
        case .malformed, .changedWhileRemoved: return .authenticationFailed
        case .notYourTeam: return .authenticationFailed
        case .unusableIdentity: return .usage
        case .tooLarge: return .failure
        case .removedOnBothSides, .addedTwice: return .failure
        }
    }
}
