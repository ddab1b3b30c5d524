/// The body of a range answer: lines `SUFFIX:COUNT` (35 hex characters, a colon, a decimal
/// count) separated by CRLF or LF. Padding lines (count 0) are dropped. Anything else, such as
/// an HTML error page from a proxy, or an empty answer (a padded range never is), is refused: a
/// wrong answer must never read as "not found".
struct RangeResponse: Sendable {
    /// Count per upper-case suffix, for the suffixes seen at least once.
    let counts: [ArraySlice<UInt8>: Int]

    init(body: [UInt8], prefix: String) throws(BreachError) {
        var counts: [ArraySlice<UInt8>: Int] = [:]
        var lineNumber = 0
        var entries = 0
        for rawLine in body.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine
            if line.last == 0x0D { line = line.dropLast() }
            if line.isEmpty { continue }
            guard let (suffix, count) = Self.parse(line) else { throw .notRangeFormat(prefix: prefix, line: lineNumber) }
            entries += 1
            if count > 0 { counts[suffix] = count }
        }
        // A padded range is never empty: an empty answer is not one.
        guard entries > 0 else { throw .notRangeFormat(prefix: prefix, line: 1) }
        self.counts = counts
    }

    func count(of hash: PasswordHash) -> Int { counts[hash.suffix] ?? 0 }

    /// `SUFFIX:COUNT`, with the suffix upper-cased.
    private static func parse(_ line: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, Int)? {
        guard line.count > 36, line[line.startIndex + 35] == UInt8(ascii: ":") else { return nil }
        let suffix = line.prefix(35)
        guard suffix.allSatisfy(HexDigits.isHex) else { return nil }
        let digits = line.dropFirst(36)
        guard digits.count <= 18, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let count = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return (ArraySlice(suffix.map(HexDigits.uppercased)), count)
    }
}
