/// Why a vault whose file parsed could still not be opened.
public enum VaultOpenError: VaultFailure, Equatable {
    /// The key did not unwrap the data key: a wrong password, or a changed header.
    case wrongPassword
    /// The data key was right but the payload did not authenticate.
    case tampered
    /// The decrypted payload is not a list of entries.
    case malformedPayload(String)

    public var message: String {
        switch self {
        case .wrongPassword:
            return "wrong master password (or the vault header was tampered with)"
        case .tampered:
            return "the vault is corrupt or was tampered with (payload does not authenticate)"
        case .malformedPayload(let what):
            return "the vault is corrupt: \(what)"
        }
    }

    public var exitStatus: ExitStatus { .authenticationFailed }
}
