import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault init`: creates a new, empty vault.
struct InitCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new vault.",
        discussion: """
            Asks for the new master password twice (or reads it from --password-file / \
            VAULT_PASSWORD_FILE). The Argon2id defaults (64 MiB, 3 iterations, 4 lanes) take \
            about a fifth of a second on a small machine; the minimum accepted is 8 MiB and 1 iteration, \
            the maximum 2048 MiB, and 16 times the default's cost (memory multiplied by iterations: \
            1024 MiB with 3 iterations, or 2048 MiB with 1, say); beyond that, every command \
            would have to ask whether the vault is yours. `vault passwd` and `vault rekey` \
            change them later.
            """)

    @OptionGroup var vault: VaultOptions

    @OptionGroup var kdf: KDFOptions

    @Option(help: "The cipher for the vault.")
    var cipher: Cipher = .xchacha20poly1305

    func run(in session: VaultSession) async throws {
        let context = session.context
        let parameters = try kdf.parameters(otherwise: .default)
        if !cipher.isAvailable { throw CryptoError.cipherUnavailable(cipher) }
        let store = session.store
        let password = try session.passwordSource().masterPassword(prompt: "New master password: ", confirm: true)
        // This machine's device id, which its changes will be stamped with (made if missing).
        _ = try store.origin.device()
        try store.create(password: password, kdf: parameters, cipher: cipher, unlocker: try session.unlocker())
        context.diagnostics.note("Created \(store.path) (\(cipher.rawValue), Argon2id m=\(parameters.memoryKiB / 1024) MiB t=\(parameters.iterations) p=\(parameters.parallelism)).")
    }
}

extension Cipher: ExpressibleByArgument {}
