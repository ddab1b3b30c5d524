import FoundationEssentials

/// Version 5: each entry sealed on its own under the entry keys (`EntryKeys`), the tombstones
/// apart, and the seal that binds the header, the number of entries, the tombstones and every
/// page of records into one authenticated file.
extension Envelope {
    /// Entries and the tombstones are padded to at least this many bytes, so that small ones
    /// look alike.
    static let minimumRecordLength = 256

    /// What a record is bound to: this vault, its cipher and the record's slot, so that a
    /// record moved to another slot or taken from another vault does not open.
    /// `binding` is this vault's `entryBinding`, made once for all of its records.
    static func entryAssociatedData(binding: [UInt8], slot: [UInt8]) -> [UInt8] {
        var data = binding
        data.reserveCapacity(binding.count + 2 * slot.count + 1)
        data += BodyText.hex(slot)
        data.append(0x0A)
        return data
    }

    /// What the tombstones are bound to: this vault and its cipher.
    var tombstonesAssociatedData: [UInt8] {
        Array("vault tombstones v5\nid=\(id)\ncipher=\(cipher.rawValue)\n".utf8)
    }

    /// What the seal is bound to: the whole header of this write (the wrapped data key
    /// included, which a write wraps anew), the tombstones' box, and the digest of the page
    /// digests, which cover every record in its place (so a record added or dropped too).
    func sealAssociatedData(tombstones: SealedBox, pages: [[UInt8]]) -> [UInt8] {
        Array(("vault seal v5\n" + headerLines + dataKeyLines).utf8)
            + Array("tombstones=".utf8) + BodyText.boxText(tombstones) + Array("\npages=\(pages.count)\nroot=".utf8)
            + Base64.encode(SealedEntries.root(of: pages)) + [0x0A]
    }

    /// The entries of the file, decrypted with `dataKey` (unwrapped from this header, which
    /// that authenticated); the records of a version 5 body are checked and decrypted in
    /// parallel by `work`.
    public func openTable(dataKey: SecureBytes, work: ParallelWork = .serial) throws -> EntryTable {
        switch body {
        case .payload:
            let (payload, length) = try openPayload(dataKey: dataKey)
            return try EntryTable(content: payload, length: length)
        case .entries(let entries):
            return try openEntries(entries, dataKey: dataKey, work: work)
        case .unreadEntries:
            preconditionFailure("a vault file read for lookups is opened by VaultFileLookup")
        }
    }

    /// Opens every part of a version 5 body with `dataKey`: the page digests are checked
    /// against the records, the seal against the header and the pages, and every record and
    /// the tombstones are decrypted, each entry's name checked against its slot.
    private func openEntries(_ sealed: SealedEntries, dataKey: SecureBytes, work: ParallelWork) throws -> EntryTable {
        let keys = try EntryKeys(dataKey: dataKey)
        guard SealedEntries.pageDigests(of: sealed.records, pages: sealed.pages.count, work: work) == sealed.pages else {
            throw VaultOpenError.tampered
        }
        let state = try openState(seal: sealed.seal, tombstones: sealed.tombstones, pages: sealed.pages, keys: keys)
        return try table(of: sealed.records, state: state, tombstonesBox: sealed.tombstones, keys: keys, work: work)
    }

    /// The table of the entries of `records` (authenticated by their pages already) and
    /// `state`, whose tombstones were opened from `tombstonesBox`; each record decrypted and its
    /// entry's name checked against its slot, in parallel by `work`.
    func table(
        of records: [SealedEntries.Record], state: VaultState, tombstonesBox: SealedBox, keys: EntryKeys, work: ParallelWork = .serial
    ) throws -> EntryTable {
        // Every record into one buffer of guarded memory, each line where its record's plaintext starts.
        var starts: [Int] = []
        starts.reserveCapacity(records.count)
        var total = 0
        for record in records {
            starts.append(total)
            total += record.box.ciphertext.count - Cipher.tagLength
        }
        let content = try SecureBytes(count: total)
        let binding = entryBinding
        let ranges = try content.withUnsafeMutableBytes { (buffer) throws in
            // Each record decrypts into its own range of the buffer, so the parts share nothing they write.
            try work.map(Array(records.indices), minimumPartLength: SealedEntries.recordsPerPart) { (index) throws in
                let start = starts[index]
                let plaintext = UnsafeMutableRawBufferPointer(rebasing: buffer[start..<(start + records[index].box.ciphertext.count - Cipher.tagLength)])
                return start..<(start + (try openRecord(records[index], keys: keys, binding: binding, into: plaintext)))
            }
        }
        let origin = SealedOrigin(keys: keys, starts: starts, records: records, tombstones: state.deleted, tombstonesBox: tombstonesBox,
                                  signed: signsParts)
        return try EntryTable(content: content, lines: ranges, state: state, origin: origin, work: work)
    }

    /// The vault's state: the clock and keys stamp of the seal, which is opened first (so
    /// that the page digests can be trusted afterwards), and the tombstones.
    func openState(seal: SealedBox, tombstones: SealedBox, pages: [[UInt8]], keys: EntryKeys) throws -> VaultState {
        let sealContent = try openSeal(seal, tombstones: tombstones, pages: pages, keys: keys)
        let deleted = try openTombstones(tombstones, keys: keys)
        return VaultState(clock: sealContent.clock, deleted: deleted, keys: sealContent.keys, log: sealContent.log ?? EventLogState(),
                          identities: sealContent.identities ?? [], team: try checkedTeam(sealContent))
    }

    /// What every record of this vault is bound to, before its slot.
    var entryBinding: [UInt8] {
        Array("vault entry v5\nid=\(id)\ncipher=\(cipher.rawValue)\nslot=".utf8)
    }

    /// Decrypts `record` into `plaintext` (as long as its ciphertext less the tag) and checks
    /// its padding and that the entry's name is the one of the record's slot; returns the
    /// length of the entry's line, at the start of `plaintext`. `binding` is `entryBinding`.
    func openRecord(_ record: SealedEntries.Record, keys: EntryKeys, binding: [UInt8], into plaintext: UnsafeMutableRawBufferPointer) throws -> Int {
        try openSignedRecord(record, keys: keys, binding: binding, into: plaintext).lineLength
    }

    /// Opens `record` as `openRecord` does, and returns with the line's length the authorship
    /// that follows it in a file that signs its parts (nil in any other).
    private func openSignedRecord(
        _ record: SealedEntries.Record, keys: EntryKeys, binding: [UInt8], into plaintext: UnsafeMutableRawBufferPointer
    ) throws -> (lineLength: Int, authorship: Authorship?) {
        do {
            let associatedData = Self.entryAssociatedData(binding: binding, slot: record.slot)
            try cipher.open(record.box, key: keys.sealing, associatedData: associatedData, into: plaintext)
        } catch {
            throw VaultOpenError.tampered
        }
        guard let contentLength = Padding.contentLength(of: UnsafeRawBufferPointer(plaintext)) else { throw VaultOpenError.tampered }
        let (lineLength, authorship) = try signedContent(UnsafeRawBufferPointer(rebasing: plaintext[..<contentLength]), what: "an entry")
        let line = UnsafeRawBufferPointer(rebasing: plaintext[..<lineLength])
        guard EntryLine.withName(of: line, { keys.slot(of: $0) == record.slot }) == true else {
            throw VaultOpenError.malformedPayload("an entry's name does not match its slot")
        }
        return (lineLength, authorship)
    }

    /// The length of a part's plaintext within `content` (a record's or the tombstones',
    /// unpadded), and in a file that signs its parts the authorship that follows it after a
    /// newline, which must be there.
    func signedContent(_ content: UnsafeRawBufferPointer, what: String) throws -> (length: Int, authorship: Authorship?) {
        guard signsParts else { return (content.count, nil) }
        let start = content.count - Authorship.textLength
        guard start > 0, content[start - 1] == 0x0A, let authorship = Authorship(text: UnsafeRawBufferPointer(rebasing: content[start...])) else {
            throw VaultOpenError.malformedPayload("\(what) of a team vault has no authorship")
        }
        return (start - 1, authorship)
    }

    /// The line and authorship of `record` (of a file that signs its parts), decrypted again:
    /// what a merge checks of a copy made before a removal.
    func authorship(of record: SealedEntries.Record, keys: EntryKeys) throws -> (line: SecureBytes, authorship: Authorship) {
        let plaintext = try SecureBytes(count: record.box.ciphertext.count - Cipher.tagLength)
        return try plaintext.withUnsafeMutableBytes { buffer in
            guard case (let length, let authorship?) = try openSignedRecord(record, keys: keys, binding: entryBinding, into: buffer) else {
                throw VaultOpenError.malformedPayload("an entry of a team vault has no authorship")
            }
            return (try SecureBytes(copying: UnsafeRawBufferPointer(rebasing: buffer[..<length])), authorship)
        }
    }

    /// Opens the seal, which authenticates this header, the tombstones' box and the page
    /// digests (and through them every record), and decodes what it holds. That is no secret
    /// but for the retired keys of the event log (which open the log alone) and the seeds of
    /// the owner's team identities: it is decrypted into ordinary memory, wiped once decoded
    /// (the decoded keys and seeds are strings, which are not).
    func openSeal(_ seal: SealedBox, tombstones: SealedBox, pages: [[UInt8]], keys: EntryKeys) throws -> SealContent {
        var plaintext = try openSealText(seal, tombstones: tombstones, pages: pages, keys: keys)
        defer { Sodium.wipe(&plaintext) }
        guard let content = SealContent(text: plaintext) else { throw VaultOpenError.malformedPayload("the vault's seal cannot be decoded") }
        return content
    }

    /// The seal's plaintext, once it authenticated.
    private func openSealText(_ seal: SealedBox, tombstones: SealedBox, pages: [[UInt8]], keys: EntryKeys) throws -> [UInt8] {
        guard seal.ciphertext.count >= Cipher.tagLength else { throw VaultOpenError.tampered }
        var plaintext = [UInt8](repeating: 0, count: seal.ciphertext.count - Cipher.tagLength)
        do {
            let associatedData = sealAssociatedData(tombstones: tombstones, pages: pages)
            try plaintext.withUnsafeMutableBytes { try cipher.open(seal, key: keys.sealing, associatedData: associatedData, into: $0) }
        } catch {
            throw VaultOpenError.tampered
        }
        return plaintext
    }

    /// Checks the seal of a body read for lookups: afterwards its page digests can be trusted.
    /// What it holds is not needed for a lookup, and is not decoded.
    func authenticate(_ front: SealedEntries.Front, keys: EntryKeys) throws {
        if isTeam {
            // A team vault's member list must match its member keys for any read.
            _ = try checkedTeam(try openSeal(front.seal, tombstones: front.tombstones, pages: front.pages, keys: keys))
            return
        }
        var plaintext = try openSealText(front.seal, tombstones: front.tombstones, pages: front.pages, keys: keys)
        Sodium.wipe(&plaintext)
    }

    /// The tombstones' JSON and authorship (of a file that signs its parts), decrypted again:
    /// what a merge checks of a copy made before a removal.
    func tombstonesAuthorship(_ box: SealedBox, keys: EntryKeys) throws -> (json: SecureBytes, authorship: Authorship) {
        try openTombstonesBox(box, keys: keys).withUnsafeBytes { bytes in
            guard let padded = Padding.contentLength(of: bytes),
                  case (let length, let authorship?) = try signedContent(UnsafeRawBufferPointer(rebasing: bytes[..<padded]), what: "the tombstones")
            else { throw VaultOpenError.malformedPayload("the tombstones of a team vault have no authorship") }
            return (try SecureBytes(copying: UnsafeRawBufferPointer(rebasing: bytes[..<length])), authorship)
        }
    }

    /// Decrypts the tombstones, in guarded memory (they hold the names of removed entries),
    /// and decodes their JSON there.
    private func openTombstones(_ box: SealedBox, keys: EntryKeys) throws -> [Tombstone] {
        try openTombstonesBox(box, keys: keys).withUnsafeBytes { bytes in
            guard let padded = Padding.contentLength(of: bytes) else { throw VaultOpenError.tampered }
            let (length, _) = try signedContent(UnsafeRawBufferPointer(rebasing: bytes[..<padded]), what: "the tombstones")
            // No entry removed, as in most vaults: the empty list is read here, so that a
            // whole-vault open need not start JSONDecoder for it.
            if length == 2 && bytes[0] == UInt8(ascii: "[") && bytes[1] == UInt8(ascii: "]") { return [] }
            do {
                let text = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: length, deallocator: .none)
                return try EntryJSON.decoder().decode([Tombstone].self, from: text)
            } catch {
                throw VaultOpenError.malformedPayload("the vault's tombstones cannot be decoded")
            }
        }
    }

    /// The tombstones' padded plaintext, in guarded memory.
    private func openTombstonesBox(_ box: SealedBox, keys: EntryKeys) throws -> SecureBytes {
        do {
            return try cipher.open(box, key: keys.sealing, associatedData: tombstonesAssociatedData)
        } catch {
            throw VaultOpenError.tampered
        }
    }

    /// Seals `table` as this header's body, in version 5, under `dataKey` (wrapped in this
    /// header already: `prepareForWrite`). A line still as it was opened under the same keys
    /// keeps its record, and unchanged tombstones their box; everything else is sealed with a
    /// fresh nonce.
    public mutating func sealEntries(_ table: EntryTable, dataKey: SecureBytes) throws {
        let keys = try EntryKeys(dataKey: dataKey)
        // A record is kept only in the layout this write gives it (signed or not).
        let origin = table.origin.flatMap { $0.keys.sameKeys(as: keys) && $0.signed == signsParts ? $0 : nil }
        // One buffer of guarded memory for every entry padded here, rather than one each.
        var scratch = try SecureBytes(count: 4096)
        let records = try sealedRecords(of: table, keys: keys, keeping: origin != nil, scratch: &scratch)
        let pages = SealedEntries.pageDigests(of: records, pages: SealedEntries.pageCount(for: records.count))
        let (seal, tombstones) = try sealState(table.stateForWrite(), pages: pages, origin: origin, author: table.author, keys: keys, scratch: &scratch)
        body = .entries(SealedEntries(seal: seal, tombstones: tombstones, pages: pages, records: records))
    }

    /// The records of every line of `table`, in the order of their slots: a line still as it
    /// was opened keeps its record when `keeping` (the table's origin is under `keys`), any
    /// other is sealed with a fresh nonce. Two lines of one slot are refused.
    func sealedRecords(of table: EntryTable, keys: EntryKeys, keeping: Bool, scratch: inout SecureBytes) throws -> [SealedEntries.Record] {
        var records: [SealedEntries.Record] = []
        let binding = entryBinding
        try table.forEachLine { line, opened in
            if let opened, keeping {
                records.append(opened)
                return
            }
            guard let slot = EntryLine.withName(of: line, { keys.slot(of: $0) }) else {
                throw VaultOpenError.malformedPayload("an entry has no name")
            }
            // An entry a merge took as it was keeps its authorship; any other is the writer's.
            let carried = signsParts ? table.carried?.authorship(of: line) : nil
            let signed = try carried ?? authorship(by: table.author, Authorship.entryMessage(line: line, slot: slot, vaultID: id))
            let box = try sealPadded(line, followedBy: signed, minimum: Self.minimumRecordLength, key: keys.sealing,
                                     associatedData: Self.entryAssociatedData(binding: binding, slot: slot), in: &scratch)
            records.append(SealedEntries.Record(slot: slot, box: box))
        }
        records.sort { $0.slot.lexicographicallyPrecedes($1.slot) }
        for index in records.indices.dropFirst() where records[index - 1].slot == records[index].slot {
            throw VaultOpenError.malformedPayload("two entries have the same slot")
        }
        return records
    }

    /// Seals `state`: the tombstones (their box kept when they are those of `origin`) and the
    /// seal, bound to this header, the tombstones' box and `pages`.
    func sealState(
        _ state: VaultState, pages: [[UInt8]], origin: SealedOrigin?, author: MemberIdentity?, keys: EntryKeys, scratch: inout SecureBytes
    ) throws -> (seal: SealedBox, tombstones: SealedBox) {
        let tombstones: SealedBox
        if let origin, origin.tombstones == state.deleted, origin.signed == signsParts {
            tombstones = origin.tombstonesBox
        } else {
            var encoded = try EntryJSON.encoder().encode(state.deleted)
            defer { encoded.resetBytes(in: 0..<encoded.count) }
            tombstones = try encoded.withUnsafeBytes {
                try sealPadded($0, followedBy: try authorship(by: author, Authorship.tombstonesMessage(json: $0, vaultID: id)), minimum: Self.minimumRecordLength,
                               key: keys.sealing, associatedData: tombstonesAssociatedData, in: &scratch)
            }
        }
        var sealText = try SealContent(clock: state.clock, keys: state.keys, log: state.log.isEmpty ? nil : state.log,
                                       identities: state.identities.isEmpty ? nil : state.identities,
                                       team: state.team.map { Sodium.base64Encode($0.text()) }).text()
        defer { Sodium.wipe(&sealText) }
        let seal = try sealText.withUnsafeBytes { (bytes) throws(CryptoError) in
            try cipher.seal(bytes, key: keys.sealing, associatedData: sealAssociatedData(tombstones: tombstones, pages: pages))
        }
        return (seal, tombstones)
    }

    /// The authorship of `message` by `author`, the author of the change written, when this
    /// file signs its parts; nil otherwise. A change to a team vault has an author
    /// (`EntryTable.author`).
    private func authorship(by author: MemberIdentity?, _ message: @autoclosure () throws -> SecureBytes) throws -> Authorship? {
        guard signsParts else { return nil }
        guard let author else { throw TeamLogError.notYourTeam }
        return Authorship(of: try message(), by: author, vaultID: id)
    }

    /// Pads `content` (`Padding`, at least `minimum` bytes) in `scratch`, guarded memory made
    /// larger when it is too small, and seals it under `key`.
    func sealPadded(
        _ content: UnsafeRawBufferPointer, followedBy authorship: Authorship? = nil, minimum: Int, key: SecureBytes, associatedData: [UInt8],
        in scratch: inout SecureBytes
    ) throws(CryptoError) -> SealedBox {
        // The authorship, after a newline, ends the plaintext that is padded.
        let trailer = authorship.map { [0x0A] + $0.text } ?? []
        let length = Padding.paddedLength(for: content.count + trailer.count, minimum: minimum)
        if scratch.count < length { scratch = try SecureBytes(count: max(length, 2 * scratch.count)) }
        return try scratch.withUnsafeMutableBytes { (buffer) throws(CryptoError) in
            let padded = UnsafeMutableRawBufferPointer(rebasing: buffer[..<length])
            padded.initializeMemory(as: UInt8.self, repeating: 0)
            if let source = content.baseAddress, !content.isEmpty {
                padded.baseAddress!.copyMemory(from: source, byteCount: content.count)
            }
            for (offset, byte) in trailer.enumerated() { padded[content.count + offset] = byte }
            padded[content.count + trailer.count] = 0x80
            return try cipher.seal(UnsafeRawBufferPointer(padded), key: key, associatedData: associatedData)
        }
    }
}
