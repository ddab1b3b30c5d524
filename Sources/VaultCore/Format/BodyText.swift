/// The text of a file's body, after its header: in version 5, sealed boxes as the Base64 of
/// nonce and ciphertext, records as `SLOT BOX` with the slot in lower-case hex, lists as JSON
/// arrays of strings one per line; and `Reader`, which reads the body of any version strictly.
package enum BodyText {
    static func boxText(_ box: SealedBox) -> [UInt8] {
        Base64.encode(box.nonce + box.ciphertext)
    }

    static func recordText(slot: [UInt8], box: SealedBox) -> [UInt8] {
        hex(slot) + [UInt8(ascii: " ")] + boxText(box)
    }

    /// Appends a JSON array of strings (no escapes needed) at the second level of indentation
    /// to `text`, whose storage is made large enough first: a list can be megabytes.
    static func appendList(_ items: [ArraySlice<UInt8>], to text: inout [UInt8]) {
        guard !items.isEmpty else {
            text += Array("[]".utf8)
            return
        }
        let opening = Array("    \"".utf8)
        let closing = Array("\",\n".utf8)
        text.reserveCapacity(items.reduce(text.count + 5) { $0 + $1.count + opening.count + closing.count })
        text += Array("[\n".utf8)
        for item in items {
            text += opening
            text += item
            text += closing
        }
        // The last item has no comma.
        text.remove(at: text.count - 2)
        text += Array("  ]".utf8)
    }

    static func box(_ text: ArraySlice<UInt8>, cipher: Cipher, what: String) throws(FormatError) -> SealedBox {
        guard let bytes = text.withUnsafeBytes({ Base64.decodeCanonical($0) }),
              bytes.count >= cipher.nonceLength + Cipher.tagLength
        else { throw .corrupt("bad \(what)") }
        return SealedBox(nonce: Array(bytes[..<cipher.nonceLength]), ciphertext: Array(bytes[cipher.nonceLength...]))
    }

    static func record(_ text: ArraySlice<UInt8>, cipher: Cipher) throws(FormatError) -> SealedEntries.Record {
        try record(text, slot: try slot(ofRecord: text), cipher: cipher)
    }

    /// The record of `text`, whose slot (`slot(ofRecord:)`) is `slot`.
    static func record(_ text: ArraySlice<UInt8>, slot: [UInt8], cipher: Cipher) throws(FormatError) -> SealedEntries.Record {
        SealedEntries.Record(slot: slot, box: try box(text.dropFirst(2 * EntryKeys.slotLength + 1), cipher: cipher, what: "entry"), text: Array(text))
    }

    /// The slot of a record's text, `SLOT BOX`.
    static func slot(ofRecord text: ArraySlice<UInt8>) throws(FormatError) -> [UInt8] {
        let slotText = 2 * EntryKeys.slotLength
        guard text.count > slotText + 1, text[text.startIndex + slotText] == UInt8(ascii: " "),
              let slot = unhex(text.prefix(slotText))
        else { throw .corrupt("bad entry slot") }
        return slot
    }

    private static let digits = Array("0123456789abcdef".utf8)

    package static func hex(_ bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(2 * bytes.count)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    /// The bytes of lower-case hex text; nil for anything else.
    static func unhex(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard text.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var index = text.startIndex
        while index < text.endIndex {
            guard let high = value(ofDigit: text[index]), let low = value(ofDigit: text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(ofDigit digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The offset of the first `byte` in `bytes`, searched eight bytes at a time: a body can be
    /// megabytes.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
        firstIndex(of: byte, or: byte, in: bytes)
    }

    /// The offset of the first byte in `bytes` that is `byte` or `other`, searched eight bytes
    /// at a time.
    static func firstIndex(of byte: UInt8, or other: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &* 0x80
        let pattern = ones &* UInt64(byte)
        let otherPattern = ones &* UInt64(other)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let first = word ^ pattern
            let second = word ^ otherPattern
            // Non-zero exactly when one of the eight bytes is zero in either, that is, was one of the two.
            if ((first &- ones) & ~first | (second &- ones) & ~second) & highs != 0 { break }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] == byte || bytes[offset] == other { return offset }
            offset += 1
        }
        return nil
    }

    /// Reads a body's text from the front, refusing anything unexpected.
    struct Reader {
        var text: ArraySlice<UInt8>

        var atEnd: Bool { text.isEmpty }

        mutating func expect(_ literal: String) throws(FormatError) {
            try expect(Array(literal.utf8))
        }

        mutating func expect(_ literal: [UInt8]) throws(FormatError) {
            guard startsWith(literal) else { throw .corrupt("not in canonical form") }
            text = text.dropFirst(literal.count)
        }

        /// Whether the text starts with `literal`, compared in memory.
        func startsWith(_ literal: [UInt8]) -> Bool {
            guard text.count >= literal.count else { return false }
            return text.withUnsafeBytes { text in
                literal.withUnsafeBytes { literal in
                    literal.elementsEqual(UnsafeRawBufferPointer(rebasing: text[..<literal.count]))
                }
            }
        }

        /// The text up to `terminator`, which stays to be read.
        mutating func until(_ terminator: UInt8) throws(FormatError) -> ArraySlice<UInt8> {
            let offset = text.withUnsafeBytes { BodyText.firstIndex(of: terminator, in: $0) }
            guard let offset else { throw .corrupt("not in canonical form") }
            let end = text.startIndex + offset
            defer { text = text[end...] }
            return text[..<end]
        }

        /// The strings of a list as `BodyText.appendList` writes it. A string holds no newline:
        /// the page digests join records with newlines, so that a record holding one could
        /// stand for two.
        mutating func list() throws(FormatError) -> [ArraySlice<UInt8>] {
            if startsWith(Array("[]".utf8)) {
                text = text.dropFirst(2)
                return []
            }
            try expect("[\n")
            var items: [ArraySlice<UInt8>] = []
            let opening = Array("    \"".utf8)
            let closing = Array("\",\n".utf8)
            while true {
                try expect(opening)
                // The string ends at its quote; a newline before it is refused.
                let end = text.withUnsafeBytes { BodyText.firstIndex(of: UInt8(ascii: "\""), or: 0x0A, in: $0) }.map { text.startIndex + $0 }
                guard let end, text[end] == UInt8(ascii: "\"") else { throw .corrupt("not in canonical form") }
                items.append(text[..<end])
                text = text[end...]
                if startsWith(closing) {
                    text = text.dropFirst(closing.count)
                    continue
                }
                try expect("\"\n  ]")
                return items
            }
        }
    }
}
