import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The detached process that removes a cached key when its lifetime ends; started by
/// `vault unlock --timeout`, not by people.
struct KeyringExpireCommand: VaultSubcommand {
    /// It opens no vault.
    var vault: VaultOptions { .omitted }

    static let configuration = CommandConfiguration(
        commandName: "keyring-expire",
        abstract: "Remove a cached key when it expires (internal; started by unlock --timeout).",
        shouldDisplay: false)

    func run(in session: VaultSession) async throws {
        let context = session.context
        try HelperCommandError.requireOwnProcess("keyring-expire", context)
        KeyExpirer.run(input: context.streams.input, keyring: context.keyrings.secretServiceOnly())
    }
}
