/// The key hierarchy on top of the envelope: an Argon2id key-encryption key wraps a random data
/// key, and the data key encrypts the entries.
extension Envelope {
    /// A new, empty vault sealed under a fresh data key, which is returned with it.
    public static func create(
        id: String, cipher: Cipher, kdf: KDFParameters, keyEncryptionKey: SecureBytes, salt: [UInt8]
    ) throws -> (Envelope, dataKey: SecureBytes) {
        let dataKey = try SecureBytes.random(count: Cipher.keyLength)
        let empty = SealedBox(nonce: [], ciphertext: [])
        var envelope = Envelope(id: id, cipher: cipher, kdf: kdf, salt: salt, dataKey: empty, body: .payload(empty))
        try envelope.wrap(dataKey: dataKey, with: keyEncryptionKey)
        try envelope.sealEntries(try EntryTable(content: try SecureBytes(count: 0), length: 0), dataKey: dataKey)
        return (envelope, dataKey)
    }

    /// Readies the header for a write and returns the data key to seal the payload with: the
    /// data key is wrapped again with a fresh nonce, so that every write has a header of its
    /// own and no payload combines with the header of another write. A file of an older
    /// version is brought to the current one; a version 1 file gets a fresh data key, since
    /// version 1's `passwd` kept its data key for life.
    public mutating func prepareForWrite(keys: VaultKeys) throws(CryptoError) -> SecureBytes {
        if isTeam {
            // A team vault's member keys stay as they are until its members change.
            version = Self.teamVersion
            logKey = try SealedBoxKeyPair(dataKey: keys.dataKey).publicKey
            return keys.dataKey
        }
        var dataKey = keys.dataKey
        if version < 2 {
            dataKey = try SecureBytes.random(count: Cipher.keyLength)
        }
        version = Self.currentVersion
        try wrap(dataKey: dataKey, with: keys.keyEncryptionKey)
        return dataKey
    }

    /// Encrypts `dataKey` under `keyEncryptionKey`, bound to the current header fields; from
    /// version 7, the header's log key becomes the one of `dataKey` first, so that the wrapped
    /// key authenticates it.
    public mutating func wrap(dataKey: SecureBytes, with keyEncryptionKey: SecureBytes) throws(CryptoError) {
        logKey = hasLogKey ? try SealedBoxKeyPair(dataKey: dataKey).publicKey : nil
        let associatedData = keyWrapAssociatedData
        self.dataKey = try dataKey.withUnsafeBytes { (bytes) throws(CryptoError) in
            try cipher.seal(bytes, key: keyEncryptionKey, associatedData: associatedData)
        }
    }

    /// The data key, if `keyEncryptionKey` is the right one and the header is intact.
    public func unwrapDataKey(with keyEncryptionKey: SecureBytes) throws(CryptoError) -> SecureBytes {
        let key = try cipher.open(dataKey, key: keyEncryptionKey, associatedData: keyWrapAssociatedData)
        guard key.count == Cipher.keyLength else { throw .authenticationFailed }
        return key
    }

    /// Versions 2 to 4, which vault reads but no longer writes (its tests and fuzzers make
    /// such files): pads `content` and encrypts it as the payload, with a fresh nonce, bound to
    /// the header as it is now (so the data key must be wrapped first).
    mutating func sealPayload(_ content: UnsafeRawBufferPointer, dataKey: SecureBytes) throws(CryptoError) {
        var scratch = try SecureBytes(count: Padding.paddedLength(for: content.count))
        body = .payload(try sealPadded(content, minimum: Padding.minimumLength, key: dataKey, associatedData: payloadAssociatedData, in: &scratch))
    }

    /// Versions 1 to 4: decrypts the payload: the padded plaintext, and the length of the
    /// content before the padding.
    func openPayload(dataKey: SecureBytes) throws(VaultOpenError) -> (padded: SecureBytes, length: Int) {
        guard case .payload(let payload) = body else { preconditionFailure("a version 5 body has no payload") }
        let padded: SecureBytes
        do {
            padded = try cipher.open(payload, key: dataKey, associatedData: payloadAssociatedData)
        } catch {
            throw .tampered
        }
        guard let length = padded.withUnsafeBytes({ Padding.contentLength(of: $0) }) else {
            throw .tampered
        }
        return (padded, length)
    }
}
