import VaultCLI
import VaultCore
import VaultSystem

/// What can go wrong in `vault entropy`.
enum EntropyError: VaultFailure {
    case notText(line: Int?)

    var message: String {
        switch self {
        case .notText(let line?): "line \(line): not valid UTF-8 text, skipped"
        case .notText(nil): "the password is not valid UTF-8 text"
        }
    }

    var exitStatus: ExitStatus { .failure }
}
