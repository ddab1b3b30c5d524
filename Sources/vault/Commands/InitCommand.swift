import ArgumentParser
import VaultCore

/// `vault init`: creates a new, empty vault.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new vault.",
        discussion: """
            Asks for the new master password twice (or reads it from --password-file / \
            VAULT_PASSWORD_FILE). The Argon2id defaults (64 MiB, 3 iterations, 4 lanes) take \
            about a fifth of a second on a small machine; the minimum accepted is 8 MiB and 1 iteration, \
            the maximum 16 times the default's memory × iterations (1024 MiB and 3 iterations, say).
            """)

    @OptionGroup var vault: VaultOptions

    @Option(help: ArgumentHelp("Argon2id memory cost in MiB.", valueName: "mib"))
    var kdfMemoryMib: Int = Int(KDFParameters.default.memoryKiB / 1024)

    @Option(help: ArgumentHelp("Argon2id passes over memory.", valueName: "n"))
    var kdfIterations: Int = Int(KDFParameters.default.iterations)

    @Option(help: ArgumentHelp("Argon2id lanes (and threads).", valueName: "n"))
    var kdfParallelism: Int = Int(KDFParameters.default.parallelism)

    @Option(help: "The cipher for the vault.")
    var cipher: Cipher = .xchacha20poly1305

    func run() throws {
        let kibibytes = kdfMemoryMib.multipliedReportingOverflow(by: 1024)
        let parameters = KDFParameters(
            memoryKiB: UInt32(clamping: kibibytes.overflow ? Int.max : kibibytes.partialValue),
            iterations: UInt32(clamping: kdfIterations), parallelism: UInt32(clamping: kdfParallelism))
        try parameters.validate()
        try KDFCost(parameters).checkForNewVault()
        if !cipher.isAvailable { throw CryptoError.cipherUnavailable(cipher) }
        let store = vault.store()
        let password = try vault.passwordSource().masterPassword(prompt: "New master password: ", confirm: true)
        try store.create(password: password, kdf: parameters, cipher: cipher, unlocker: try vault.unlocker())
        Diagnostics.note("Created \(store.path) (\(cipher.rawValue), Argon2id m=\(kdfMemoryMib) MiB t=\(kdfIterations) p=\(kdfParallelism)).")
    }
}

extension Cipher: ExpressibleByArgument {}
