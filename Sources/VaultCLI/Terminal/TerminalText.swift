import VaultCore
import VaultSystem
/// Text from a user or a file made safe to show a person on a terminal: the one function
/// every displayed value goes through (entries in `show`, names in lists, messages, analyzer
/// reports). Control characters, which could move the cursor, set the clipboard (OSC 52),
/// change the window title or ring the bell, and the bidirectional overrides, which can make
/// text read differently from what it is, are shown as escapes. Scripts get the exact bytes
/// from `get` and `--json` instead.
public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1) and bidirectional formatting
    /// character written as `\u{1B}`.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `visible` for text of several lines (notes, messages): each line made visible, the
    /// line breaks kept.
    public static func visibleLines(_ text: String) -> String {
        // Split by scalar: "\r\n" is one Character, which a split by Character would not cut.
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { visible(String(String.UnicodeScalarView($0))) }.joined(separator: "\n")
    }

    /// `visible(text)` in double quotes.
    public static func quoted(_ text: String) -> String { "\"" + visible(text) + "\"" }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
