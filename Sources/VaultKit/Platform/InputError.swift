/// Failures reading secrets and answers from a person (at a terminal) or from a file or pipe.
public enum InputError: VaultFailure, Equatable {
    case noTerminal(String)
    case locked
    case mismatch
    case emptySecret(String)
    case unreadable(path: String, errno: Int32)
    case notOneLine(String)
    case tooLong(String)
    case cancelled
    case confirmationNeeded(String)
    case wrongLineCount(what: String, expected: Int, got: Int)

    public var message: String {
        switch self {
        case .noTerminal(let what):
            return "cannot ask for \(what): no terminal"
        case .locked:
            return "the vault is locked and there is no terminal to ask for the master password (run `vault unlock` first, or set VAULT_PASSWORD_FILE)"
        case .mismatch:
            return "the two passwords did not match; nothing was changed"
        case .emptySecret(let what):
            return "\(what) is empty"
        case .unreadable(let path, let code):
            return "cannot read \(path): \(String(cString: strerror(code)))"
        case .notOneLine(let what):
            return "\(what) must be a single line"
        case .tooLong(let what):
            return "\(what) is longer than \(SecretReader.maximumLength) bytes"
        case .cancelled:
            return "cancelled"
        case .confirmationNeeded(let what):
            return "\(what) needs confirmation: pass --yes (standard input is not a terminal)"
        case .wrongLineCount(let what, let expected, let got):
            return "expected \(expected) line\(expected == 1 ? "" : "s") on standard input (\(what)), got \(got)"
        }
    }

    public var exitStatus: ExitStatus { self == .locked ? .authenticationFailed : .failure }
}

#if canImport(Glibc)
import Glibc
#endif
