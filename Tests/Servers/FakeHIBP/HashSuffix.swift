/// The last 35 hex digits (140 bits) of a SHA-1 hash: what a range response lists after the prefix.
///
/// Stored as three numbers whose lexicographic order matches the order of the hex text.
struct HashSuffix: Hashable, Comparable, Sendable {
    /// Number of hex digits in a suffix.
    static let digitCount = 35

    /// Digits 1–3 (12 bits).
    let high: UInt64
    /// Digits 4–19 (64 bits).
    let middle: UInt64
    /// Digits 20–35 (64 bits).
    let low: UInt64

    init(high: UInt64, middle: UInt64, low: UInt64) {
        self.high = high & 0xFFF
        self.middle = middle
        self.low = low
    }

    /// Parses exactly 35 hex digits of either case; nil otherwise.
    init?<C: Collection>(hexDigits digits: C) where C.Element == UInt8 {
        guard digits.count == Self.digitCount else { return nil }
        let first = digits.startIndex
        let second = digits.index(first, offsetBy: 3)
        let third = digits.index(second, offsetBy: 16)
        guard let high = HexDigits.number(from: digits[first..<second]),
              let middle = HexDigits.number(from: digits[second..<third]),
              let low = HexDigits.number(from: digits[third...])
        else { return nil }
        self.init(high: high, middle: middle, low: low)
    }

    static func < (lhs: HashSuffix, rhs: HashSuffix) -> Bool {
        (lhs.high, lhs.middle, lhs.low) < (rhs.high, rhs.middle, rhs.low)
    }

    /// Appends the 35 upper-case hex digits.
    func appendHex(to output: inout [UInt8]) {
        HexDigits.append(high, digits: 3, to: &output)
        HexDigits.append(middle, digits: 16, to: &output)
        HexDigits.append(low, digits: 16, to: &output)
    }
}
