/// Upper and lower case of a unit's code, in any script that has case (Latin, Greek, Cyrillic,
/// Armenian, …), for counting capitalisation variants: `Пароль` is a capitalised word just as
/// `Password` is. Codes of multi-scalar clusters and letters without case are neither.
enum LetterCase {
    static func isUpper(_ code: UInt32) -> Bool {
        if code < 0x80 { return code >= 0x41 && code <= 0x5A }
        return code < PasswordText.firstClusterCode && Unicode.Scalar(code)?.properties.isUppercase == true
    }

    static func isLower(_ code: UInt32) -> Bool {
        if code < 0x80 { return code >= 0x61 && code <= 0x7A }
        return code < PasswordText.firstClusterCode && Unicode.Scalar(code)?.properties.isLowercase == true
    }

    static let capitalSigma: UInt32 = 0x03A3, sigma: UInt32 = 0x03C3, finalSigma: UInt32 = 0x03C2

    /// Whether a sigma at `index` of `codes` ends a word, by Unicode's Final_Sigma rule: a cased
    /// letter before it and none after it. Such a sigma lower-cases to ς, any other to σ.
    static func endsWord(at index: Int, in codes: [UInt32]) -> Bool {
        let isCased = { (at: Int) in codes.indices.contains(at) && (isUpper(codes[at]) || isLower(codes[at])) }
        return isCased(index - 1) && !isCased(index + 1)
    }

    /// Puts ς in `lowered` (the lower case of `codes`, unit for unit) wherever a capital Σ of
    /// `codes` ends a word.
    static func applyFinalSigma(to lowered: inout [UInt32], of codes: [UInt32]) {
        guard codes.contains(capitalSigma) else { return }
        for index in codes.indices where codes[index] == capitalSigma && endsWord(at: index, in: codes) { lowered[index] = finalSigma }
    }

    /// `text` lower-cased with the Final_Sigma rule, which the standard library's `lowercased()`
    /// leaves out (`ΆΛΛΕΣ` is `άλλες`).
    static func lowercased(_ text: String) -> String {
        var codes = text.lowercased().unicodeScalars.map(\.value)
        for index in codes.indices where codes[index] == sigma && endsWord(at: index, in: codes) { codes[index] = finalSigma }
        return String(String.UnicodeScalarView(codes.map { Unicode.Scalar($0)! }))
    }
}
