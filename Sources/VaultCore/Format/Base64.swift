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
        // The table through one local pointer: read through the lazy global, each character
        // would cost a call.
        let bytes = values.withUnsafeBufferPointer { values in [UInt8](unsafeUninitializedCapacity: length) { output, initialised in
            var out = 0
            var index = 0
            while index < text.count {
                let a = values[Int(text[index])], b = values[Int(text[index + 1])]
                let c = values[Int(text[index + 2])], d = values[Int(text[index + 3])]
                let isLast = index + 4 == text.count
                if a | b | c | d < 64 {
                    output[out] = a << 2 | b >> 4
                    output[out + 1] = b << 4 | c >> 2
                    output[out + 2] = c << 6 | d
                    out += 3
                } else if isLast && padding == 2 && a | b < 64 && c == padValue && d == padValue && b & 0x0F == 0 {
                    output[out] = a << 2 | b >> 4
                    out += 1
                } else if isLast && padding == 1 && a | b | c < 64 && d == padValue && c & 0x03 == 0 {
                    output[out] = a << 2 | b >> 4
                    output[out + 1] = b << 4 | c >> 2
                    out += 2
                } else {
                    valid = false
                    break
                }
                index += 4
            }
            initialised = valid ? out : 0
        } }
        return valid ? bytes : nil
    }

    private static let pad = UInt8(ascii: "=")
    private static let padValue: UInt8 = 0xFE

    /// The 6-bit value of each Base64 character; 0xFF for anything else, 0xFE for '='.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        table[Int(pad)] = padValue
        return table
    }()
}
