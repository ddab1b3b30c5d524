/// A vault a command reads and changes with the keys it has: what the domain's operations that
/// need both (issuing a HOTP code, resolving references, saving pins) take, so that they
/// neither know nor choose how the key is found or what follows a change. The command line's
/// session is one; `UnlockedStore` is the plain one.
public protocol VaultAccess {
    /// The decrypted vault.
    func open() throws -> OpenVault
    /// The entries called `names` (each in NFC), in that order, nil for a name the vault does
    /// not hold: read and decrypted alone where the file allows it, so that a lookup costs
    /// about the same however many entries the vault holds.
    func entries(named names: [String]) throws -> [Entry?]
    /// Runs `change` on the current entries under the vault's lock and writes the result. With
    /// `names`, `change` is about the entries of those names (each in NFC) alone, and gets a
    /// table that holds only them (`EntryTable.scope`), so that the others need not be opened.
    func mutate<R>(entriesNamed names: [String]?, _ change: (EntryTable) throws -> R) throws -> R
}

extension VaultAccess {
    /// Runs `change` on every entry under the vault's lock and writes the result.
    public func mutate<R>(_ change: (EntryTable) throws -> R) throws -> R {
        try mutate(entriesNamed: nil, change)
    }

    /// The entry called `name` (in NFC), or nil.
    public func entry(named name: String) throws -> Entry? {
        try entries(named: [name])[0]
    }
}
