/// A vault a command reads and changes with the keys it has: what the domain's operations that
/// need both (issuing a HOTP code, resolving references, saving pins) take, so that they
/// neither know nor choose how the key is found or what follows a change. The command line's
/// session is one; `UnlockedStore` is the plain one.
public protocol VaultAccess {
    /// The decrypted vault.
    func open() throws -> OpenVault
    /// Runs `change` on the current entries under the vault's lock and writes the result.
    func mutate<R>(_ change: (EntryTable) throws -> R) throws -> R
}
