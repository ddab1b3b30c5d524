import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault rekey`: every key of the vault new, the master password kept.
struct RekeyCommand: VaultSubcommand {
    /// Replacing the keys proves the master password first.
    static let keyAccess = KeyAccess.passwordAgain(action: "replacing the vault's keys")

    static let configuration = CommandConfiguration(
        commandName: "rekey",
        abstract: "Replace the vault's keys, keeping the master password.",
        discussion: """
            For when a key may have leaked (a key read from the keyring, an old backup and its \
            password): the vault gets a fresh salt and a fresh data key and its entries are \
            encrypted again, so no key read before opens it afterwards. Always asks for the \
            master password (from the terminal, --password-file or VAULT_PASSWORD_FILE), even \
            when the key is in the keyring; the keyring gets the new key. The Argon2id \
            parameters stay as they are unless given. Change a password that leaked with \
            `vault passwd` instead.
            """)

    @OptionGroup var vault: VaultOptions

    @OptionGroup var kdf: KDFOptions

    func run(in session: VaultSession) async throws {
        let store = session.store
        guard !(try store.header().isTeam) else { throw VaultOpenError.teamHasNoPassword }
        let newKDF = kdf.isGiven ? try kdf.parameters(otherwise: store.header().kdf) : nil
        try session.rotateKeys(newPassword: nil, newKDF: newKDF)
        session.record(.rekey, detail: newKDF.map { "new key derivation \(KDFCost($0).summary)" })
        session.diagnostics.note("Replaced the keys of \(store.path): a new salt and a new data key; the master password is unchanged.")
    }
}
