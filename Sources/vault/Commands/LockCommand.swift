import ArgumentParser
import VaultCore

/// `vault lock`: removes the vault's key from the keyring.
struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Remove the vault's key from the keyring.")

    @OptionGroup var vault: VaultOptions

    func run() throws {
        let store = vault.store()
        let envelope = try store.header()
        try vault.keyCache().remove(vaultID: envelope.id)
        Diagnostics.note("Locked \(store.path).")
    }
}
