import ArgumentParser
import VaultCLI
import VaultKit

/// `vault lock`: removes the vault's key from the keyring.
struct LockCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Remove the vault's key from the keyring.",
        discussion: "Exits 6 when the keyring cannot be reached or did not remove the key.")

    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if vault.noKeyring { throw ValidationError("lock works on the keyring; drop --no-keyring") }
    }

    func run(in context: CommandContext) async throws {
        guard try context.config().keyring else { throw KeyringError.disabled }
        let store = vault.store(in: context)
        let envelope = try store.header()
        switch context.keyrings.keyring().removeItem(vaultID: envelope.id) {
        case .removed:
            context.diagnostics.note("Locked \(store.path).")
        case .nothingCached:
            context.diagnostics.note("\(store.path) was not unlocked.")
        case .failed(let reason):
            throw KeyringError.unavailable(reason)
        }
    }
}
