/// Parses one non-blank line of a data file into its prefix and range entry.
enum DataLineParser {
    /// Why a line was refused.
    struct Problem: Error {
        let message: String
    }

    /// The line without leading and trailing spaces, tabs and carriage returns.
    static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
        guard let first = line.firstIndex(where: { !blank.contains($0) }),
              let last = line.lastIndex(where: { !blank.contains($0) })
        else { return [] }
        return line[first...last]
    }

    /// Splits `SHA1HEX:COUNT` into the 20-bit prefix value and the suffix with its count.
    static func parse(_ line: ArraySlice<UInt8>) -> Result<(UInt32, RangeEntry), Problem> {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(Problem(message: "no ':' between hash and count"))
        }
        let hash = line[..<colon]
        let countDigits = line[(colon + 1)...]
        guard hash.count == 40 else {
            return .failure(Problem(message: "the hash has \(hash.count) characters instead of 40"))
        }
        let prefixEnd = hash.index(hash.startIndex, offsetBy: HashPrefix.digitCount)
        guard let prefix = HashPrefix(hexDigits: hash[..<prefixEnd]),
              let suffix = HashSuffix(hexDigits: hash[prefixEnd...])
        else {
            return .failure(Problem(message: "the hash contains a character that is not a hex digit"))
        }
        guard !countDigits.isEmpty,
              countDigits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            return .failure(Problem(message: "the count is not a decimal number"))
        }
        guard let count = UInt64(String(decoding: countDigits, as: UTF8.self)) else {
            return .failure(Problem(message: "the count is too large"))
        }
        guard count > 0 else {
            return .failure(Problem(message: "the count is 0, which the protocol reserves for padding"))
        }
        return .success((prefix.value, RangeEntry(suffix: suffix, count: count)))
    }
}
