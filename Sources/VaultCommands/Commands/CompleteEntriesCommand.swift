import ArgumentParser
import VaultCLI
import VaultKit

/// `vault complete-entries`: the entry names the completion scripts offer (see
/// `EntryNameCompletion`). It opens the vault with the cached key alone and prints nothing at
/// all, successfully, when that cannot be done (locked, no vault, no keyring): a completion
/// must never ask for the password or write on the terminal.
struct CompleteEntriesCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: EntryNameCompletion.commandName,
        abstract: "List entry names for shell completion (internal; run by the completion scripts).",
        shouldDisplay: false)

    @OptionGroup var vault: VaultOptions

    @Option(help: "The shell asking: bash, zsh or fish.")
    var shell: CompletionDialect

    @Argument(help: "The words of the command line before the one being completed.")
    var words: [String] = []

    func run(in context: CommandContext) async throws {
        let line = CompletionWords(words, dialect: shell, home: context.environment["HOME"])
        guard !line.noKeyring, let names = try? names(vaultPath: line.vaultPath, in: context) else { return }
        try context.streams.writeLines(names.compactMap { EntryNameCompletion.candidate($0, for: shell) })
    }

    /// The vault's names that are valid entry names (a damaged file's others could carry
    /// control characters to the terminal).
    private func names(vaultPath: String?, in context: CommandContext) throws -> [String] {
        let path = VaultOptions.path(option: vaultPath ?? vault.vaultPath, environment: context.environment)
        let entries = try VaultStore(path: path).open(using: vault.cachedKeyUnlocker(in: context)).entries
        return entries.names.filter { (try? EntryName.validate($0)) != nil }
    }
}
