import VaultCore

/// What `passwd` and `rekey` do about the keyring after a rotation.
enum KeyRotation {
    /// With `--no-keyring` the new key was not stored, so the old one, which still opens
    /// backups of the vault, must not stay cached either.
    static func forgetOldKeyIfNotKept(vault: VaultOptions, vaultID: String) throws {
        if vault.noKeyring, try vault.config().keyring {
            SecretServiceKeyCache(onUnavailable: { _ in }).remove(vaultID: vaultID)
        }
    }
}
