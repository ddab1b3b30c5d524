/// The body of a version 5 file: every entry sealed on its own, one line each, in the order of
/// their slots (keyed hashes of their names), so that an entry nobody changed keeps its bytes
/// across writes and git stores only what changed; the tombstones sealed apart; the digest of
/// each page of entries; and the seal, bound to the header and to all of the above, that makes
/// the file one authenticated whole. See docs/format.md.
public struct SealedEntries: Equatable, Sendable {
    /// One sealed entry: its slot and its sealed line.
    public struct Record: Equatable, Sendable {
        /// The keyed hash of the entry's name (`EntryKeys.slot`), 16 bytes.
        public let slot: [UInt8]
        public let box: SealedBox
        /// The record as its line holds it, between the quotes: `SLOT BOX` (`BodyText`), kept
        /// so that the page digests and the file's text are made without encoding it again.
        let text: [UInt8]

        public init(slot: [UInt8], box: SealedBox) {
            self.init(slot: slot, box: box, text: BodyText.recordText(slot: slot, box: box))
        }

        init(slot: [UInt8], box: SealedBox, text: [UInt8]) {
            self.slot = slot
            self.box = box
            self.text = text
        }
    }

    /// The vault's clock and keys stamp, sealed under the header and the page digests.
    public var seal: SealedBox
    /// The tombstones, sealed.
    public var tombstones: SealedBox
    /// The BLAKE2b-256 of each page of records (`SealedEntries.pageCount`).
    public var pages: [[UInt8]]
    /// The sealed entries, in strictly increasing order of their slots.
    public var records: [Record]

    // MARK: Pages

    /// How many entries a page holds on average, at most: past that the pages double.
    static let entriesPerPage = 32
    /// The most pages a file has.
    static let maximumPages = 1 << 16

    /// The fewest records, or pages, an opening hands to a thread of their own
    /// (`ParallelWork.map`): fewer cost more to hand over than they take to decode, decrypt or
    /// digest.
    static let recordsPerPart = 128
    static let pagesPerPart = 4

    /// The number of pages for `count` entries: the smallest power of two whose pages hold 32
    /// entries each, at least one.
    static func pageCount(for count: Int) -> Int {
        var pages = 1
        while pages * entriesPerPage < count && pages < maximumPages { pages *= 2 }
        return pages
    }

    /// The page of a slot among `pages`: the slot's first log2(pages) bits.
    static func page(of slot: [UInt8], among pages: Int) -> Int {
        let bits = pages.trailingZeroBitCount
        guard bits > 0 else { return 0 }
        precondition(slot.count == EntryKeys.slotLength, "a slot is 16 bytes")
        let leading = Int(slot[0]) << 16 | Int(slot[1]) << 8 | Int(slot[2])
        return leading >> (24 - bits)
    }

    /// The digest of every page of `records`, as the file lists them, the pages digested in
    /// parallel by `work`.
    static func pageDigests(of records: [Record], pages: Int, work: ParallelWork = .serial) -> [[UInt8]] {
        pageDigests(of: records.map { RecordText(text: $0.text[...], slot: $0.slot) }, pages: pages, work: work)
    }

    /// The digest of every page of the records whose texts are `records`, in order, the pages
    /// digested in parallel by `work`.
    static func pageDigests(of records: [RecordText], pages: Int, work: ParallelWork = .serial) -> [[UInt8]] {
        var texts = [[ArraySlice<UInt8>]](repeating: [], count: pages)
        for record in records {
            texts[page(of: record.slot, among: pages)].append(record.text)
        }
        return work.map(texts, minimumPartLength: pagesPerPart, pageDigest(of:))
    }

    /// The digest of one page whose records, in order, have the texts `recordTexts` (as a
    /// line of the file holds them, between the quotes).
    static func pageDigest<Text: Collection<UInt8>>(of recordTexts: [Text]) -> [UInt8] {
        var text = Array("vault page v5\n".utf8)
        text.reserveCapacity(recordTexts.reduce(text.count) { $0 + $1.count + 1 })
        for record in recordTexts {
            text += record
            text.append(UInt8(ascii: "\n"))
        }
        return text.withUnsafeBytes { Sodium.blake2b($0) }
    }

    /// The digest of the page digests, which the seal is bound to.
    static func root(of pages: [[UInt8]]) -> [UInt8] {
        pages.flatMap { $0 }.withUnsafeBytes { Sodium.blake2b($0) }
    }

    // MARK: Text

    /// The text of a file of `header` and this body, from the seal to the end of the file.
    func render(after header: [UInt8]) -> [UInt8] {
        Self.render(after: header, seal: seal, tombstones: tombstones, pages: pages, recordTexts: records.map { $0.text[...] })
    }

    /// The text of a file of `header` and a body of these parts whose records have the texts
    /// `recordTexts`, in order, made in one piece of memory.
    static func render(after header: [UInt8], seal: SealedBox, tombstones: SealedBox, pages: [[UInt8]], recordTexts: [ArraySlice<UInt8>]) -> [UInt8] {
        var text = header + Array("\n  \"seal\": \"".utf8) + BodyText.boxText(seal) + Array("\",\n  \"tombstones\": \"".utf8)
            + BodyText.boxText(tombstones) + Array("\",\n  \"pages\": ".utf8)
        BodyText.appendList(pages.map { Base64.encode($0)[...] }, to: &text)
        text += Array(",\n  \"entries\": ".utf8)
        BodyText.appendList(recordTexts, to: &text)
        text += Array("\n}\n".utf8)
        return text
    }

    /// Everything of the body before the entries, and where the list of entries is: what a
    /// lookup reads (`VaultFileLookup`) before it reads the one page it needs.
    public struct Front: Equatable, Sendable {
        /// As `SealedEntries.seal`, `tombstones` and `pages`.
        public var seal: SealedBox
        public var tombstones: SealedBox
        public var pages: [[UInt8]]
        /// The list of entries, from its `[` to the end of the file, at these offsets of the
        /// text given to `parseFront`.
        public var entries: Range<Int>
    }

    /// Parses the body's text up to its list of entries, refusing anything but exactly what
    /// `render` writes; the text may stop anywhere after the list's start (`entries` then ends
    /// where the text does). `cipher` gives the nonce length.
    static func parseFront(_ text: ArraySlice<UInt8>, cipher: Cipher) throws(FormatError) -> Front {
        var reader = BodyText.Reader(text: text)
        try reader.expect("\n  \"seal\": \"")
        let seal = try BodyText.box(try reader.until(UInt8(ascii: "\"")), cipher: cipher, what: "seal")
        try reader.expect("\",\n  \"tombstones\": \"")
        let tombstones = try BodyText.box(try reader.until(UInt8(ascii: "\"")), cipher: cipher, what: "tombstones")
        try reader.expect("\",\n  \"pages\": ")
        let pages = try reader.list().map { (line) throws(FormatError) -> [UInt8] in
            guard let digest = line.withUnsafeBytes({ Base64.decodeCanonical($0) }), digest.count == 32 else { throw .corrupt("bad page digest") }
            return digest
        }
        guard pages.count.nonzeroBitCount == 1, pages.count <= maximumPages else { throw .corrupt("the pages do not fit the number of entries") }
        try reader.expect(",\n  \"entries\": ")
        return Front(seal: seal, tombstones: tombstones, pages: pages, entries: reader.text.startIndex..<reader.text.endIndex)
    }

    /// Parses the body's text (what `render` writes), refusing anything but exactly that
    /// layout; `cipher` gives the nonce length. The records' boxes are decoded in parallel by
    /// `work`.
    static func parse(_ text: ArraySlice<UInt8>, cipher: Cipher, work: ParallelWork) throws(FormatError) -> SealedEntries {
        let front = try parseFront(text, cipher: cipher)
        let records = try work.map(try parseRecordTexts(text[front.entries], pages: front.pages.count), minimumPartLength: recordsPerPart) { (record) throws(FormatError) in
            try BodyText.record(record.text, slot: record.slot, cipher: cipher)
        }
        return SealedEntries(seal: front.seal, tombstones: front.tombstones, pages: front.pages, records: records)
    }

    /// A record as a line of the file holds it (between the quotes), and its slot.
    struct RecordText {
        var text: ArraySlice<UInt8>
        var slot: [UInt8]
    }

    /// The records of the list of entries `text` (`Front.entries`, to the file's end) of a
    /// file of `pages` pages, their boxes left unread: checked to be laid out as `render`
    /// writes them, as many as the pages are for, and in strictly increasing order of slots.
    static func parseRecordTexts(_ text: ArraySlice<UInt8>, pages: Int) throws(FormatError) -> [RecordText] {
        var reader = BodyText.Reader(text: text)
        let records = try reader.list().map { (line) throws(FormatError) in RecordText(text: line, slot: try BodyText.slot(ofRecord: line)) }
        try reader.expect("\n}\n")
        guard reader.atEnd else { throw .corrupt("not in canonical form") }
        guard pages == pageCount(for: records.count) else { throw .corrupt("the pages do not fit the number of entries") }
        for index in records.indices.dropFirst() where !records[index - 1].slot.lexicographicallyPrecedes(records[index].slot) {
            throw .corrupt("the entries are not in the order of their slots, or a slot appears twice")
        }
        return records
    }
}
