/// Numbers in git's configuration, read as git reads them, for the settings whose meaning
/// depends on it (`core.sharedRepository`).
enum GitNumber {
    /// The text as C's `strtol(text, &end, 8)` reads it when nothing is left after the number:
    /// leading white space, an optional sign, octal digits (none at all is 0, as for an empty
    /// text); nil when anything else is left.
    static func octal(_ text: String) -> Int64? {
        var rest = Substring(text).drop { " \t\n\u{0B}\u{0C}\r".contains($0) }
        if rest.isEmpty { return text.isEmpty ? 0 : nil }
        let negative = rest.first == "-"
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.allSatisfy({ ("0"..."7").contains($0) }) else { return nil }
        // strtol stops at its range; git then truncates to an int: taken as far as 64 bits go.
        let magnitude = rest.reduce(Int64(0)) { ($0 &* 8) &+ Int64($1.asciiValue! - 48) }
        return negative ? -magnitude : magnitude
    }

    /// The text as git's `git_parse_int` reads it: C's `strtoimax` in base 0 (leading white
    /// space, a sign, `0x` hexadecimal, a leading `0` octal, else decimal), then an optional
    /// unit `k`, `m` or `g` (any case); nil when that is not all there is.
    static func integer(_ text: String) -> Int64? {
        var rest = Substring(text).drop { " \t\n\u{0B}\u{0C}\r".contains($0) }
        let negative = rest.first == "-"
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        var radix = 10
        if rest.lowercased().hasPrefix("0x"), rest.dropFirst(2).first?.isHexDigit == true {
            radix = 16
            rest = rest.dropFirst(2)
        } else if rest.first == "0" {
            radix = 8
        }
        let digits = rest.prefix { $0.isASCII && Int(String($0), radix: radix) != nil }
        guard !digits.isEmpty, let magnitude = Int64(digits, radix: radix) else { return nil }
        let unit = rest.dropFirst(digits.count)
        let factor: Int64
        switch unit.lowercased() {
        case "": factor = 1
        case "k": factor = 1 << 10
        case "m": factor = 1 << 20
        case "g": factor = 1 << 30
        default: return nil
        }
        let (value, overflow) = magnitude.multipliedReportingOverflow(by: factor)
        guard !overflow else { return nil }
        return negative ? -value : value
    }
}
