import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault lock`: removes the vault's key from both keyrings (and from the kernel keyrings of
/// this user's other sessions).
struct LockCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Remove the vault's key from the keyrings.",
        discussion: """
            Removes the key from the kernel keyring (this session's, and every other session's \
            of this user) and from the Secret Service. Exits 6 when neither keyring can be \
            reached, or one that holds the key did not remove it.
            """)

    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if vault.noKeyring { throw ValidationError("lock works on the keyring; drop --no-keyring") }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        guard try session.config().keyring else { throw KeyringError.disabled }
        let store = session.store
        let envelope = try store.header()
        let keyrings = context.keyrings.keyrings()
        let outcome = keyrings.removeItem(vaultID: envelope.id)
        if case .failed = outcome {} else { session.record(.lock, header: envelope) }
        switch outcome {
        case .removed:
            context.diagnostics.note("Locked \(store.path).")
        case .nothingCached:
            context.diagnostics.note("\(store.path) was not unlocked.")
        case .failed(let reason):
            throw keyrings.availability == .unavailable(reason: reason) ? KeyringError.unavailable(reason) : KeyringError.notRemoved(reason)
        }
    }
}
