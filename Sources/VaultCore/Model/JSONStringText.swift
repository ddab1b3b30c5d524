/// The text of a JSON string as its bytes stand in a line: unescaped into a buffer the caller
/// owns (and wipes, since the text may be a secret), for the hand readers of entry lines.
enum JSONStringText {
    /// Unescapes the string whose first byte (the one after its opening quote) is at `start` of
    /// `bytes` into `output`, which must have room for `bytes.count - start` bytes (the text is
    /// never longer than its literal). Returns the index after the closing quote and the number
    /// of bytes written; nil when the string is not closed, holds a control character, an
    /// unknown escape or half of a surrogate pair, or is not UTF-8.
    static func unescape(
        _ bytes: UnsafeRawBufferPointer, from start: Int, into output: UnsafeMutableRawBufferPointer
    ) -> (end: Int, count: Int)? {
        precondition(output.count >= bytes.count - start)
        var index = start
        var count = 0
        func append(_ byte: UInt8) {
            output[count] = byte
            count += 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard isUTF8(UnsafeRawBufferPointer(rebasing: output[0..<count])) else { return nil }
                return (index, count)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): append(escape)
                case UInt8(ascii: "b"): append(0x08)
                case UInt8(ascii: "f"): append(0x0C)
                case UInt8(ascii: "n"): append(0x0A)
                case UInt8(ascii: "r"): append(0x0D)
                case UInt8(ascii: "t"): append(0x09)
                case UInt8(ascii: "u"):
                    // At most four bytes of UTF-8 for the six or twelve of the escape.
                    guard let scalar = escapedScalar(bytes, at: &index) else { return nil }
                    UTF8.encode(scalar) { append($0) }
                default: return nil
                }
            case ..<0x20:
                return nil
            default:
                append(byte)
            }
        }
        return nil
    }

    /// Whether `bytes` are well-formed UTF-8 (no overlong form, no surrogate), read in place.
    static func isUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// The scalar of a `\u` escape whose `\u` has been read; a surrogate pair is two escapes,
    /// and half of one is refused.
    private static func escapedScalar(_ bytes: UnsafeRawBufferPointer, at index: inout Int) -> Unicode.Scalar? {
        guard let unit = hexUnit(bytes, at: &index) else { return nil }
        guard (0xD800...0xDFFF).contains(unit) else { return Unicode.Scalar(unit) }
        guard unit < 0xDC00, index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            return nil
        }
        index += 2
        guard let low = hexUnit(bytes, at: &index), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
    }

    /// The four hex digits of a `\u` escape.
    private static func hexUnit(_ bytes: UnsafeRawBufferPointer, at index: inout Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = HexDigit.value(of: bytes[index]) else { return nil }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
