import VaultCLI
import VaultCore
import VaultSystem

/// A helper command (the clipboard clearer, the key expirer) asked to run where it would share
/// its process: it detaches from the terminal, ignores hang-ups, closes its input and sleeps, all
/// of which belong to a process of its own.
enum HelperCommandError: VaultFailure, Equatable {
    case sharedProcess(String)

    var message: String {
        switch self {
        case .sharedProcess(let command): "\(command) runs only as a process of its own, started by vault"
        }
    }

    var exitStatus: ExitStatus { .failure }

    /// Refuses unless `context` gives the command its process to itself.
    static func requireOwnProcess(_ command: String, _ context: CommandContext) throws(HelperCommandError) {
        guard context.ownsProcess else { throw .sharedProcess(command) }
    }
}
