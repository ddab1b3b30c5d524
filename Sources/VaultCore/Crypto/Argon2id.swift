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
        var salt = salt
        var secret = secret
        var associatedData = associatedData
        let status: Int32 = salt.withUnsafeMutableBufferPointer { saltBuffer in
            secret.withUnsafeMutableBufferPointer { secretBuffer in
                associatedData.withUnsafeMutableBufferPointer { adBuffer in
                    var context = argon2_context(
                        out: output.baseAddress?.assumingMemoryBound(to: UInt8.self),
                        outlen: UInt32(output.count),
                        pwd: UnsafeMutablePointer(mutating: password.baseAddress?.assumingMemoryBound(to: UInt8.self)),
                        pwdlen: UInt32(password.count),
                        salt: saltBuffer.baseAddress, saltlen: UInt32(saltBuffer.count),
                        secret: secretBuffer.isEmpty ? nil : secretBuffer.baseAddress,
                        secretlen: UInt32(secretBuffer.count),
                        ad: adBuffer.isEmpty ? nil : adBuffer.baseAddress, adlen: UInt32(adBuffer.count),
                        t_cost: parameters.iterations, m_cost: parameters.memoryKiB,
                        lanes: parameters.parallelism, threads: parameters.parallelism,
                        version: version, allocate_cbk: nil, free_cbk: nil,
                        flags: 0)  // ARGON2_DEFAULT_FLAGS: keep the caller's password buffer intact
                    return argon2_library_ctx(&context, Argon2_id)
                }
            }
        }
        guard status == ARGON2_OK.rawValue else {
            throw .keyDerivationFailed(String(cString: argon2_library_error_message(status)))
        }
    }
}
