import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// Quoting for the POSIX shell git runs drivers with (`sh -c`): a word in single quotes,
/// each single quote in it written as `'\''`.
enum ShellQuoting {
    static func posix(_ word: String) -> String {
        "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// A word for a command line git expands placeholders in (a merge driver, a textconv):
    /// quoted as `posix` quotes it, every `%` doubled so that git leaves one.
    static func forGitCommand(_ word: String) -> String {
        posix(word).replacing("%", with: "%%")
    }

    /// Whether a command line's program is there: its first word, single-quoted as `posix`
    /// quotes it or plain, names an existing file, or is a bare name left to PATH.
    static func firstWordExists(_ command: String) -> Bool {
        guard command.hasPrefix("'") else {
            let word = command.split(separator: " ").first.map(String.init) ?? ""
            return !word.contains("/") || access(word, X_OK) == 0
        }
        var word = ""
        var rest = command.dropFirst()
        while let end = rest.firstIndex(of: "'") {
            word += rest[..<end]
            rest = rest[rest.index(after: end)...]
            guard rest.hasPrefix("\\''") else { return access(word, X_OK) == 0 }
            word += "'"
            rest = rest.dropFirst(3)
        }
        return false
    }
}
