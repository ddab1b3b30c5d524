import VaultCore
import VaultSystem
/// A word as a person would type it in a shell command that vault suggests
/// (`vault get 'web/my bank' | vault entropy`): as it is when it is plain, else single-quoted,
/// or, when it holds characters `TerminalText` would escape, in bash's `$'…'` quoting with those
/// characters as `\x` escapes of their UTF-8 bytes (which, unlike `\u`, bash decodes in any
/// locale), so that the command is safe to print and still works when pasted.
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        if !word.isEmpty && word.unicodeScalars.allSatisfy(isPlain) { return word }
        guard TerminalText.visible(word) != word else { return "'" + word.replacing("'", with: "'\\''") + "'" }
        var quoted = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\", "'": quoted += "\\" + String(scalar)
            case _ where TerminalText.visible(String(scalar)) != String(scalar):
                quoted += String(scalar).utf8.map { "\\x" + hex(UInt32($0), digits: 2) }.joined()
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }

    /// Whether `scalar` needs no quoting: an alphabetic character (Unicode's property), an ASCII
    /// digit, or one of `/._-+@:,=`.
    /// ASCII is told apart without Unicode's tables: completion asks this of every character
    /// of every name.
    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "/", ".", "_", "-", "+", "@", ":", ",", "=": true
        case _ where scalar.isASCII: false
        default: scalar.properties.isAlphabetic
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
