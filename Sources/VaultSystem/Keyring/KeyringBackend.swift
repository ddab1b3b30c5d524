import VaultCore
import FoundationEssentials

/// One place that keeps a vault's derived key between commands: the kernel keyring or the
/// Secret Service. `Keyrings` puts the two in order and gives keys their lifetimes; a backend
/// keeps a key with the expiry it is given, treats an expired key as absent, and can say
/// whether it is there and show a key without touching it.
public protocol KeyringBackend: AnyObject {
    /// What a person calls it: "kernel keyring", "Secret Service".
    var name: String { get }
    /// Whether keys can be kept here without a prompt, and where they would go.
    var availability: KeyringAvailability { get }
    /// The vault's key and its expiry, if one is kept and has not expired (an expired one is
    /// removed); this is a use, which renews an idle key.
    func lookup(vaultID: String) -> CachedKey?
    /// The kept key and its expiry, without removing an expired one or counting as a use.
    func cachedItem(vaultID: String) -> CachedKey?
    /// Keeps `key` until `expires` (Unix seconds; `nil`: as long as the place lasts), or
    /// `idle` seconds after its last use if that comes sooner; `label` names it for a person
    /// browsing the keyring.
    func keep(_ key: SecureBytes, vaultID: String, label: String, expires: Int?, idle: Int?) -> KeyStorage
    /// Removes the vault's key, saying whether there was one.
    func removeItem(vaultID: String) -> KeyRemoval
}

extension KeyringBackend {
    /// The kept key, unless it has expired by `now`: then it is removed and absent. The lookup
    /// of a place that does not end keys itself (the Secret Service).
    package func unexpiredItem(vaultID: String, now: Date) -> CachedKey? {
        guard let item = cachedItem(vaultID: vaultID) else { return nil }
        if let expires = item.expires, expires <= now {
            _ = removeItem(vaultID: vaultID)
            return nil
        }
        return item
    }
}

/// Whether a keyring can hold keys here, and where: "session keyring", "session collection".
public enum KeyringAvailability: Equatable, Sendable {
    case available(place: String)
    case unavailable(reason: String)
}

/// Whether a keyring kept a key, and if not, why.
public enum KeyStorage: Equatable, Sendable {
    case kept
    case notKept(String)
}

/// What removing a vault's key did, for `vault lock` to report.
public enum KeyRemoval: Equatable, Sendable {
    case removed
    case nothingCached
    case failed(String)
}
