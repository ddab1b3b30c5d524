import CArgon2Library

/// Argon2id (RFC 9106) through libargon2, with as many threads as lanes so that `p = 4` really
/// runs four ways in parallel (libsodium's own Argon2 only does one lane). libargon2 is opened
/// on the first derivation, not linked (see argon2_library.h).
public enum Argon2id {
    /// Argon2 version 1.3 (0x13), the only one RFC 9106 specifies.
    public static let version: UInt32 = 0x13
    /// The length of the key that wraps a vault's data key.
    public static let keyLength = 32
    /// The length of the random salt stored in the vault header.
    public static let saltLength = 16

    /// Derives the key-encryption key from a master password with validated parameters.
    public static func deriveKey(
        password: SecureBytes, salt: [UInt8], parameters: KDFParameters
    ) throws(CryptoError) -> SecureBytes {
        try parameters.validate()
        let key = try SecureBytes(count: keyLength)
        try password.withUnsafeBytes { (passwordBytes) throws(CryptoError) in
            try key.withUnsafeMutableBytes { (output) throws(CryptoError) in
                try hash(password: passwordBytes, salt: salt, parameters: parameters, into: output)
            }
        }
        return key
    }

    /// The raw Argon2id function, without the vault's parameter policy: the RFC test vectors
    /// use a 32 KiB memory cost, a secret and associated data.
    public static func hash(
        password: UnsafeRawBufferPointer, salt: [UInt8], secret: [UInt8] = [], associatedData: [UInt8] = [],
        parameters: KDFParameters, into output: UnsafeMutableRawBufferPointer
    ) throws(CryptoError) {
        if let failure = argon2_library_open() {
            throw .keyDerivationFailed(String(cString: failure))
        }
        func base(_ bytes: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
            bytes.isEmpty ? nil : bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        }
        let status = salt.withUnsafeBytes { saltBytes in
            secret.withUnsafeBytes { secretBytes in
                associatedData.withUnsafeBytes { adBytes in
                    argon2_library_argon2id(
                        base(password), UInt32(password.count), base(saltBytes), UInt32(saltBytes.count),
                        base(secretBytes), UInt32(secretBytes.count), base(adBytes), UInt32(adBytes.count),
                        parameters.iterations, parameters.memoryKiB, parameters.parallelism,
                        output.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(output.count))
                }
            }
        }
        guard status == 0 else {  // ARGON2_OK
            throw .keyDerivationFailed(String(cString: argon2_library_error_message(status)))
        }
    }
}
