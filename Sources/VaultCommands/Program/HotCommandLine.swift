import VaultCLI
import VaultCore
import VaultSystem

/// The command lines most runs are, parsed without the argument parser: `--version`, a plain
/// `get NAME [--field F] [--clip]`, `otp NAME [--clip]`, `read REFERENCE [-n]` (each also with
/// `--vault P`, `--mount P`, `--password-file F`, `--no-keyring` and `--reason TEXT`) and the completion scripts'
/// `complete-entries --shell SHELL -- WORDS…`. Building the parser's tree of commands, or even
/// one command's value, reads properties by reflection and instantiates generic types at run
/// time, which costs more than the rest of such a run; here the words are matched by hand into
/// the plain request the parsed command would make (`GetCommand.request` and the others) and
/// its vault options (a `VaultSelection`). Anything else, or anything unusual in these (another
/// option, an option twice, `--`, an empty word, a value that looks like an option), is nil and
/// goes to the parser, which stays the one definition of the grammar: HotCommandLineTests feeds
/// both thousands of generated command lines and requires the same request, vault options and
/// key access, or this fallback. A reason the parser would refuse goes to the parser too.
enum HotCommandLine {
    /// A command line this path took.
    enum Parsed: Equatable {
        /// `--version` alone.
        case version
        /// A command's request, and its vault options.
        case request(HotRequest, VaultSelection)
    }

    /// What `arguments` (without the program name) ask for, or nil for the parser.
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
        let request = GetRequest(name: line.positionals[0], field: line.values["--field"], clip: line.clip)
        // A public key line is vault-network's to give.
        guard !request.asksForPublicKey else { return nil }
        return .request(.get(request), line.selection)
    }

    private static func otp(_ words: ArraySlice<String>) -> Parsed? {
        guard let line = PlainWords(words, flags: ["--clip"], options: []), line.positionals.count == 1 else { return nil }
        return .request(.otp(OTPRequest(name: line.positionals[0], clip: line.clip)), line.selection)
    }

    private static func read(_ words: ArraySlice<String>) -> Parsed? {
        guard let line = PlainWords(words, flags: ["-n"], options: []), line.positionals.count == 1 else { return nil }
        return .request(.read(ReadRequest(reference: line.positionals[0], noNewline: line.flags.contains("-n"))), line.selection)
    }

    /// Exactly the completion scripts' line: `--shell SHELL --` and the words, whatever they are.
    private static func completeEntries(_ words: ArraySlice<String>) -> Parsed? {
        let start = words.startIndex
        guard words.count >= 3, words[start] == "--shell", let shell = CompletionDialect(rawValue: words[start + 1]),
              words[start + 2] == "--" else { return nil }
        return .request(.completeEntries(CompleteEntriesRequest(shell: shell, words: Array(words.dropFirst(3)))), .defaults)
    }
}

/// The request of a hot command line, run as its command would run it.
enum HotRequest: Equatable {
    case get(GetRequest)
    case otp(OTPRequest)
    case read(ReadRequest)
    case completeEntries(CompleteEntriesRequest)

    /// How the command gets the vault's key: as its command says.
    var keyAccess: KeyAccess {
        switch self {
        case .get: GetCommand.keyAccess
        case .otp: OTPCommand.keyAccess
        case .read: ReadCommand.keyAccess
        case .completeEntries: CompleteEntriesCommand.keyAccess
        }
    }

    /// The command's name in its security events.
    var eventName: String {
        switch self {
        case .get: GetCommand.eventName
        case .otp: OTPCommand.eventName
        case .read: ReadCommand.eventName
        case .completeEntries: CompleteEntriesCommand.eventName
        }
    }

    func run(in session: VaultSession) throws {
        switch self {
        case .get(let request): try request.run(in: session)
        case .otp(let request): try request.run(in: session)
        case .read(let request): try request.run(in: session)
        case .completeEntries(let request): try request.run(in: session)
        }
    }
}

/// The words after a hot command's name, when they are only positionals, the given flags and
/// options and the vault options every such command takes, each at most once, with values that
/// are neither empty nor option-like: the shapes in which the parser and `HotCommandLine`
/// cannot differ.
private struct PlainWords {
    /// The vault options (`VaultOptions`), which every hot command but the completion takes.
    private static let vaultFlags: Set<String> = ["--no-keyring"]
    private static let vaultOptions: Set<String> = ["--vault", "--mount", "--password-file", "--reason"]

    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]

    /// The clipboard when `--clip` was given (with no setting: a hot line has none).
    var clip: ClipChoice? { flags.contains("--clip") ? ClipChoice() : nil }

    /// The vault options given.
    var selection: VaultSelection {
        VaultSelection(vaultPath: values["--vault"], mount: values["--mount"], passwordFile: values["--password-file"], noKeyring: flags.contains("--no-keyring"),
                       reason: values["--reason"])
    }

    init?(_ words: ArraySlice<String>, flags commandFlags: Set<String>, options commandOptions: Set<String>) {
        let knownFlags = commandFlags.union(Self.vaultFlags)
        let knownOptions = commandOptions.union(Self.vaultOptions)
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
            if name == "--reason", ReasonText.problem(with: value) != nil { return nil }
            values[name] = value
        }
        // Two vaults named: the parser's usage error.
        if values["--vault"] != nil && values["--mount"] != nil { return nil }
    }
}
