import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The detached process that clears the clipboard later; started by `--clip`, not by people.
struct ClipboardClearCommand: VaultSubcommand {
    /// It opens no vault.
    var vault: VaultOptions { .omitted }

    static let configuration = CommandConfiguration(
        commandName: "clipboard-clear",
        abstract: "Clear the clipboard after a delay (internal; started by --clip).",
        shouldDisplay: false)

    func run(in session: VaultSession) async throws {
        let context = session.context
        try HelperCommandError.requireOwnProcess("clipboard-clear", context)
        ClipboardClearer.run(environment: context.environment, input: context.streams.input)
    }
}
