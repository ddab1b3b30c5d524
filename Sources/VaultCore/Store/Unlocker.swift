/// Turns a vault header into its data key: first from the key cache, then from the master
/// password through Argon2id. The password is asked at most once per command and each
/// derivation is done at most once, however often the store needs the key.
public final class Unlocker {
    private let passwordSource: PasswordSource
    public let keyCache: KeyCache
    private var password: SecureBytes?
    private var derivedKeys: [(salt: [UInt8], kdf: KDFParameters, key: SecureBytes)] = []

    public init(passwordSource: PasswordSource, keyCache: KeyCache) {
        self.passwordSource = passwordSource
        self.keyCache = keyCache
    }

    /// The master password, asked for on first use.
    public func masterPassword() throws -> SecureBytes {
        if let password { return password }
        let typed = try passwordSource.masterPassword(prompt: "Master password: ", confirm: false)
        password = typed
        return typed
    }

    /// The key-encryption key for `envelope`, derived from the master password.
    public func keyEncryptionKey(for envelope: Envelope) throws -> SecureBytes {
        if let known = derivedKeys.first(where: { $0.salt == envelope.salt && $0.kdf == envelope.kdf }) {
            return known.key
        }
        let key = try Argon2id.deriveKey(password: try masterPassword(), salt: envelope.salt, parameters: envelope.kdf)
        derivedKeys.append((envelope.salt, envelope.kdf, key))
        return key
    }

    /// The data key of `envelope`. A cached key that no longer opens the vault is dropped and
    /// the password asked for instead; a derived key that works is offered to the cache.
    public func dataKey(for envelope: Envelope, label: String) throws -> SecureBytes {
        if let cached = keyCache.lookup(vaultID: envelope.id) {
            if let dataKey = try? envelope.unwrapDataKey(with: cached) { return dataKey }
            keyCache.remove(vaultID: envelope.id)
        }
        return try dataKeyFromPassword(for: envelope, label: label)
    }

    /// The data key from the master password alone, ignoring the cache, which then gets the
    /// derived key: what `vault unlock` does.
    @discardableResult
    public func dataKeyFromPassword(for envelope: Envelope, label: String) throws -> SecureBytes {
        let key = try keyEncryptionKey(for: envelope)
        let dataKey: SecureBytes
        do {
            dataKey = try envelope.unwrapDataKey(with: key)
        } catch CryptoError.authenticationFailed {
            throw VaultOpenError.wrongPassword
        }
        keyCache.store(key, vaultID: envelope.id, label: label)
        return dataKey
    }
}
