import VaultCLI
import VaultCore
import VaultSystem

/// Why pins saved in an entry cannot be read or saved.
enum SavedPinsError: VaultFailure, Equatable {
    /// The entry's `tls-pins` field is not what `SavedPins` writes.
    case malformed(entry: String, reason: String)
    /// `--save-pins` without `--force` for hosts the entry already has pins for.
    case alreadySaved(entry: String, hosts: [String])

    var message: String {
        switch self {
        case .malformed(let entry, let reason):
            "the \(SavedPins.fieldName) field of '\(TerminalText.visible(entry))' is malformed: \(reason) "
                + "(correct it with vault edit --field, or drop it with vault edit --remove-field \(SavedPins.fieldName))"
        case .alreadySaved(let entry, let hosts):
            "pins for \(hosts.joined(separator: ", ")) already exist in '\(TerminalText.visible(entry))' (add --force to replace them)"
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .malformed: .failure
        case .alreadySaved: .alreadyExists
        }
    }
}
