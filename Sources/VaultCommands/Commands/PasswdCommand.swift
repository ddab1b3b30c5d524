import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault passwd`: a new master password, and with it every key of the vault new.
struct PasswdCommand: VaultSubcommand {
    /// Changing the master password proves the current one first.
    static let keyAccess = KeyAccess.passwordAgain(action: "changing the master password")

    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Change the master password.",
        discussion: """
            Always asks for the current master password (from the terminal, --password-file \
            or VAULT_PASSWORD_FILE), even when the key is in the keyring. The new password is \
            typed twice, or read from the first line of --new-password-file. The vault gets a \
            fresh salt and a fresh data key and its entries are encrypted again, so neither the \
            old password nor any key read before opens it afterwards; the keyring gets the new \
            key. The Argon2id parameters stay as they are unless given.
            """)

    @OptionGroup var vault: VaultOptions

    @Option(help: ArgumentHelp("Read the new master password from the first line of this file.", valueName: "file"))
    var newPasswordFile: String?

    @OptionGroup var kdf: KDFOptions

    func run(in session: VaultSession) async throws {
        let context = session.context
        let store = session.store
        guard !(try store.header().isTeam) else { throw VaultOpenError.teamHasNoPassword }
        let newKDF = kdf.isGiven ? try kdf.parameters(otherwise: store.header().kdf) : nil
        let newSource: PasswordSource = newPasswordFile.map { PasswordFile(path: $0, warn: context.diagnostics.warning) }
            ?? TerminalPasswordPrompt(context.terminal)
        // rotateKeys asks for the new password only once the current one is proven.
        try session.rotateKeys(newPassword: { try newSource.masterPassword(prompt: "New master password: ", confirm: true) }, newKDF: newKDF)
        session.record(.passwd, detail: newKDF.map { "new key derivation \(KDFCost($0).summary)" })
        context.diagnostics.note("Changed the master password of \(store.path); its entries are encrypted under a new data key.")
    }
}
