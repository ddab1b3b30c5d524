/// The words of a command line being completed, before the word at the cursor, as a shell hands
/// them over (`CompletionDialect`): what they say about the vault to list, `--vault PATH` (the
/// last one before `--`, in either form, also as bash splits `--vault=PATH` at the `=`) and
/// `--no-keyring`.
public struct CompletionWords: Equatable, Sendable {
    /// The `--vault` value, unquoted, with a leading `~/` made `home/`.
    public var vaultPath: String?
    /// Whether `--no-keyring` was given: then there is no key to list the names with.
    public var noKeyring = false

    public init(_ words: [String], dialect: CompletionDialect, home: String?) {
        let plain = dialect == .bash ? words.map(Self.unquoted) : words
        var index = plain.startIndex
        while index < plain.endIndex {
            let word = plain[index]
            index += 1
            if word == "--" { break }
            if word == "--no-keyring" { noKeyring = true }
            if word.hasPrefix("--vault=") {
                vaultPath = String(word.dropFirst("--vault=".count))
            } else if word == "--vault", index < plain.endIndex {
                // bash splits `--vault=PATH` into three words.
                if plain[index] == "=", index + 1 < plain.endIndex { index += 1 }
                vaultPath = plain[index]
                index += 1
            }
        }
        if let path = vaultPath, let home, path == "~" || path.hasPrefix("~/") {
            vaultPath = home + path.dropFirst()
        }
    }

    /// A word as bash has it from the command line, with its quoting taken away: backslashes,
    /// single and double quotes (an unfinished one runs to the end). Expansions are not
    /// made, so a path with `$HOME` in it names no vault.
    static func unquoted(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                if quote == "\"" && !"$`\"\\".contains(character) { result.append("\\") }
                result.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote, character == open {
                quote = nil
            } else if quote == nil && (character == "'" || character == "\"") {
                quote = character
            } else {
                result.append(character)
            }
        }
        return result
    }
}
