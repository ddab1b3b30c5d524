
/// Failures reading a secret (the master password, an entry's secrets) from a file, a pipe or
/// whatever a password source reads: what the domain needs to say about input. What only a
/// terminal can fail at (no terminal, a confirmation refused) is the command line's
/// `TerminalError`.
public enum InputError: VaultFailure, Equatable {
    /// Nobody to ask for the master password, and no key in the cache.
    case locked
    case emptySecret(String)
    /// A read that failed, with the system's reason.
    case unreadable(path: String, reason: String)
    /// Longer than `limit` bytes.
    case tooLong(String, limit: Int)
    case wrongLineCount(what: String, expected: Int, got: Int)

    public var message: String {
        switch self {
        case .locked:
            return "the vault is locked and there is no terminal to ask for the master password (run `vault unlock` first, or set VAULT_PASSWORD_FILE)"
        case .emptySecret(let what):
            return "\(what) is empty"
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .tooLong(let what, let limit):
            return "\(what) is longer than \(limit) bytes"
        case .wrongLineCount(let what, let expected, let got):
            return "expected \(expected) line\(expected == 1 ? "" : "s") on standard input (\(what)), got \(got)"
        }
    }

    public var exitStatus: ExitStatus { self == .locked ? .authenticationFailed : .failure }
}
