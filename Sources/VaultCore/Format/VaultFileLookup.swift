/// A vault file opened to look entries up by name, reading no more of it than that takes. In
/// version 5: the header, the seal, the tombstones' box and the page digests from the front of
/// the file; the seal authenticated once; then for each name the one page of records its slot
/// falls in, whose digest must be the sealed one, and the name's record alone decrypted (see
/// docs/format.md, "Looking up one entry"). The other pages are neither read nor checked: every
/// command that reads or writes all entries checks them all. Older versions are read, checked
/// and decrypted whole.
public struct VaultFileLookup {
    /// The file's header. A version 5 body is `.unreadEntries`; an older one is the payload.
    public let envelope: Envelope
    private let file: any RandomAccessBytes

    /// How much of the file is read first: the header, the tombstones and the page digests of
    /// up to 8,192 entries (fewer when the tombstones are many); a longer front is read again
    /// four times larger until it fits. (Each page of memory a read fills is one more page fault
    /// of a few microseconds: a read no larger than it needs to be.)
    public static let firstRead = 16 * 1024

    /// Reads the header of `file` and, in version 5, the rest of the body before the entries,
    /// reading `firstRead` bytes first.
    public init(file: any RandomAccessBytes, firstRead: Int = Self.firstRead) throws {
        self.file = file
        var length = min(file.count, max(firstRead, 1))
        let front = try file.read(0..<length)
        guard let (header, bodyStart) = try? Envelope.parseHeader(front), header.version >= 5 else {
            // An older version, or no header to read: parsed whole, which also names what is wrong.
            envelope = try Envelope.parse(length == file.count ? front : try file.read(0..<file.count))
            return
        }
        var prefix = front
        while true {
            do {
                var body = try SealedEntries.parseFront(prefix[bodyStart...], cipher: header.cipher)
                body.entries = body.entries.lowerBound..<file.count
                var envelope = header
                envelope.body = .unreadEntries(body)
                self.envelope = envelope
                return
            } catch {
                // The page digests may go on past what was read.
                guard length < file.count else { throw error }
                length = min(file.count, 4 * length)
                prefix = try file.read(0..<length)
            }
        }
    }

    /// The entries called `names` (each in NFC), in that order, nil for a name the vault does
    /// not hold, opened with `dataKey` (unwrapped from this header, which that authenticated).
    /// A name's absence is as authenticated as an entry: its page holds no record of its slot.
    public func entries(named names: [String], dataKey: SecureBytes) throws -> [Entry?] {
        guard case .unreadEntries(let front) = envelope.body else {
            let table = try envelope.openTable(dataKey: dataKey)
            return try names.map(table.entry(named:))
        }
        let keys = try EntryKeys(dataKey: dataKey)
        try envelope.authenticate(front, keys: keys)
        var list = try EntryListReader(file: file, list: front.entries, pages: front.pages.count)
        // Each page read and checked once, however many of the names fall in it.
        var checked = [[[UInt8]]?](repeating: nil, count: front.pages.count)
        return try names.map { name throws -> Entry? in
            let slot = Array(name.utf8).withUnsafeBytes(keys.slot(of:))
            let page = SealedEntries.page(of: slot, among: front.pages.count)
            let texts: [[UInt8]]
            if let known = checked[page] {
                texts = known
            } else {
                texts = try list.recordTexts(ofPage: page)
                guard SealedEntries.pageDigest(of: texts) == front.pages[page] else { throw VaultOpenError.tampered }
                checked[page] = texts
            }
            let wanted = BodyText.hex(slot) + [UInt8(ascii: " ")]
            guard let text = texts.first(where: { $0.starts(with: wanted) }) else { return nil }
            return try entry(named: name, in: try BodyText.record(text[...], cipher: envelope.cipher), keys: keys)
        }
    }

    /// The vault's state (its clock, keys stamp and tombstones), opened with `dataKey`: in
    /// version 5 from the seal and the tombstones alone, decrypting no entry.
    public func state(dataKey: SecureBytes) throws -> VaultState {
        guard case .unreadEntries(let front) = envelope.body else { return try envelope.openTable(dataKey: dataKey).state }
        return try envelope.openState(seal: front.seal, tombstones: front.tombstones, pages: front.pages, keys: try EntryKeys(dataKey: dataKey))
    }

    /// Decrypts `record`, which must hold the entry called `name`, and decodes it.
    private func entry(named name: String, in record: SealedEntries.Record, keys: EntryKeys) throws -> Entry {
        let plaintext = try SecureBytes(count: record.box.ciphertext.count - Cipher.tagLength)
        return try plaintext.withUnsafeMutableBytes { buffer in
            let length = try envelope.openRecord(record, keys: keys, binding: envelope.entryBinding, into: buffer)
            let line = UnsafeRawBufferPointer(rebasing: buffer[..<length])
            // One line, called by the name looked up (which is in NFC).
            guard !line.contains(0x0A), EntryLine.withName(of: line, { $0.elementsEqual(name.utf8) }) == true else {
                throw VaultOpenError.malformedPayload("an entry's name does not match its slot")
            }
            do {
                return try EntryLine.decode(line)
            } catch {
                throw VaultOpenError.malformedPayload("an entry cannot be decoded")
            }
        }
    }
}
