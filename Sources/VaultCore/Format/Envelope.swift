import FoundationEssentials

/// The vault file: a readable JSON header (format, version, id, cipher, KDF parameters, salt,
/// the wrapped data key) and the encrypted payload. The layout is canonical (`render()`), and a
/// file that is not byte-for-byte its own canonical rendering is refused, so that no change to
/// any byte of the file, not even to white space, goes unnoticed. See docs/format.md.
public struct Envelope: Equatable, Sendable {
    public static let formatName = "vault"
    /// The version every write produces. Version 1 bound the payload to the id and cipher only;
    /// version 2 binds it to the whole header, the wrapped data key included; version 3 has the
    /// layout of version 2 and adds entry types and one-time passwords to the entries, which a
    /// reader of version 2 would drop; version 4 gives entries ids and per-part change stamps,
    /// and ends the payload with the vault's state line (clock, tombstones), which a reader of
    /// version 3 would lose.
    public static let currentVersion = 4

    /// The format version of this file; an older file becomes the current version at its next write.
    public var version: Int
    /// A random UUID fixed at `vault init`; ties cached keys and the payload to this vault.
    public var id: String
    public var cipher: Cipher
    public var kdf: KDFParameters
    public var salt: [UInt8]
    /// The 256-bit data key, encrypted under the Argon2id key with `keyWrapAssociatedData`.
    public var dataKey: SealedBox
    /// The padded entries, encrypted under the data key with `payloadAssociatedData`.
    public var payload: SealedBox

    public init(
        version: Int = currentVersion, id: String, cipher: Cipher, kdf: KDFParameters, salt: [UInt8], dataKey: SealedBox,
        payload: SealedBox
    ) {
        self.version = version
        self.id = id
        self.cipher = cipher
        self.kdf = kdf
        self.salt = salt
        self.dataKey = dataKey
        self.payload = payload
    }

    /// Whether `other` derives its key-encryption key the same way (same vault, salt and KDF):
    /// then a key derived for one is the key of the other.
    public func derivesKeyLike(_ other: Envelope) -> Bool {
        id == other.id && salt == other.salt && kdf == other.kdf
    }

    /// Everything in the header but the wrapped key itself, bound to the wrapped key.
    public var keyWrapAssociatedData: [UInt8] {
        Array(("vault data key v\(version)\n" + headerLines).utf8)
    }

    /// What the payload is bound to. Version 2: the whole header, the wrapped data key
    /// included, so that no header and payload of different writes combine. Version 1 (read
    /// only): the id and cipher alone.
    public var payloadAssociatedData: [UInt8] {
        guard version >= 2 else {
            return Array("vault payload v1\nid=\(id)\ncipher=\(cipher.rawValue)\n".utf8)
        }
        return Array(("""
            vault payload v\(version)
            \(headerLines)data_key_nonce=\(Sodium.base64Encode(dataKey.nonce))
            data_key=\(Sodium.base64Encode(dataKey.ciphertext))

            """).utf8)
    }

    /// The id, cipher, KDF and salt, one `name=value` line each.
    private var headerLines: String {
        """
        id=\(id)
        cipher=\(cipher.rawValue)
        kdf=argon2id v=\(Argon2id.version) m=\(kdf.memoryKiB) t=\(kdf.iterations) p=\(kdf.parallelism)
        salt=\(Sodium.base64Encode(salt))

        """
    }

    /// The canonical text of the file.
    public func render() -> [UInt8] {
        renderedPrefix() + Base64.encode(payload.ciphertext) + Self.renderedSuffix
    }

    /// Everything up to the payload's ciphertext: the header and the payload nonce.
    private func renderedPrefix() -> [UInt8] {
        func box(_ name: String, _ sealed: SealedBox) -> String {
            """
              "\(name)": {
                "nonce": "\(Sodium.base64Encode(sealed.nonce))",
                "ciphertext": "\(Sodium.base64Encode(sealed.ciphertext))"
              },

            """
        }
        let text = """
        {
          "format": "\(Self.formatName)",
          "version": \(version),
          "id": "\(id)",
          "cipher": "\(cipher.rawValue)",
          "kdf": {
            "algorithm": "argon2id",
            "version": \(Argon2id.version),
            "memory_kib": \(kdf.memoryKiB),
            "iterations": \(kdf.iterations),
            "parallelism": \(kdf.parallelism),
            "salt": "\(Sodium.base64Encode(salt))"
          },

        """ + box("data_key", dataKey) + """
          "payload": {
            "nonce": "\(Sodium.base64Encode(payload.nonce))",
            "ciphertext": "
        """
        return Array(text.utf8)
    }

    private static let renderedSuffix = Array("\"\n  }\n}\n".utf8)

    /// Parses a vault file, checking format and version before anything else is trusted, and
    /// refusing a file that is not exactly its own canonical rendering. The large payload
    /// ciphertext is cut out first, so JSON parsing and the canonical check cost the same for a
    /// vault of ten entries as for one of a hundred thousand.
    public static func parse(_ bytes: [UInt8]) throws(FormatError) -> Envelope {
        let payloadText = payloadCiphertextRange(in: bytes)
        let header = payloadText.map { Array(bytes[..<$0.lowerBound]) + bytes[$0.upperBound...] } ?? bytes
        let document: EnvelopeDocument
        do {
            document = try JSONDecoder().decode(EnvelopeDocument.self, from: Data(header))
        } catch {
            throw .notAVault
        }
        guard document.format == formatName else { throw .notAVault }
        guard let version = document.version, version >= 1 else { throw .corrupt("bad version") }
        guard version <= currentVersion else { throw .newerVersion(version) }
        guard let payloadText else { throw .corrupt("not in canonical form") }
        var envelope = try document.envelope(version: version)
        let ciphertext = bytes.withUnsafeBytes { Base64.decodeCanonical(UnsafeRawBufferPointer(rebasing: $0[payloadText])) }
        guard let ciphertext, ciphertext.count >= Cipher.tagLength else {
            throw .corrupt("bad payload")
        }
        envelope.payload.ciphertext = ciphertext
        guard envelope.renderedPrefix()[...] == bytes[..<payloadText.lowerBound],
              renderedSuffix[...] == bytes[payloadText.upperBound...]
        else { throw .corrupt("not in canonical form") }
        return envelope
    }

    /// Where the payload ciphertext's Base64 text is, if the file has the canonical shape: after
    /// the second `"ciphertext": "` (the first is the wrapped key's), up to the closing quote
    /// that starts the canonical ending. Only the small header is scanned.
    private static func payloadCiphertextRange(in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count > renderedSuffix.count, bytes.suffix(renderedSuffix.count).elementsEqual(renderedSuffix) else {
            return nil
        }
        let marker = Array("\"ciphertext\": \"".utf8)
        var start = 0
        for _ in 0..<2 {
            guard let found = bytes[start...].firstRange(of: marker) else { return nil }
            start = found.upperBound
        }
        let end = bytes.count - renderedSuffix.count
        return start <= end ? start..<end : nil
    }
}

/// The JSON shape of the file, with every field optional so that format and version can be
/// checked before the rest is required.
private struct EnvelopeDocument: Decodable {
    struct KDF: Decodable {
        var algorithm: String
        var version: UInt32
        var memory_kib: UInt32
        var iterations: UInt32
        var parallelism: UInt32
        var salt: String
    }
    struct Box: Decodable {
        var nonce: String
        var ciphertext: String
    }
    var format: String?
    var version: Int?
    var id: String?
    var cipher: String?
    var kdf: KDF?
    var data_key: Box?
    var payload: Box?

    func envelope(version: Int) throws(FormatError) -> Envelope {
        guard let id, UUID(uuidString: id) != nil, id == id.lowercased() else { throw .corrupt("bad id") }
        guard let cipherName = cipher, let cipher = Cipher(rawValue: cipherName) else {
            throw .corrupt("unknown cipher")
        }
        guard let kdf, kdf.algorithm == "argon2id", kdf.version == Argon2id.version else {
            throw .corrupt("unknown key derivation")
        }
        let parameters = KDFParameters(memoryKiB: kdf.memory_kib, iterations: kdf.iterations, parallelism: kdf.parallelism)
        do { try parameters.validate() } catch { throw .corrupt("key derivation parameters out of range") }
        guard let salt = Sodium.base64Decode(kdf.salt), salt.count == Argon2id.saltLength else {
            throw .corrupt("bad salt")
        }
        guard let dataKey = data_key.flatMap({ $0.sealed(for: cipher) }) else { throw .corrupt("bad data key") }
        guard let payload, let nonce = Sodium.base64Decode(payload.nonce), nonce.count == cipher.nonceLength,
              payload.ciphertext.isEmpty
        else { throw .corrupt("bad payload") }
        return Envelope(
            version: version, id: id, cipher: cipher, kdf: parameters, salt: salt, dataKey: dataKey,
            payload: SealedBox(nonce: nonce, ciphertext: []))
    }
}

extension EnvelopeDocument.Box {
    fileprivate func sealed(for cipher: Cipher) -> SealedBox? {
        guard let nonce = Sodium.base64Decode(nonce), nonce.count == cipher.nonceLength,
              let ciphertext = Sodium.base64Decode(ciphertext), ciphertext.count >= Cipher.tagLength
        else { return nil }
        return SealedBox(nonce: nonce, ciphertext: ciphertext)
    }
}
