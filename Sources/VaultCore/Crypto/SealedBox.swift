import CSodium

/// A nonce and the ciphertext it produced (the 16-byte tag is the ciphertext's last bytes).
public struct SealedBox: Equatable, Sendable {
    public var nonce: [UInt8]
    public var ciphertext: [UInt8]

    public init(nonce: [UInt8], ciphertext: [UInt8]) {
        self.nonce = nonce
        self.ciphertext = ciphertext
    }
}

extension Cipher {
    /// Encrypts `plaintext` under `key` with a fresh random nonce, binding `associatedData`.
    public func seal(
        _ plaintext: UnsafeRawBufferPointer, key: SecureBytes, associatedData: [UInt8]
    ) throws(CryptoError) -> SealedBox {
        try ensureAvailable()
        return try seal(plaintext, key: key, associatedData: associatedData, nonce: try Sodium.randomBytes(nonceLength))
    }

    /// Encrypts `plaintext` under `key` with `nonce`, which must never seal another plaintext
    /// under this key (an attachment's chunk: its nonce is derived from its content's id).
    func seal(
        _ plaintext: UnsafeRawBufferPointer, key: SecureBytes, associatedData: [UInt8], nonce: [UInt8]
    ) throws(CryptoError) -> SealedBox {
        try ensureAvailable()
        precondition(key.count == Cipher.keyLength && nonce.count == nonceLength)
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + Cipher.tagLength)
        var written: UInt64 = 0
        let message = plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let status = key.withUnsafeBytes { keyBytes in
            let keyPointer = keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            switch self {
            case .xchacha20poly1305:
                return crypto_aead_xchacha20poly1305_ietf_encrypt(
                    &ciphertext, &written, message, UInt64(plaintext.count),
                    associatedData, UInt64(associatedData.count), nil, nonce, keyPointer)
            case .aes256gcm:
                return crypto_aead_aes256gcm_encrypt(
                    &ciphertext, &written, message, UInt64(plaintext.count),
                    associatedData, UInt64(associatedData.count), nil, nonce, keyPointer)
            }
        }
        guard status == 0, Int(written) == ciphertext.count else { throw .encryptionFailed }
        return SealedBox(nonce: nonce, ciphertext: ciphertext)
    }

    /// Decrypts and authenticates `box`; the plaintext lands in guarded memory. Any change to the
    /// nonce, the ciphertext, the tag or the associated data fails with `.authenticationFailed`.
    public func open(
        _ box: SealedBox, key: SecureBytes, associatedData: [UInt8]
    ) throws(CryptoError) -> SecureBytes {
        guard box.ciphertext.count >= Cipher.tagLength else { throw .authenticationFailed }
        let plaintext = try SecureBytes(count: box.ciphertext.count - Cipher.tagLength)
        try plaintext.withUnsafeMutableBytes { (output) throws(CryptoError) in
            try open(box, key: key, associatedData: associatedData, into: output)
        }
        return plaintext
    }

    /// Decrypts and authenticates `box` into the start of `output` (memory of the caller's,
    /// guarded unless the plaintext is no secret, with room for the ciphertext less its tag),
    /// as `open` does.
    public func open(
        _ box: SealedBox, key: SecureBytes, associatedData: [UInt8], into output: UnsafeMutableRawBufferPointer
    ) throws(CryptoError) {
        try ensureAvailable()
        guard key.count == Cipher.keyLength, box.nonce.count == nonceLength, box.ciphertext.count >= Cipher.tagLength,
              output.count >= box.ciphertext.count - Cipher.tagLength
        else { throw .authenticationFailed }
        var written: UInt64 = 0
        // A buffer of no bytes may have no address: libsodium writes nothing to the spare byte.
        var spare: UInt8 = 0
        let status = withUnsafeMutablePointer(to: &spare) { sparePointer in key.withUnsafeBytes { keyBytes in
            let keyPointer = keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let out = output.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? sparePointer
            switch self {
            case .xchacha20poly1305:
                return crypto_aead_xchacha20poly1305_ietf_decrypt(
                    out, &written, nil, box.ciphertext, UInt64(box.ciphertext.count),
                    associatedData, UInt64(associatedData.count), box.nonce, keyPointer)
            case .aes256gcm:
                return crypto_aead_aes256gcm_decrypt(
                    out, &written, nil, box.ciphertext, UInt64(box.ciphertext.count),
                    associatedData, UInt64(associatedData.count), box.nonce, keyPointer)
            }
        } }
        guard status == 0, Int(written) == box.ciphertext.count - Cipher.tagLength else { throw .authenticationFailed }
    }
}
