import ArgumentParser

/// The shells vault's completion scripts are made for, and how each hands over the words of
/// the command line and takes the candidates back.
public enum CompletionDialect: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Words as typed, quotes and backslashes included; candidates quoted as shell words,
    /// which `compgen -W` expands back to the names.
    case bash
    /// Words with one level of quoting removed (`${(Q)…}`); candidates for `_describe`, with
    /// `\` and `:` escaped.
    case zsh
    /// Words unescaped by `commandline -o`; candidates one per line as they are.
    case fish
}

/// Shell completion of entry names, for every argument and option that names an entry. The
/// completion scripts that swift-argument-parser generates run, at each Tab, a shell command
/// for the candidates: here `vault complete-entries`, a hidden command that lists the names
/// of the vault the command line is about (its `--vault`, else `$VAULT_PATH`, else the
/// default) when the key is cached, and nothing otherwise, never asking for the password.
///
/// The command differs per shell (each has its own way to the words typed so far), so it is
/// chosen while the script is generated, when `CompletionShell.requesting` names the shell.
public enum EntryNameCompletion {
    /// The hidden command that lists the names.
    public static let commandName = "complete-entries"

    /// The completion for an entry name: the listing command for the shell whose script is
    /// being generated, and the default completion otherwise.
    public static var kind: CompletionKind {
        guard let shell = CompletionShell.requesting, let dialect = CompletionDialect(rawValue: shell.rawValue) else {
            return .default
        }
        return .shellCommand(command(for: dialect))
    }

    /// The shell command that lists the candidates: the program typed at the start of the line
    /// runs `complete-entries` with the words before the one being completed.
    static func command(for dialect: CompletionDialect) -> String {
        let arguments = "\(commandName) --shell \(dialect.rawValue) --"
        switch dialect {
        case .bash:
            return #""${COMP_WORDS[0]}" \#(arguments) "${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null"#
        case .zsh:
            // `words` starts at the subcommand here; the generated script keeps the program typed
            // in `command_name`, as its own custom completions use it.
            return #""${command_name}" \#(arguments) "${(@Q)words[2,CURRENT-1]}" 2>/dev/null"#
        case .fish:
            // fish allows no command substitution as the command: the words go through a variable.
            return #"set -l words (commandline -opc); command $words[1] \#(arguments) $words[2..-1] 2>/dev/null"#
        }
    }

    /// `name` as a candidate for the shell to offer; nil for a name bash cannot be trusted to
    /// insert: bash escapes spaces and quotes in what it inserts, but leaves `` ` `` and `$`
    /// as they are, so that a name such as ``ops/`evil` `` (planted by an import or a sync)
    /// would run a command when the line is entered; `\` and `!` are left out with them.
    public static func candidate(_ name: String, for dialect: CompletionDialect) -> String? {
        switch dialect {
        case .bash:
            // By byte: such a character with a combining mark after it is no safer.
            return name.utf8.contains(where: isUnsafeInBash) ? nil : ShellWord.quoted(name)
        case .zsh: return name.replacing("\\", with: "\\\\").replacing(":", with: "\\:")
        case .fish: return name
        }
    }

    /// Whether `byte` is one of the characters a candidate for bash must not hold: `` ` ``,
    /// `$`, `\` and `!` (see `candidate`).
    private static func isUnsafeInBash(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "`"), UInt8(ascii: "$"), UInt8(ascii: "\\"), UInt8(ascii: "!"): true
        default: false
        }
    }
}

extension CompletionKind {
    /// The names of the vault's entries, when its key is cached (see `EntryNameCompletion`).
    public static var entryName: CompletionKind { EntryNameCompletion.kind }
}
