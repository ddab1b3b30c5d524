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

/// A store with the unlocker that opens it, and nothing after a change.
public struct UnlockedStore: VaultAccess {
    public let store: VaultStore
    public let unlocker: Unlocker

    public init(_ store: VaultStore, using unlocker: Unlocker) {
        self.store = store
        self.unlocker = unlocker
    }

    public func open() throws -> OpenVault { try store.open(using: unlocker) }

    public func mutate<R>(_ change: (EntryTable) throws -> R) throws -> R { try store.mutate(using: unlocker, change) }
}
