import VaultCore
import VaultSystem

/// What asking a person at the terminal can fail at: there is no terminal, the two typings
/// differ, or the answer is no.
public enum TerminalError: VaultFailure, Equatable {
    case noTerminal(String)
    case mismatch
    case cancelled
    case confirmationNeeded(String)

    public var message: String {
        switch self {
        case .noTerminal(let what):
            return "cannot ask for \(what): no terminal"
        case .mismatch:
            return "the two passwords did not match; nothing was changed"
        case .cancelled:
            return "cancelled"
        case .confirmationNeeded(let what):
            return "\(what) needs confirmation: pass --yes (standard input is not a terminal)"
        }
    }

    public var exitStatus: ExitStatus { .failure }
}
