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
}
