import VaultCore

/// A store with the unlocker that opens it, and nothing after a change.
public struct UnlockedStore: VaultAccess {
    public let store: VaultStore
    public let unlocker: Unlocker

    public init(_ store: VaultStore, using unlocker: Unlocker) {
        self.store = store
        self.unlocker = unlocker
    }

    public func open() throws -> OpenVault { try store.open(using: unlocker) }

    public func entries(named names: [String]) throws -> [Entry?] { try store.entries(named: names, using: unlocker) }

    public func mutate<R>(entriesNamed names: [String]?, _ change: (EntryTable) throws -> R) throws -> R {
        try store.mutate(entriesNamed: names, using: unlocker, change)
    }
}
