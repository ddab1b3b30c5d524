import VaultCLI
import VaultCore
import VaultSystem

/// The command lines most runs are, parsed without the argument parser: `--version`, a plain
/// `get NAME [--field F] [--clip]`, `otp NAME [--clip]`, `read REFERENCE [-n]` and the
/// completion scripts' `complete-entries --shell SHELL -- WORDS…`. Building the parser's tree
/// of commands reads every command's and option group's properties by reflection, which costs
/// more than the rest of such a run; here the words are matched by hand into the very command
/// values the parser would make. Anything else, or anything unusual in these (another option,
/// an option twice, `--`, an empty word, a value that looks like an option), is nil and goes to
/// the parser, which stays the one definition of the grammar: HotCommandLineTests feeds both
/// thousands of generated command lines and requires the same command or this fallback.
enum HotCommandLine {
    /// A command line this path took.
    enum Parsed {
        /// `--version` alone.
        case version
        /// A command, parsed and validated, ready to run.
        case command(any VaultSubcommand)
    }

    /// The command `arguments` (without the program name) make, or nil for the parser.
    static func parse(_ arguments: [String]) -> Parsed? {
        guard let first = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        switch first {
        case "--version": return rest.isEmpty ? .version : nil
        case "get": return get(rest)
        case "otp": return otp(rest)
        case "read": return read(rest)
        case EntryNameCompletion.commandName: return completeEntries(rest)
        default: return nil
        }
    }

    private static func get(_ words: ArraySlice<String>) -> Parsed? {
        guard let line = PlainWords(words, flags: ["--clip"], options: ["--field"]), line.positionals.count == 1 else { return nil }
        var command = GetCommand()
        command.vault = .omitted
        command.name = line.positionals[0]
        command.field = line.values["--field"]
        command.output = .omitted
        command.clipboard = .given(clip: line.flags.contains("--clip"))
        return validated(command)
    }

    private static func otp(_ words: ArraySlice<String>) -> Parsed? {
        guard let line = PlainWords(words, flags: ["--clip"], options: []), line.positionals.count == 1 else { return nil }
        var command = OTPCommand()
        command.vault = .omitted
        command.name = line.positionals[0]
        command.at = nil
        command.output = .omitted
        command.clipboard = .given(clip: line.flags.contains("--clip"))
        return validated(command)
    }

    private static func read(_ words: ArraySlice<String>) -> Parsed? {
        guard let line = PlainWords(words, flags: ["-n"], options: []), line.positionals.count == 1 else { return nil }
        var command = ReadCommand()
        command.vault = .omitted
        command.reference = line.positionals[0]
        command.noNewline = line.flags.contains("-n")
        command.output = nil
        command.force = false
        return validated(command)
    }

    /// Exactly the completion scripts' line: `--shell SHELL --` and the words, whatever they are.
    private static func completeEntries(_ words: ArraySlice<String>) -> Parsed? {
        let start = words.startIndex
        guard words.count >= 3, words[start] == "--shell", let shell = CompletionDialect(rawValue: words[start + 1]),
              words[start + 2] == "--" else { return nil }
        var command = CompleteEntriesCommand()
        command.vault = .omitted
        command.shell = shell
        command.words = Array(words.dropFirst(3))
        return validated(command)
    }

    /// The command, unless its own checks refuse it (then the parser says why).
    private static func validated(_ command: some VaultSubcommand) -> Parsed? {
        var command = command
        return (try? command.validate()) == nil ? nil : .command(command)
    }
}

/// The words after a hot command's name, when they are only positionals and the given flags and
/// options, each at most once, with values that are neither empty nor option-like: the shapes
/// in which the parser and `HotCommandLine` cannot differ.
private struct PlainWords {
    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]

    init?(_ words: ArraySlice<String>, flags knownFlags: Set<String>, options knownOptions: Set<String>) {
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            guard !word.isEmpty else { return nil }
            guard word.hasPrefix("-") else {
                positionals.append(word)
                continue
            }
            if knownFlags.contains(word) {
                guard flags.insert(word).inserted else { return nil }
                continue
            }
            let equals = word.hasPrefix("--") ? word.firstIndex(of: "=") : nil
            let name = equals.map { String(word[..<$0]) } ?? word
            guard knownOptions.contains(name), values[name] == nil else { return nil }
            let value: String
            if let equals {
                value = String(word[word.index(after: equals)...])
            } else {
                guard index < words.endIndex else { return nil }
                value = words[index]
                index += 1
            }
            guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
            values[name] = value
        }
    }
}
