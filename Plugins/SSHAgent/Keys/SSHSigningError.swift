import VaultCore

/// Why a key could not sign.
public enum SSHSigningError: VaultFailure, Equatable {
    /// The algorithm is not one of the key's.
    case algorithmNotForKey
    /// The cryptographic library failed.
    case cryptoFailed

    public var message: String {
        switch self {
        case .algorithmNotForKey: "the signature algorithm asked for is not the key's"
        case .cryptoFailed: "the cryptographic library could not sign"
        }
    }

    public var exitStatus: ExitStatus { .failure }
}
