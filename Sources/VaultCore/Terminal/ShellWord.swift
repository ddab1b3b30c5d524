/// A word as a person would type it in a shell command that vault suggests
/// (`vault get 'web/my bank' | vault entropy`): as it is when it is plain, else single-quoted.
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+@:,=".unicodeScalars.contains($0)) && $0.value > 0x20
        }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
