/// Text from a password made safe to print on a terminal: control characters (which could move
/// the cursor, change colours or ring the bell) are shown as escapes, and quoting makes spaces
/// visible.
public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1) written as `\u{1B}`.
    public static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `visible(text)` in double quotes.
    public static func quoted(_ text: String) -> String { "\"" + visible(text) + "\"" }
}
