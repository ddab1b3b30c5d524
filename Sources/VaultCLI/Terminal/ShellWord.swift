import VaultCore
import VaultSystem
/// A word as a person would type it in a shell command that vault suggests
/// (`vault get 'web/my bank' | vault entropy`): as it is when it is plain, else single-quoted,
/// or, when it holds characters `TerminalText` would escape, in bash's `$'…'` quoting with those
/// characters as `\x` escapes of their UTF-8 bytes (which, unlike `\u`, bash decodes in any
/// locale), so that the command is safe to print and still works when pasted.
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+@:,=".unicodeScalars.contains($0)) && $0.value > 0x20
        }
        if plain { return word }
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

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
