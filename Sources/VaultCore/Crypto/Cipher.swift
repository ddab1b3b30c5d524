import CSodium

/// The AEAD ciphers a vault can be encrypted with. XChaCha20-Poly1305 is the default because it
/// runs everywhere and its 192-bit nonces can be chosen at random without a second thought;
/// AES-256-GCM needs AES-NI and PCLMUL, which libsodium checks at run time.
public enum Cipher: String, CaseIterable, Sendable {
    case xchacha20poly1305
    case aes256gcm

    public static let keyLength = 32
    public static let tagLength = 16

    /// The nonce length of this cipher: 24 bytes for XChaCha20-Poly1305, 12 for AES-256-GCM.
    public var nonceLength: Int {
        switch self {
        case .xchacha20poly1305: return Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
        case .aes256gcm: return Int(crypto_aead_aes256gcm_NPUBBYTES)
        }
    }

    /// Whether this CPU can run the cipher (always true for XChaCha20-Poly1305).
    public var isAvailable: Bool {
        switch self {
        case .xchacha20poly1305: return true
        case .aes256gcm: return (try? Sodium.ensureInitialised()) != nil && crypto_aead_aes256gcm_is_available() == 1
        }
    }

    package func ensureAvailable() throws(CryptoError) {
        try Sodium.ensureInitialised()
        guard isAvailable else { throw .cipherUnavailable(self) }
    }
}
