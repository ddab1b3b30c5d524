import FoundationEssentials

/// A keyring that keeps a vault's derived key for the login session (the Secret Service today):
/// a `KeyCache` that can also say whether it is there, show a key's expiry without removing it,
/// and report what removing a key did. `vault unlock`, `lock` and `status` work through it.
public protocol SessionKeyring: KeyCache {
    /// How long a stored key stays valid; `nil` for the rest of the login session.
    var timeToLive: TimeInterval? { get }
    /// Whether keys can be kept here without a prompt, and where they would go.
    var availability: KeyringAvailability { get }
    /// The cached key and its expiry, without removing an expired one.
    func cachedItem(vaultID: String) -> CachedKey?
    /// Removes the vault's key, saying whether there was one.
    func removeItem(vaultID: String) -> KeyRemoval
}

/// Whether a keyring can hold keys here.
public enum KeyringAvailability: Equatable, Sendable {
    case available(collection: String)
    case unavailable(reason: String)
}

/// What removing a vault's key did, for `vault lock` to report.
public enum KeyRemoval: Equatable, Sendable {
    case removed
    case nothingCached
    case failed(String)
}
