import FoundationEssentials

/// The vault file: a readable JSON header (format, version, id, cipher, KDF parameters, salt,
/// the wrapped data key) and the encrypted body: one payload holding every entry (versions 1
/// to 4), or every entry sealed on its own (version 5, `SealedEntries`). The layout is
/// canonical (`render()`), and a file that is not byte-for-byte its own canonical rendering is
/// refused, so that no change to any byte of the file, not even to white space, goes
/// unnoticed. See docs/format.md.
public struct Envelope: Equatable, Sendable {
    public static let formatName = "vault"
    /// The version every write produces. Version 1 bound the payload to the id and cipher only;
    /// version 2 binds it to the whole header, the wrapped data key included; version 3 has the
    /// layout of version 2 and adds entry types and one-time passwords to the entries, which a
    /// reader of version 2 would drop; version 4 gives entries ids and per-part change stamps,
    /// and ends the payload with the vault's state line (clock, tombstones), which a reader of
    /// version 3 would lose; version 5 seals each entry on its own; version 6 adds attachments;
    /// version 7 puts the security event log's public key in the header (`logKey`) and its
    /// anchors in the seal; version 8 keeps the owner's team identities in the seal. Team vaults
    /// are versions 9 and 10 (`teamVersion`).
    public static let currentVersion = 8

    /// The newest version this reader knows.
    public static let newestVersion = 10

    /// The first version whose header holds the event log's public key.
    public static let firstVersionWithEventLog = 7

    /// What follows the header.
    public enum Body: Equatable, Sendable {
        /// Versions 1 to 4: the padded entries, encrypted under the data key with
        /// `payloadAssociatedData`.
        case payload(SealedBox)
        /// Version 5: each entry sealed on its own.
        case entries(SealedEntries)
        /// Version 5 read for lookups (`VaultFileLookup`): what comes before the entries, and
        /// where they are in the file, still unread. Such a header is never written.
        case unreadEntries(SealedEntries.Front)

        var isEntries: Bool {
            switch self {
            case .payload: false
            case .entries, .unreadEntries: true
            }
        }
    }

    /// The format version of this file; an older file becomes the current version at its next write.
    public var version: Int
    /// A random UUID fixed at `vault init`; ties cached keys and the payload to this vault.
    public var id: String
    public var cipher: Cipher
    public var kdf: KDFParameters
    public var salt: [UInt8]
    /// Version 7 on: the X25519 public key the security event log is sealed to
    /// (`SealedBoxKeyPair`, derived from the data key), readable without the password so that a
    /// failed attempt can be recorded; nil before version 7. `wrap(dataKey:with:)` sets it.
    public var logKey: [UInt8]?
    /// The 256-bit data key, encrypted under the Argon2id key with `keyWrapAssociatedData`.
    public var dataKey: SealedBox
    /// A team vault's data key sealed for each of its members, in the order of their recipient
    /// ids (version 9); nil for a personal vault. A team vault has no master password: its
    /// `kdf`, `salt` and `dataKey` are placeholders that are neither written nor read.
    public var members: [MemberKey]?
    public var body: Body

    public init(
        version: Int = currentVersion, id: String, cipher: Cipher, kdf: KDFParameters, salt: [UInt8], logKey: [UInt8]? = nil,
        dataKey: SealedBox, body: Body
    ) {
        self.version = version
        self.id = id
        self.cipher = cipher
        self.kdf = kdf
        self.salt = salt
        self.logKey = logKey
        self.dataKey = dataKey
        self.body = body
    }

    /// Whether this version's header holds the event log's public key.
    var hasLogKey: Bool { version >= Self.firstVersionWithEventLog }

    /// Whether `other` derives its key-encryption key the same way (same vault, salt and KDF):
    /// then a key derived for one is the key of the other.
    public func derivesKeyLike(_ other: Envelope) -> Bool {
        id == other.id && salt == other.salt && kdf == other.kdf
    }

    /// Whether `other` has this header byte for byte (whatever the bodies): the same vault,
    /// version, key derivation and wrapped data key, so the keys of one are the other's.
    public func hasHeader(of other: Envelope) -> Bool {
        renderedHeader() == other.renderedHeader()
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
        return Array(("vault payload v\(version)\n" + headerLines + dataKeyLines).utf8)
    }

    /// The id, cipher, KDF and salt, one `name=value` line each, and from version 7 the log key;
    /// a team vault's id and cipher, a `member=` line for each member's sealed key, and the log key.
    var headerLines: String {
        if let members { return teamHeaderLines(members) }
        return """
        id=\(id)
        cipher=\(cipher.rawValue)
        kdf=argon2id v=\(Argon2id.version) m=\(kdf.memoryKiB) t=\(kdf.iterations) p=\(kdf.parallelism)
        salt=\(Sodium.base64Encode(salt))

        """ + (hasLogKey ? "log_key=\(Sodium.base64Encode(requiredLogKey))\n" : "")
    }

    /// The log key of a header of version 7 on, which always has one once wrapped.
    private var requiredLogKey: [UInt8] {
        guard let logKey else { preconditionFailure("a version \(version) header has its log key set by wrap(dataKey:with:)") }
        return logKey
    }

    /// The wrapped data key as the header stores it, one `name=value` line each, for what is
    /// bound to one write's header.
    var dataKeyLines: String {
        guard members == nil else { return "" }
        return "data_key_nonce=\(Sodium.base64Encode(dataKey.nonce))\ndata_key=\(Sodium.base64Encode(dataKey.ciphertext))\n"
    }

    /// The canonical text of the file.
    public func render() -> [UInt8] {
        precondition((version >= 5) == (body.isEntries), "the body of a version \(version) file is the other version's")
        switch body {
        case .payload(let payload):
            return renderedHeader() + Array(Self.payloadStart.utf8) + Array(payloadNonce(payload).utf8) + Self.payloadMiddle
                + Base64.encode(payload.ciphertext) + Self.renderedSuffix
        case .entries(let entries):
            return entries.render(after: renderedHeader())
        case .unreadEntries:
            preconditionFailure("a vault file read for lookups is never written")
        }
    }

    /// The header as the file starts: every member up to the wrapped data key, whose closing
    /// brace ends it (the comma after it belongs to what follows).
    func renderedHeader() -> [UInt8] {
        if let members { return renderedTeamHeader(members) }
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
          },\(hasLogKey ? "\n  \"log_key\": \"\(Sodium.base64Encode(requiredLogKey))\"," : "")
          "data_key": {
            "nonce": "\(Sodium.base64Encode(dataKey.nonce))",
            "ciphertext": "\(Sodium.base64Encode(dataKey.ciphertext))"
          },
        """
        return Array(text.utf8)
    }

    /// Versions 1 to 4: what comes between the header and the payload's ciphertext.
    private static let payloadStart = "\n  \"payload\": {\n    \"nonce\": \""
    private static let payloadMiddle = Array("\",\n    \"ciphertext\": \"".utf8)
    private static let renderedSuffix = Array("\"\n  }\n}\n".utf8)

    private func payloadNonce(_ payload: SealedBox) -> String { Sodium.base64Encode(payload.nonce) }

    /// Parses a vault file, checking format and version before anything else is trusted, and
    /// refusing a file that is not exactly its own canonical rendering. The header is read by
    /// its canonical layout, or parsed as JSON when it is not in it (`parseHeader`); the body,
    /// which can be tens of megabytes, is read by its exact layout, so the header and the
    /// canonical check cost the same for a vault of ten entries as for one of a hundred
    /// thousand. The records of a version 5 body are decoded in parallel by `work`.
    public static func parse(_ bytes: [UInt8], work: ParallelWork = .serial) throws(FormatError) -> Envelope {
        var (envelope, bodyStart) = try parseHeader(bytes)
        let rest = bytes[bodyStart...]
        if envelope.version >= 5 {
            envelope.body = .entries(try SealedEntries.parse(rest, cipher: envelope.cipher, work: work))
        } else {
            envelope.body = .payload(try parsePayload(rest, cipher: envelope.cipher))
        }
        return envelope
    }

    /// The header of a vault file, its body left empty: what a writer that reads the body on
    /// its own terms (`SealedFileEdit`, or `parse` afterwards) checks its keys against.
    public static func header(of bytes: [UInt8]) throws(FormatError) -> Envelope {
        try parseHeader(bytes).envelope
    }

    /// The header of the file whose first bytes are `bytes` (the whole file, or as much of it
    /// as holds the header), and the offset where the body starts; the body is left empty.
    ///
    /// Every file vault wrote has its header in the canonical layout: it is read by that layout
    /// first, as the body is (a JSON decoder would cost more than the rest of a `get`); a header
    /// in any other shape, or with a value the checks refuse, is left to the JSON reader, which
    /// says what is wrong with it.
    static func parseHeader(_ bytes: [UInt8]) throws(FormatError) -> (envelope: Envelope, bodyStart: Int) {
        if let header = canonicalHeader(bytes) { return header }
        if let header = try parseTeamHeader(bytes) { return header }
        return try headerAsJSON(bytes)
    }

    /// The header read as JSON, whatever its layout, then held to the canonical one.
    static func headerAsJSON(_ bytes: [UInt8]) throws(FormatError) -> (envelope: Envelope, bodyStart: Int) {
        let headerEnd = bytes.firstRange(of: Array("\n  \"data_key\": {".utf8)).flatMap { start in
            bytes[start.upperBound...].firstRange(of: Array("\n  },".utf8)).map { $0.upperBound - 1 }
        }
        // The header alone as a JSON object; without the expected shape, the whole file (so
        // that format and version are still read from whatever it is).
        let header = headerEnd.map { Array(bytes[..<$0]) + Array("\n}".utf8) } ?? bytes
        let document: EnvelopeDocument
        do {
            document = try JSONDecoder().decode(EnvelopeDocument.self, from: Data(header))
        } catch {
            throw .notAVault
        }
        guard document.format == formatName else { throw .notAVault }
        guard let version = document.version, version >= 1 else { throw .corrupt("bad version") }
        guard version <= newestVersion else { throw .newerVersion(version) }
        guard version <= currentVersion, let headerEnd else { throw .corrupt("not in canonical form") }
        let envelope = try document.envelope(version: version)
        guard envelope.renderedHeader()[...] == bytes[...headerEnd] else { throw .corrupt("not in canonical form") }
        return (envelope, headerEnd + 1)
    }

    /// The header read by the exact layout `renderedHeader()` writes, when it is a header of a
    /// version this reader knows whose values pass the checks and render back to the same bytes;
    /// nil otherwise.
    static func canonicalHeader(_ bytes: [UInt8]) -> (envelope: Envelope, bodyStart: Int)? {
        guard let (document, version, headerEnd) = canonicalFields(bytes), version >= 1, version <= currentVersion,
              let envelope = try? document.envelope(version: version), envelope.renderedHeader()[...] == bytes[...headerEnd]
        else { return nil }
        return (envelope, headerEnd + 1)
    }

    /// The header's fields read by the exact layout `renderedHeader()` writes, its version, and
    /// the offset of its last byte (the `,` after `data_key`); nil for a header laid out in any
    /// other way. Its values are checked afterwards, the layout again by rendering them.
    private static func canonicalFields(_ bytes: [UInt8]) -> (EnvelopeDocument, version: Int, end: Int)? {
        var reader = BodyText.Reader(text: bytes[...])
        func field(after literal: String, until terminator: Unicode.Scalar) throws(FormatError) -> String {
            try reader.expect(literal)
            return String(decoding: try reader.until(UInt8(ascii: terminator)), as: UTF8.self)
        }
        do {
            let version = Int(try field(after: "{\n  \"format\": \"\(formatName)\",\n  \"version\": ", until: ","))
            let id = try field(after: ",\n  \"id\": \"", until: "\"")
            let cipher = try field(after: "\",\n  \"cipher\": \"", until: "\"")
            let kdfVersion = UInt32(try field(after: "\",\n  \"kdf\": {\n    \"algorithm\": \"argon2id\",\n    \"version\": ", until: ","))
            let memory = UInt32(try field(after: ",\n    \"memory_kib\": ", until: ","))
            let iterations = UInt32(try field(after: ",\n    \"iterations\": ", until: ","))
            let parallelism = UInt32(try field(after: ",\n    \"parallelism\": ", until: ","))
            let salt = try field(after: ",\n    \"salt\": \"", until: "\"")
            try reader.expect("\"\n  },")
            let logKey = (version ?? 0) >= firstVersionWithEventLog ? try field(after: "\n  \"log_key\": \"", until: "\"") : nil
            if logKey != nil { try reader.expect("\",") }
            let nonce = try field(after: "\n  \"data_key\": {\n    \"nonce\": \"", until: "\"")
            let ciphertext = try field(after: "\",\n    \"ciphertext\": \"", until: "\"")
            try reader.expect("\"\n  },")
            guard let version, let kdfVersion, let memory, let iterations, let parallelism else { return nil }
            let kdf = EnvelopeDocument.KDF(algorithm: "argon2id", version: kdfVersion, memory_kib: memory, iterations: iterations,
                                           parallelism: parallelism, salt: salt)
            let document = EnvelopeDocument(format: formatName, version: version, id: id, cipher: cipher, kdf: kdf, log_key: logKey,
                                            data_key: EnvelopeDocument.Box(nonce: nonce, ciphertext: ciphertext))
            return (document, version, reader.text.startIndex - 1)
        } catch {
            return nil
        }
    }

    /// The payload of versions 1 to 4 from the text after the header, which must be exactly
    /// `"payload": {"nonce": …, "ciphertext": …}` and the file's end in the canonical layout.
    private static func parsePayload(_ text: ArraySlice<UInt8>, cipher: Cipher) throws(FormatError) -> SealedBox {
        var reader = BodyText.Reader(text: text)
        try reader.expect(payloadStart)
        let nonceText = try reader.until(UInt8(ascii: "\""))
        guard let nonce = nonceText.withUnsafeBytes({ Base64.decodeCanonical($0) }), nonce.count == cipher.nonceLength else {
            throw .corrupt("bad payload")
        }
        guard text.count >= renderedSuffix.count, text.suffix(renderedSuffix.count).elementsEqual(renderedSuffix) else {
            throw .corrupt("not in canonical form")
        }
        let afterNonce = reader.text
        guard afterNonce.starts(with: payloadMiddle), afterNonce.count >= payloadMiddle.count + renderedSuffix.count else {
            throw .corrupt("not in canonical form")
        }
        let ciphertextText = afterNonce.dropFirst(payloadMiddle.count).dropLast(renderedSuffix.count)
        guard let ciphertext = ciphertextText.withUnsafeBytes({ Base64.decodeCanonical($0) }), ciphertext.count >= Cipher.tagLength else {
            throw .corrupt("bad payload")
        }
        return SealedBox(nonce: nonce, ciphertext: ciphertext)
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
    var log_key: String?
    var data_key: Box?

    func envelope(version: Int) throws(FormatError) -> Envelope {
        guard let id, LowercaseUUID.isValid(id) else { throw .corrupt("bad id") }
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
        var logKey: [UInt8]?
        if version >= Envelope.firstVersionWithEventLog {
            guard let key = log_key.flatMap(Sodium.base64Decode), key.count == SealedBoxKeyPair.publicKeyLength else { throw .corrupt("bad log key") }
            logKey = key
        } else if log_key != nil {
            throw .corrupt("not in canonical form")
        }
        guard let dataKey = data_key.flatMap({ $0.sealed(for: cipher) }) else { throw .corrupt("bad data key") }
        return Envelope(
            version: version, id: id, cipher: cipher, kdf: parameters, salt: salt, logKey: logKey, dataKey: dataKey,
            body: .payload(SealedBox(nonce: [], ciphertext: [])))
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
