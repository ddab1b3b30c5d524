import FoundationEssentials

/// Base64 for the payload ciphertext, which is public and can be tens of megabytes. Encoding
/// is Foundation's; decoding is done here, in one pass from the file's bytes into the output
/// array, and is strict: padding required, no other characters, and the unused bits of the
/// last character zero, so that each text decodes one way only and any changed character is
/// either refused or changes the bytes. Small header values use libsodium's codec instead.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        Array(Data(bytes).base64EncodedData())
    }

    /// The bytes `text` encodes, or `nil` unless `text` is exactly what `encode` would write.
    static func decodeCanonical(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        guard !text.isEmpty else { return [] }
        let padding = text[text.count - 1] == pad ? (text[text.count - 2] == pad ? 2 : 1) : 0
        let length = text.count / 4 * 3 - padding
        var valid = true
        // The tables through local pointers: read through the lazy globals, each character
        // would cost a call.
        let bytes = quads.withUnsafeBufferPointer { quads in values.withUnsafeBufferPointer { values in
            [UInt8](unsafeUninitializedCapacity: length) { output, initialised in
                // Every group of four characters but the last: one table per place, whose
                // entries are the character's bits already shifted there, so that a group is
                // four lookups and an or (a character outside the alphabet sets bit 24).
                var out = 0
                var index = 0
                let end = text.count - 4
                while index < end {
                    let word = quads[Int(text[index])] | quads[256 + Int(text[index + 1])]
                        | quads[512 + Int(text[index + 2])] | quads[768 + Int(text[index + 3])]
                    guard word < 1 << 24 else {
                        valid = false
                        break
                    }
                    output[out] = UInt8(truncatingIfNeeded: word >> 16)
                    output[out + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    output[out + 2] = UInt8(truncatingIfNeeded: word)
                    out += 3
                    index += 4
                }
                if valid, let last = lastGroup(text[end], text[end + 1], text[end + 2], text[end + 3], padding: padding, values: values) {
                    for offset in 0..<last.count { output[out + offset] = UInt8(truncatingIfNeeded: last.bits >> (16 - 8 * offset)) }
                    out += last.count
                } else {
                    valid = false
                }
                initialised = valid ? out : 0
            }
        } }
        return valid ? bytes : nil
    }

    /// The last group of four characters, with `padding` of them `=`: its 24 bits and how
    /// many bytes of them it holds; nil when it is not as `encode` writes it (the bits left
    /// unused by the padding must be zero).
    private static func lastGroup(
        _ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, padding: Int, values: UnsafeBufferPointer<UInt8>
    ) -> (bits: UInt32, count: Int)? {
        let (a, b, c, d) = (values[Int(a)], values[Int(b)], values[Int(c)], values[Int(d)])
        func bits(_ c: UInt8, _ d: UInt8) -> UInt32 { UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d) }
        switch padding {
        case 0 where a | b | c | d < 64:
            return (bits(c, d), 3)
        case 1 where a | b | c < 64 && d == padValue && c & 0x03 == 0:
            return (bits(c, 0), 2)
        case 2 where a | b < 64 && c == padValue && d == padValue && b & 0x0F == 0:
            return (bits(0, 0), 1)
        default:
            return nil
        }
    }

    private static let pad = UInt8(ascii: "=")
    private static let padValue: UInt8 = 0xFE
    private static let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    /// The 6-bit value of each Base64 character; 0xFF for anything else, 0xFE for '='.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.utf8.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        table[Int(pad)] = padValue
        return table
    }()

    /// Four tables of 256 entries, one per place in a group of four characters: a character's
    /// 6-bit value shifted to where that place puts it in the group's 24 bits, or bit 24 alone
    /// for anything outside the alphabet (`=` included: it ends only the last group).
    private static let quads: [UInt32] = {
        var table = [UInt32](repeating: 1 << 24, count: 4 * 256)
        for (value, character) in alphabet.utf8.enumerated() {
            for place in 0..<4 {
                table[place * 256 + Int(character)] = UInt32(value) << (18 - 6 * place)
            }
        }
        return table
    }()
}
