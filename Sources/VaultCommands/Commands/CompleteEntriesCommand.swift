import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault complete-entries`: the entry names the completion scripts offer (see
/// `EntryNameCompletion`). It opens the vault with the cached key alone and prints nothing at
/// all, successfully, when that cannot be done (locked, no vault, no keyring): a completion
/// must never ask for the password or write on the terminal.
struct CompleteEntriesCommand: RequestingCommand {
    /// Completion runs at each Tab: it never asks.
    static let keyAccess = KeyAccess.cachedOnly

    static let configuration = CommandConfiguration(
        commandName: EntryNameCompletion.commandName,
        abstract: "List entry names for shell completion (internal; run by the completion scripts).",
        shouldDisplay: false)

    @OptionGroup var vault: VaultOptions

    @Option(help: "The shell asking: bash, zsh or fish.")
    var shell: CompletionDialect

    @Argument(help: "The words of the command line before the one being completed.")
    var words: [String] = []

    /// What the command line asks for, as plain values.
    var request: CompleteEntriesRequest {
        CompleteEntriesRequest(shell: shell, words: words)
    }
}

/// One completion request as plain values: what `CompleteEntriesCommand` parses to, and what
/// `HotCommandLine` makes of the completion scripts' line; the work is done here.
struct CompleteEntriesRequest: CommandRequest {
    var shell: CompletionDialect
    /// The words of the command line before the one being completed.
    var words: [String]

    func run(in session: VaultSession) throws {
        let context = session.context
        let line = CompletionWords(words, dialect: shell, home: context.environment["HOME"])
        guard !line.noKeyring, let names = try? names(vaultPath: line.vaultPath, in: session) else { return }
        try context.streams.writeLines(names.compactMap { EntryNameCompletion.candidate($0, for: shell) })
    }

    /// The vault's names that are valid entry names (a damaged file's others could carry
    /// control characters to the terminal).
    private func names(vaultPath: String?, in session: VaultSession) throws -> [String] {
        let target = vaultPath.map { session.forVault(at: VaultOptions.path(option: $0, environment: session.context.environment)) } ?? session
        var names: [String] = []
        // With no --vault on the line, the own vault's and each mounted team vault's under its prefix.
        try target.forEachVault(quietly: true) { prefix, vault in
            let own = try vault.entryNames()
            let hidden = vault.hiddenByMounts(own, quietly: true)
            names += own.filter { (try? EntryName.validate($0)) != nil && !hidden.contains($0) }.map { MountTable.name($0, under: prefix) }
        }
        return names
    }
}
