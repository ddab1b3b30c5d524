import VaultCore
import VaultSystem

/// What stops `vault destroy`, or what it could not finish.
enum DestroyError: VaultFailure, Equatable {
    /// `--remote` for a vault that is not synced through a repository of its own.
    case noRepositoryOfItsOwn(why: String)
    /// Some of what was listed is still there (each said on its own line before).
    case incomplete(failures: Int)

    var message: String {
        switch self {
        case .noRepositoryOfItsOwn(let why):
            return "--remote deletes the branch of the repository vault sync made for the vault, and \(why); nothing was deleted"
        case .incomplete(let failures):
            return "\(failures) of the things listed could not be deleted (said above); the rest is gone"
        }
    }

    var exitStatus: ExitStatus { .failure }
}
