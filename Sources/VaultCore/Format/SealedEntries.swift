/// The body of a version 5 file: every entry sealed on its own, one line each, in the order of
/// their slots (keyed hashes of their names), so that an entry nobody changed keeps its bytes
/// across writes and git stores only what changed; the tombstones sealed apart; the digest of
/// each page of entries; and the seal, bound to the header and to all of the above, that makes
/// the file one authenticated whole. See docs/format.md.
public struct SealedEntries: Equatable, Sendable {
    /// One sealed entry: its slot and its sealed line.
    public struct Record: Equatable, Sendable {
        /// The keyed hash of the entry's name (`EntryKeys.slot`), 16 bytes.
        public var slot: [UInt8]
        public var box: SealedBox
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

    /// How many entries a page holds at most, on average, before the pages double.
    static let entriesPerPage = 32
    /// The most pages a file has.
    static let maximumPages = 1 << 16

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
        let leading = Int(slot[0]) << 16 | Int(slot[1]) << 8 | Int(slot[2])
        return leading >> (24 - bits)
    }

    /// The digest of every page of `records`, as the file lists them.
    static func pageDigests(of records: [Record], pages: Int) -> [[UInt8]] {
        var texts = [[UInt8]](repeating: Array("vault page v5\n".utf8), count: pages)
        for record in records {
            texts[page(of: record.slot, among: pages)] += Layout.recordText(record) + [UInt8(ascii: "\n")]
        }
        return texts.map { text in text.withUnsafeBytes { Sodium.blake2b($0) } }
    }

    /// The digest of the page digests, which the seal is bound to.
    static func root(of pages: [[UInt8]]) -> [UInt8] {
        pages.flatMap { $0 }.withUnsafeBytes { Sodium.blake2b($0) }
    }

    // MARK: Text

    /// The body's text, from the seal to the end of the file.
    func render() -> [UInt8] {
        var text = Array("\n  \"seal\": \"".utf8) + Layout.boxText(seal) + Array("\",\n  \"tombstones\": \"".utf8)
            + Layout.boxText(tombstones) + Array("\",\n  \"pages\": ".utf8)
        text += Layout.list(pages.map { Base64.encode($0) })
        text += Array(",\n  \"entries\": ".utf8)
        text += Layout.list(records.map(Layout.recordText))
        return text + Array("\n}\n".utf8)
    }

    /// Parses the body's text (what `render` writes), refusing anything but exactly that
    /// layout; `cipher` gives the nonce length.
    static func parse(_ text: ArraySlice<UInt8>, cipher: Cipher) throws(FormatError) -> SealedEntries {
        var reader = Layout.Reader(text: text)
        try reader.expect("\n  \"seal\": \"")
        let seal = try Layout.box(try reader.until(UInt8(ascii: "\"")), cipher: cipher, what: "seal")
        try reader.expect("\",\n  \"tombstones\": \"")
        let tombstones = try Layout.box(try reader.until(UInt8(ascii: "\"")), cipher: cipher, what: "tombstones")
        try reader.expect("\",\n  \"pages\": ")
        let pages = try reader.list().map { (line) throws(FormatError) -> [UInt8] in
            guard let digest = line.withUnsafeBytes({ Base64.decodeCanonical($0) }), digest.count == 32 else { throw .corrupt("bad page digest") }
            return digest
        }
        try reader.expect(",\n  \"entries\": ")
        let records = try reader.list().map { (line) throws(FormatError) -> Record in try Layout.record(line, cipher: cipher) }
        try reader.expect("\n}\n")
        guard reader.atEnd else { throw .corrupt("not in canonical form") }
        guard pages.count == pageCount(for: records.count) else { throw .corrupt("the pages do not fit the number of entries") }
        for index in records.indices.dropFirst() where !records[index - 1].slot.lexicographicallyPrecedes(records[index].slot) {
            throw .corrupt("the entries are not in the order of their slots, or a slot appears twice")
        }
        return SealedEntries(seal: seal, tombstones: tombstones, pages: pages, records: records)
    }
}

/// The text of a version 5 body: sealed boxes as the Base64 of nonce and ciphertext, records
/// as `SLOT BOX` with the slot in lower-case hex, lists as JSON arrays of strings one per line.
enum Layout {
    static func boxText(_ box: SealedBox) -> [UInt8] {
        Base64.encode(box.nonce + box.ciphertext)
    }

    static func recordText(_ record: SealedEntries.Record) -> [UInt8] {
        hex(record.slot) + [UInt8(ascii: " ")] + boxText(record.box)
    }

    /// A JSON array of strings (no escapes needed) at the second level of indentation.
    static func list(_ items: [[UInt8]]) -> [UInt8] {
        guard !items.isEmpty else { return Array("[]".utf8) }
        var text = Array("[\n".utf8)
        for (index, item) in items.enumerated() {
            text += Array("    \"".utf8) + item + Array((index + 1 < items.count ? "\",\n" : "\"\n").utf8)
        }
        return text + Array("  ]".utf8)
    }

    static func box(_ text: ArraySlice<UInt8>, cipher: Cipher, what: String) throws(FormatError) -> SealedBox {
        guard let bytes = text.withUnsafeBytes({ Base64.decodeCanonical($0) }),
              bytes.count >= cipher.nonceLength + Cipher.tagLength
        else { throw .corrupt("bad \(what)") }
        return SealedBox(nonce: Array(bytes[..<cipher.nonceLength]), ciphertext: Array(bytes[cipher.nonceLength...]))
    }

    static func record(_ text: ArraySlice<UInt8>, cipher: Cipher) throws(FormatError) -> SealedEntries.Record {
        let slotText = 2 * EntryKeys.slotLength
        guard text.count > slotText + 1, text[text.startIndex + slotText] == UInt8(ascii: " "),
              let slot = unhex(text.prefix(slotText))
        else { throw .corrupt("bad entry slot") }
        return SealedEntries.Record(slot: slot, box: try box(text.dropFirst(slotText + 1), cipher: cipher, what: "entry"))
    }

    private static let digits = Array("0123456789abcdef".utf8)

    static func hex(_ bytes: [UInt8]) -> [UInt8] {
        bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }
    }

    /// The bytes of lower-case hex text; nil for anything else.
    private static func unhex(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard let high = digits.firstIndex(of: text[index]), let low = digits.firstIndex(of: text[index + 1]) else { return nil }
            bytes.append(UInt8(high << 4 | low))
            index += 2
        }
        return bytes
    }

    /// Reads a body's text from the front, refusing anything unexpected.
    struct Reader {
        var text: ArraySlice<UInt8>

        var atEnd: Bool { text.isEmpty }

        mutating func expect(_ literal: String) throws(FormatError) {
            let bytes = Array(literal.utf8)
            guard text.starts(with: bytes) else { throw .corrupt("not in canonical form") }
            text = text.dropFirst(bytes.count)
        }

        /// The text up to `terminator`, which stays to be read.
        mutating func until(_ terminator: UInt8) throws(FormatError) -> ArraySlice<UInt8> {
            guard let end = text.firstIndex(of: terminator) else { throw .corrupt("not in canonical form") }
            defer { text = text[end...] }
            return text[..<end]
        }

        /// The strings of a list as `Layout.list` writes it.
        mutating func list() throws(FormatError) -> [ArraySlice<UInt8>] {
            if text.starts(with: Array("[]".utf8)) {
                text = text.dropFirst(2)
                return []
            }
            try expect("[\n")
            var items: [ArraySlice<UInt8>] = []
            while true {
                try expect("    \"")
                items.append(try until(UInt8(ascii: "\"")))
                if text.starts(with: Array("\",\n".utf8)) {
                    text = text.dropFirst(3)
                    continue
                }
                try expect("\"\n  ]")
                return items
            }
        }
    }
}
