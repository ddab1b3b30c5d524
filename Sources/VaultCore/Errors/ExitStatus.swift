/// The process exit codes that `vault` promises to scripts (see the product contract), so that a
/// caller can tell a wrong password from a missing entry without parsing messages.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    case authenticationFailed = 3
    case notFound = 4
    case alreadyExists = 5
    case unavailable = 6
    case findings = 10
    case usage = 64
    /// Left without a choice (Esc or Ctrl-C in `vault pick`), as fzf and a shell report Ctrl-C.
    case cancelled = 130
}

/// An error that knows how to explain itself to a person and which exit code it stands for.
/// Every error enum of the core conforms, so the command line reports them all the same way.
public protocol VaultFailure: Error, CustomStringConvertible {
    /// One sentence for `vault: error: …`; never contains a secret, but may quote a name or a
    /// path as given, control characters and all: show it through `Diagnostics` or
    /// `TerminalText`, which make them visible.
    var message: String { get }
    /// What the process exits with when this error ends it.
    var exitStatus: ExitStatus { get }
}

extension VaultFailure {
    public var description: String { message }
}
