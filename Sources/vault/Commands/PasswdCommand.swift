import ArgumentParser
import VaultCore

/// `vault passwd`: changes the master password by re-wrapping the data key.
struct PasswdCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Change the master password.",
        discussion: """
            Re-wraps the vault's data key under the new password with a fresh salt; the entries \
            themselves are not re-encrypted. The new password is typed twice, or read from the \
            first line of --new-password-file.
            """)

    @OptionGroup var vault: VaultOptions

    @Option(help: ArgumentHelp("Read the new master password from the first line of this file.", valueName: "file"))
    var newPasswordFile: String?

    func run() throws {
        let store = vault.store()
        let unlocker = try vault.unlocker()
        // The current password is checked before the new one is asked for; unwrapping the
        // data key is enough, the entries need not be decrypted.
        let header = try store.header()
        _ = try unlocker.dataKey(for: header, label: store.keyLabel)
        let newSource: PasswordSource = newPasswordFile.map { PasswordFile(path: $0, warn: Diagnostics.warning) }
            ?? TerminalPasswordPrompt()
        let newPassword = try newSource.masterPassword(prompt: "New master password: ", confirm: true)
        try store.changePassword(using: unlocker, to: newPassword)
        if vault.noKeyring, try vault.config().keyring {
            // The old key would still open backups of the vault: never leave it cached.
            SecretServiceKeyCache(onUnavailable: { _ in }).remove(vaultID: header.id)
        }
        Diagnostics.note("Changed the master password of \(store.path).")
    }
}
