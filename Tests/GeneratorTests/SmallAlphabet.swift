/// A password alphabet small enough to list every string: classes of 3, 2 and 2 characters,
/// length 6, so 7^6 = 117,649 strings. Counting the ones with every class gives exact integers
/// to hold the entropy formula and the expected character probabilities against.
enum SmallAlphabet {
    static let classes: [[UInt8]] = [Array("abc".utf8), Array("XY".utf8), Array("12".utf8)]
    static let length = 6

    /// The strings that have every class, and how many of them begin with each character (in
    /// the order of `classes.joined()`).
    static func enumerate() -> (valid: Int, firstCharacterCounts: [Int]) {
        let alphabet = Array(classes.joined())
        let classOf = alphabet.map { byte in classes.firstIndex { $0.contains(byte) }! }
        var total = 1
        for _ in 0..<length { total *= alphabet.count }
        var valid = 0
        var first = [Int](repeating: 0, count: alphabet.count)
        for number in 0..<total {
            var digits = number
            var present = 0
            var leading = 0
            for position in 0..<length {
                let index = digits % alphabet.count
                digits /= alphabet.count
                present |= 1 << classOf[index]
                if position == 0 { leading = index }
            }
            if present == (1 << classes.count) - 1 {
                valid += 1
                first[leading] += 1
            }
        }
        return (valid, first)
    }
}
