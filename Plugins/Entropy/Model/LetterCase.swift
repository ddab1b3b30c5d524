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

    /// `text` lower-cased with Unicode's Final_Sigma rule, which the standard library's
    /// `lowercased()` leaves out: σ after a cased letter and not before one is ς (`ΆΛΛΕΣ` is
    /// `άλλες`).
    static func lowercased(_ text: String) -> String {
        var scalars = Array(text.lowercased().unicodeScalars)
        let isCased = { (index: Int) in scalars.indices.contains(index) && scalars[index].properties.isCased }
        for index in scalars.indices where scalars[index].value == sigma && isCased(index - 1) && !isCased(index + 1) {
            scalars[index] = Unicode.Scalar(finalSigma)!
        }
        return String(String.UnicodeScalarView(scalars))
    }
}
