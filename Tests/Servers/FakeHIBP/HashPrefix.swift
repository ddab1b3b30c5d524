/// The first five hex digits (20 bits) of a SHA-1 hash: the key a client asks for.
struct HashPrefix: Hashable, Sendable {
    /// Number of hex digits in a prefix.
    static let digitCount = 5

    /// The 20-bit value.
    let value: UInt32

    /// Parses exactly five hex digits of either case; nil otherwise.
    init?<C: Collection>(hexDigits digits: C) where C.Element == UInt8 {
        guard digits.count == Self.digitCount, let value = HexDigits.number(from: digits) else {
            return nil
        }
        self.value = UInt32(value)
    }

    /// The five upper-case hex digits.
    var text: String {
        var bytes: [UInt8] = []
        HexDigits.append(UInt64(value), digits: Self.digitCount, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
