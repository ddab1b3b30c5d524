import VaultCore

/// Why this machine refuses a team vault's member list, or cannot tell whether to trust it:
/// the list goes back or aside from the version it pinned (`TeamPins`), or the pin cannot be
/// read.
public enum TeamTrustError: VaultFailure, Equatable {
    /// The list offered is an earlier version than the one pinned.
    case rolledBack(pinned: UInt64, offered: UInt64)
    /// The list offered neither is the pinned version (`epoch`) nor grew from it.
    case forked(epoch: UInt64)
    /// The pin file holds something other than a pin.
    case damagedPin(path: String)
    /// A vault id that is not a lower-case UUID, which never names a pin file.
    case invalidVaultID(String)

    public var message: String {
        switch self {
        case .rolledBack(let pinned, let offered):
            return "the team vault's member list is older than one this machine has seen (version \(offered), seen \(pinned)): refusing a rollback"
        case .forked(let epoch):
            return "the team vault's member list does not descend from the one this machine has seen (version \(epoch)): refusing a forked list"
        case .damagedPin(let path):
            return "\(path) does not hold this machine's record of a team vault's member list; removing it makes the next list this machine sees trusted as it is"
        case .invalidVaultID(let id):
            return "'\(id)' is not a vault id (a UUID in lower case)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .rolledBack, .forked: return .authenticationFailed
        case .damagedPin, .invalidVaultID: return .failure
        }
    }
}
