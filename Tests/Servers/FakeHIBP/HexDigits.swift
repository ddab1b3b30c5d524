/// Conversions between ASCII hexadecimal digits and their numeric values.
enum HexDigits {
    /// Upper-case digits in ASCII, indexed by value.
    static let upperCase: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// The value of one ASCII hex digit (either case), or nil for any other byte.
    static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// Reads the digits as one big-endian number; nil if a byte is not a hex digit.
    /// At most 16 digits fit.
    static func number<C: Collection>(from digits: C) -> UInt64? where C.Element == UInt8 {
        var result: UInt64 = 0
        for byte in digits {
            guard let digit = value(of: byte) else { return nil }
            result = result << 4 | UInt64(digit)
        }
        return result
    }

    /// Appends the lowest `count` digits of `value`, most significant first, in upper case.
    static func append(_ value: UInt64, digits count: Int, to output: inout [UInt8]) {
        var shift = (count - 1) * 4
        while shift >= 0 {
            output.append(upperCase[Int((value >> UInt64(shift)) & 0xF)])
            shift -= 4
        }
    }
}
