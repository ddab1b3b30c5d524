import FoundationEssentials
import VaultCore
import VaultSystem

/// The Secret Service of an `InMemoryKeyringSession`, used as `SecretServiceKeyCache` uses the
/// real one: one item per vault holding the same text (`vault-key-v1 EXPIRES BASE64KEY`), an
/// expired item treated as absent and removed when it is looked up, and no idle timeout. No
/// expirer removes an item at its expiry, as `vault keyring-expire` does for the real one.
/// SecretServiceKeyCacheTests hold both to the same tests.
public final class InMemorySecretService: KeyringBackend {
    private let session: InMemoryKeyringSession
    private let now: () -> Date

    init(session: InMemoryKeyringSession, now: @escaping () -> Date) {
        self.session = session
        self.now = now
    }

    public let name = "Secret Service"

    public var availability: KeyringAvailability { session.secretServiceAvailability }

    public func lookup(vaultID: String) -> CachedKey? {
        unexpiredItem(vaultID: vaultID, now: now())
    }

    public func cachedItem(vaultID: String) -> CachedKey? {
        guard case .available = availability, let text = session.secretServiceItems.withLock({ $0[vaultID] }) else { return nil }
        return text.withUnsafeBytes { CachedKey(itemText: $0) }
    }

    public func keep(_ key: SecureBytes, vaultID: String, label: String, expires: Int?, idle: Int?) -> KeyStorage {
        precondition(idle == nil, "the Secret Service cannot renew a key on use")
        if case .unavailable(let reason) = availability { return .notKept(reason) }
        // The item holds the text up to its terminating NUL, as the service keeps a C string.
        guard let text = try? CachedKey.itemText(key: key, expires: expires).withUnsafeBytes({ Array($0.prefix { $0 != 0 }) }) else {
            return .notKept("out of guarded memory")
        }
        session.secretServiceItems.withLock { $0[vaultID] = text }
        return .kept
    }

    public func removeItem(vaultID: String) -> KeyRemoval {
        if case .unavailable(let reason) = availability { return .failed(reason) }
        return session.secretServiceItems.withLock { $0.removeValue(forKey: vaultID) } == nil ? .nothingCached : .removed
    }
}
