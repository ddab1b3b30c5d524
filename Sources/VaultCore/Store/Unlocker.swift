/// Turns a vault header into its keys: from the key cache, or from the master password through
/// Argon2id. The password is asked at most once per command and each derivation is done at
/// most once, however often the store needs the keys.
///
/// An unlocker made for re-authentication (`passwd`, `rekey`, `export`) never takes a key from
/// the cache: whoever sits at an unlocked session has that key, so these commands prove the
/// password itself, and fail with exit 3 when there is no terminal and no password file.
public final class Unlocker {
    private let passwordSource: PasswordSource
    public let keyCache: KeyCache
    /// What the command that must prove the password does ("changing the master password"),
    /// or `nil` when a cached key is good enough.
    private let reauthentication: String?
    /// Asked before a derivation past `KDFCost.limitFactor`; throws to refuse it.
    private let confirmCostlyDerivation: (KDFCost) throws -> Void
    private var password: SecureBytes?
    private var derivedKeys: [(salt: [UInt8], kdf: KDFParameters, key: SecureBytes)] = []

    public init(
        passwordSource: PasswordSource, keyCache: KeyCache, reauthentication: String? = nil,
        confirmCostlyDerivation: @escaping (KDFCost) throws -> Void = { throw VaultOpenError.costlyKeyDerivation(description: $0.summary) }
    ) {
        self.passwordSource = passwordSource
        self.keyCache = keyCache
        self.reauthentication = reauthentication
        self.confirmCostlyDerivation = confirmCostlyDerivation
    }

    /// The master password, asked for on first use.
    public func masterPassword() throws -> SecureBytes {
        if let password { return password }
        let typed: SecureBytes
        do {
            typed = try passwordSource.masterPassword(prompt: "Master password: ", confirm: false)
        } catch TerminalError.locked where reauthentication != nil {
            throw VaultOpenError.currentPasswordNeeded(action: reauthentication!)
        }
        password = typed
        return typed
    }

    /// The key-encryption key for `envelope`, derived from the master password (asked for if
    /// need be); a costly derivation is confirmed first.
    public func keyEncryptionKey(for envelope: Envelope) throws -> SecureBytes {
        if let known = derivedKey(for: envelope) { return known }
        let cost = KDFCost(envelope.kdf)
        if cost.exceedsLimit { try confirmCostlyDerivation(cost) }
        let key = try Argon2id.deriveKey(password: try masterPassword(), salt: envelope.salt, parameters: envelope.kdf)
        derivedKeys.append((envelope.salt, envelope.kdf, key))
        return key
    }

    private func derivedKey(for envelope: Envelope) -> SecureBytes? {
        derivedKeys.first(where: { $0.salt == envelope.salt && $0.kdf == envelope.kdf })?.key
    }

    /// The keys of `envelope`: from the cache unless re-authenticating (a cached key that no
    /// longer opens the vault is dropped), else from the password, asking for it if need be.
    /// Unwrapping the data key authenticates the whole header.
    public func keys(for envelope: Envelope, label: String) throws -> VaultKeys {
        if let cached = cachedKeys(for: envelope) { return cached }
        return try keysFromPassword(for: envelope, label: label)
    }

    /// The keys of a header read again under the lock, which has changed since the command
    /// began: from the cache (where a command that changed the password left the new key),
    /// or from a password this command already has; never by asking, so that nobody types
    /// while others wait. Throws `changedWhileWaiting` when neither opens it.
    public func keysWithoutAsking(for envelope: Envelope, label: String) throws -> VaultKeys {
        if let cached = cachedKeys(for: envelope) { return cached }
        guard derivedKey(for: envelope) != nil || password != nil else { throw VaultOpenError.changedWhileWaiting }
        do {
            return try keysFromPassword(for: envelope, label: label)
        } catch VaultOpenError.wrongPassword {
            throw VaultOpenError.changedWhileWaiting
        }
    }

    /// The keys from the master password alone, ignoring the cache, which then gets the
    /// derived key: what `vault unlock` does.
    @discardableResult
    public func keysFromPassword(for envelope: Envelope, label: String) throws -> VaultKeys {
        let key = try keyEncryptionKey(for: envelope)
        let dataKey: SecureBytes
        do {
            dataKey = try envelope.unwrapDataKey(with: key)
        } catch CryptoError.authenticationFailed {
            throw VaultOpenError.wrongPassword
        }
        keyCache.store(key, vaultID: envelope.id, label: label)
        return VaultKeys(keyEncryptionKey: key, dataKey: dataKey)
    }

    private func cachedKeys(for envelope: Envelope) -> VaultKeys? {
        guard reauthentication == nil, let cached = keyCache.lookup(vaultID: envelope.id) else { return nil }
        if let dataKey = try? envelope.unwrapDataKey(with: cached) {
            return VaultKeys(keyEncryptionKey: cached, dataKey: dataKey)
        }
        keyCache.remove(vaultID: envelope.id)
        return nil
    }
}
