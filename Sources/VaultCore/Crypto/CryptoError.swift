/// Failures of the cryptographic layer. Authentication failures are deliberately vague: they
/// never say which byte or which key was wrong.
public enum CryptoError: VaultFailure, Equatable {
    case libraryUnavailable
    case outOfSecureMemory(bytes: Int)
    case weakKDFParameters(String)
    case unreasonableKDFParameters(String)
    case keyDerivationFailed(String)
    case cipherUnavailable(Cipher)
    case authenticationFailed
    case encryptionFailed

    public var message: String {
        switch self {
        case .libraryUnavailable:
            return "libsodium could not be initialised"
        case .outOfSecureMemory(let bytes):
            return "could not allocate \(bytes) bytes of protected memory for secrets"
        case .weakKDFParameters(let why):
            return "key derivation parameters too weak: \(why)"
        case .unreasonableKDFParameters(let why):
            return "key derivation parameters out of range: \(why)"
        case .keyDerivationFailed(let why):
            return "Argon2id key derivation failed: \(why)"
        case .cipherUnavailable(let cipher):
            return "\(cipher.rawValue) is not available on this CPU (it needs AES-NI and PCLMUL); use xchacha20poly1305"
        case .authenticationFailed:
            return "decryption failed: wrong key, or the data was changed"
        case .encryptionFailed:
            return "encryption failed"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .authenticationFailed: return .authenticationFailed
        case .weakKDFParameters, .unreasonableKDFParameters: return .usage
        default: return .failure
        }
    }
}
