import VaultCLI
import VaultCore
import VaultSystem

/// Why `vault tls` cannot start auditing.
enum TLSAuditError: VaultFailure, Equatable {
    case unreadableRoots(String, String)
    case noAddress(String)

    var message: String {
        switch self {
        case .unreadableRoots(let path, let reason): "cannot use the trust roots in \(path): \(reason)"
        case .noAddress(let entry): "'\(TerminalText.visible(entry))' has no https URL or host name to audit"
        }
    }

    var exitStatus: ExitStatus { .failure }
}
