/// One hexadecimal digit read as its value, in either case: for percent-encoded text (secret
/// references, one-time password URIs) and the IVs of key files' headers.
public enum HexDigit {
    /// The value of the ASCII digit `byte`, or nil for any other byte.
    public static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
