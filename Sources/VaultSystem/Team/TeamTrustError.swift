import VaultCore

/// Why this machine refuses a team vault's change log of members, or cannot tell whether to
/// trust it: the log lacks changes it pinned (`TeamPins`), another team vault took the place of
/// one used here, or the pin cannot be read.
public enum TeamTrustError: VaultFailure, Equatable {
    /// The log offered lacks changes this machine saw: an older copy, or one that went
    /// another way.
    case rolledBack
    /// Another team vault than the one used at `path` before is there; `record` remembers
    /// the one before.
    case replaced(path: String, record: String)
    /// A team vault never used on this machine, met by a command that does not trust at first
    /// sight.
    case notYetSeen(path: String)
    /// The pin file holds something other than a pin.
    case damagedPin(path: String)
    /// A vault id that is not a lower-case UUID, which never names a pin file.
    case invalidVaultID(String)

    public var message: String {
        switch self {
        case .rolledBack:
            return "the team vault's member list lacks changes this machine has seen: refusing a copy rolled back or gone another way"
        case .replaced(let path, let record):
            return "\(path) is another team vault than the one used there before; if it was replaced on purpose, delete \(record) and run the command again"
        case .notYetSeen(let path):
            return "\(path) is a team vault not yet used on this machine; open it with another command first"
        case .damagedPin(let path):
            return "\(path) does not hold this machine's record of a team vault's member list; removing it makes the next list this machine sees trusted as it is"
        case .invalidVaultID(let id):
            return "'\(id)' is not a vault id (a UUID in lower case)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .rolledBack, .replaced: return .authenticationFailed
        case .notYetSeen, .damagedPin, .invalidVaultID: return .failure
        }
    }
}
