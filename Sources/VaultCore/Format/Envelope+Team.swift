/// The header of a team vault (format version 9): the id and cipher, then each member's
/// sealed data key where a personal vault has its key derivation and wrapped key, then the
/// event log's key. See docs/format.md, "Vault file, format version 9 (team vaults)".
extension Envelope {
    /// The version every write of a team vault produces (personal vaults stay at
    /// `currentVersion`): version 10 signs each entry and the tombstones by their writer
    /// (`Authorship`), which version 9 did not.
    public static let teamVersion = 10
    /// The first version of team vaults.
    static let firstTeamVersion = 9

    /// Whether each entry and the tombstones of this file carry their writer's signature
    /// (`Authorship`): a team vault of version 10 on.
    var signsParts: Bool { isTeam && version >= 10 }

    /// Whether this is a team vault's header.
    public var isTeam: Bool { members != nil }

    /// The header of a team vault of `id` whose data key `dataKey` is sealed for each of
    /// `members`, with an empty body: `sealEntries` gives it one.
    public static func teamHeader(id: String, cipher: Cipher, dataKey: SecureBytes, members: TeamMembers) throws -> Envelope {
        let empty = SealedBox(nonce: [], ciphertext: [])
        var envelope = Envelope(version: teamVersion, id: id, cipher: cipher, kdf: KDFParameters(memoryKiB: 0, iterations: 0, parallelism: 0),
                                salt: [], dataKey: empty, body: .payload(empty))
        envelope.members = MemberKey.inOrder(try members.members.map { (member) throws in
            try MemberKey(sealing: dataKey, to: member.identity, vaultID: id)
        })
        envelope.logKey = try SealedBoxKeyPair(dataKey: dataKey).publicKey
        return envelope
    }

    /// This team header with `dataKey` (its own) sealed for exactly `members`: the sealed keys
    /// of those it has already are kept as they are, the others sealed now, and those of
    /// anyone else dropped.
    public func sealingDataKey(_ dataKey: SecureBytes, for members: TeamMembers) throws -> Envelope {
        let kept = Dictionary((self.members ?? []).map { ($0.recipient, $0) }, uniquingKeysWith: { first, _ in first })
        var changed = self
        changed.members = MemberKey.inOrder(try members.members.map { (member) throws in
            try kept[MemberKey.recipient(of: member.identity, vaultID: id)] ?? MemberKey(sealing: dataKey, to: member.identity, vaultID: id)
        })
        return changed
    }

    /// A team header's lines of what the seal is bound to.
    func teamHeaderLines(_ members: [MemberKey]) -> String {
        "id=\(id)\ncipher=\(cipher.rawValue)\n" + members.map { "member=" + String(decoding: $0.text, as: UTF8.self) + "\n" }.joined()
            + "log_key=\(Sodium.base64Encode(logKey ?? []))\n"
    }

    /// A team header's text, up to the `,` after its log key.
    func renderedTeamHeader(_ members: [MemberKey]) -> [UInt8] {
        var text = Array("""
            {
              "format": "\(Self.formatName)",
              "version": \(version),
              "id": "\(id)",
              "cipher": "\(cipher.rawValue)",
              "members": 
            """.utf8)
        BodyText.appendList(members.map { $0.text[...] }, to: &text)
        return text + Array(",\n  \"log_key\": \"\(Sodium.base64Encode(logKey ?? []))\",".utf8)
    }

    /// The header of a team vault read by its exact layout, and the offset where its body
    /// starts; nil when `bytes` do not start as a team vault's header.
    static func parseTeamHeader(_ bytes: [UInt8]) throws(FormatError) -> (envelope: Envelope, bodyStart: Int)? {
        var reader = BodyText.Reader(text: bytes[...])
        func field(after literal: String, until terminator: Unicode.Scalar) throws(FormatError) -> String {
            try reader.expect(literal)
            return String(decoding: try reader.until(UInt8(ascii: terminator)), as: UTF8.self)
        }
        let version: Int?, id: String, cipherName: String
        do {
            version = Int(try field(after: "{\n  \"format\": \"\(formatName)\",\n  \"version\": ", until: ","))
            id = try field(after: ",\n  \"id\": \"", until: "\"")
            cipherName = try field(after: "\",\n  \"cipher\": \"", until: "\"")
            try reader.expect("\",\n  \"members\": ")
        } catch {
            return nil
        }
        guard let version, version >= firstTeamVersion else { throw .corrupt("not in canonical form") }
        guard version <= newestVersion else { throw .newerVersion(version) }
        guard LowercaseUUID.isValid(id) else { throw .corrupt("bad id") }
        guard let cipher = Cipher(rawValue: cipherName) else { throw .corrupt("unknown cipher") }
        var members: [MemberKey] = []
        for line in try reader.list() {
            guard let member = MemberKey(text: line) else { throw .corrupt("bad member key") }
            if let last = members.last, !last.recipient.lexicographicallyPrecedes(member.recipient) {
                throw .corrupt("the member keys are not in the order of their recipients, or one appears twice")
            }
            members.append(member)
        }
        guard !members.isEmpty else { throw .corrupt("a team vault without members") }
        let logKeyText = try field(after: ",\n  \"log_key\": \"", until: "\"")
        try reader.expect("\",")
        guard let logKey = Sodium.base64Decode(logKeyText), logKey.count == SealedBoxKeyPair.publicKeyLength else {
            throw .corrupt("bad log key")
        }
        let empty = SealedBox(nonce: [], ciphertext: [])
        var envelope = Envelope(version: version, id: id, cipher: cipher, kdf: KDFParameters(memoryKiB: 0, iterations: 0, parallelism: 0),
                                salt: [], logKey: logKey, dataKey: empty, body: .payload(empty))
        envelope.members = members
        let end = reader.text.startIndex
        guard envelope.renderedHeader()[...] == bytes[..<end] else { throw .corrupt("not in canonical form") }
        return (envelope, end)
    }

    /// The change log of members a team vault's seal (`content`) holds, checked against this
    /// header: every member has one sealed key and every sealed key is a member's, so that a key
    /// sealed for someone the log does not let in is refused. Nil for a personal vault, whose
    /// seal holds no log (as a team vault's holds no identities).
    func checkedTeam(_ content: SealContent) throws -> TeamLog? {
        guard let members else {
            guard content.team == nil else { throw VaultOpenError.malformedPayload("a personal vault's seal holds a member list") }
            return nil
        }
        guard content.identities == nil else { throw VaultOpenError.malformedPayload("a team vault's seal holds identities") }
        guard let text = content.team, let bytes = Sodium.base64Decode(text) else {
            throw VaultOpenError.malformedPayload("the team vault's seal holds no member list")
        }
        let log = try TeamLog(text: bytes, vaultID: id)
        let expected = log.state.members.map { MemberKey.recipient(of: $0.identity, vaultID: id) }
            .sorted { $0.lexicographicallyPrecedes($1) }
        guard members.map(\.recipient) == expected else { throw VaultOpenError.keysNotTheMembers }
        return log
    }

    /// The change log of this team vault's members, read with `dataKey` from its seal (which
    /// authenticates the whole file's front): the body must have been read, whole or for
    /// lookups.
    public func teamLog(dataKey: SecureBytes) throws -> TeamLog? {
        guard isTeam else { return nil }
        let keys = try EntryKeys(dataKey: dataKey)
        let (seal, tombstones, pages): (SealedBox, SealedBox, [[UInt8]])
        switch body {
        case .entries(let entries): (seal, tombstones, pages) = (entries.seal, entries.tombstones, entries.pages)
        case .unreadEntries(let front): (seal, tombstones, pages) = (front.seal, front.tombstones, front.pages)
        case .payload: throw VaultOpenError.malformedPayload("a team vault's header without the body it needs")
        }
        return try checkedTeam(try openSeal(seal, tombstones: tombstones, pages: pages, keys: keys))
    }

    /// The data key of this team header, opened with whichever of `identities` it was sealed
    /// for; nil when it was sealed for none of them.
    public func teamDataKey(openedWith identities: [MemberIdentity]) -> SecureBytes? {
        guard let members else { return nil }
        for identity in identities {
            let recipient = MemberKey.recipient(of: identity.publicIdentity, vaultID: id)
            guard let member = members.first(where: { $0.recipient == recipient }),
                  let key = try? identity.open(member.sealed), key.count == Cipher.keyLength
            else { continue }
            return key
        }
        return nil
    }
}
