/// Turns a vault header into its keys: from the key cache, or from the master password through
/// Argon2id. The password is asked at most once per command and each derivation is done at
/// most once, however often the store needs the keys.
///
/// An unlocker made for re-authentication (`passwd`, `rekey`, `export`) neither takes a key
/// from the cache nor puts one there: whoever sits at an unlocked session has that key, so these
/// commands prove the password itself, and fail with exit 3 when there is no terminal and no
/// password file (`passwd` and `rekey` then put the new key there themselves).
///
/// The cache is changed (a derived key stored, a stale one removed) only through the
/// `KeyCacheGuard` it is given with each header: the store's does it only while the header's
/// salt and KDF are still the vault's, so a command that read the file before another changed
/// the password cannot put the old key back or remove the new one.
public final class Unlocker {
    private let passwordSource: PasswordSource
    public let keyCache: KeyCache
    /// What the command that must prove the password does ("changing the master password"),
    /// or `nil` when a cached key is good enough.
    private let reauthentication: String?
    /// Asked before a derivation past `KDFCost`'s limit; throws to refuse it.
    private let confirmCostlyDerivation: (KDFCost) throws -> Void
    private var password: SecureBytes?
    /// What the person is asked when the password is needed.
    private let prompt: String
    /// The key-encryption keys this command derived from the master password.
    private var derivedKeys: [(salt: [UInt8], kdf: KDFParameters, key: SecureBytes)] = []
    /// Told of each master password this unlocker was given and tried on a header: whether it
    /// opened it (the security log records both). Not told of the tries made without asking,
    /// on a header that changed while the command waited.
    public var passwordTried: ((_ header: Envelope, _ opened: Bool) -> Void)?
    /// The team identities of the person (from their personal vault, opened on first use): what
    /// opens a team vault's header, which has no master password.
    public var teamIdentities: (() throws -> [MemberIdentity])?
    private var openedIdentities: [MemberIdentity]?

    public init(
        passwordSource: PasswordSource, keyCache: KeyCache, reauthentication: String? = nil, prompt: String = "Master password: ",
        confirmCostlyDerivation: @escaping (KDFCost) throws -> Void = { throw VaultOpenError.costlyKeyDerivation(description: $0.summary) }
    ) {
        self.passwordSource = passwordSource
        self.prompt = prompt
        self.keyCache = keyCache
        self.reauthentication = reauthentication
        self.confirmCostlyDerivation = confirmCostlyDerivation
    }

    /// The master password, asked for on first use.
    public func masterPassword() throws -> SecureBytes {
        if let password { return password }
        let typed: SecureBytes
        do {
            typed = try passwordSource.masterPassword(prompt: prompt, confirm: false)
        } catch InputError.locked where reauthentication != nil {
            throw VaultOpenError.currentPasswordNeeded(action: reauthentication!)
        }
        password = typed
        return typed
    }

    /// The key-encryption key for `envelope`, derived from the master password (asked for if
    /// need be). A costly derivation is confirmed first, or with `mayAsk` false refused as a
    /// change this command cannot follow.
    private func keyEncryptionKey(for envelope: Envelope, mayAsk: Bool) throws -> SecureBytes {
        if let known = derivedKey(for: envelope) { return known }
        let cost = KDFCost(envelope.kdf)
        if cost.exceedsLimit {
            guard mayAsk else { throw VaultOpenError.changedWhileWaiting }
            try confirmCostlyDerivation(cost)
        }
        let key = try Argon2id.deriveKey(password: try masterPassword(), salt: envelope.salt, parameters: envelope.kdf)
        derivedKeys.append((envelope.salt, envelope.kdf, key))
        return key
    }

    private func derivedKey(for envelope: Envelope) -> SecureBytes? {
        derivedKeys.first(where: { $0.salt == envelope.salt && $0.kdf == envelope.kdf })?.key
    }

    /// The keys of `envelope`: from the cache unless re-authenticating, else from the password,
    /// asking for it if need be. Unwrapping the data key authenticates the whole header.
    public func keys(for envelope: Envelope, label: String, cacheGuard: any KeyCacheGuard) throws -> VaultKeys {
        if envelope.isTeam { return try teamKeys(for: envelope) }
        if let known = derivedKey(for: envelope), let keys = try? unwrap(envelope, with: known) { return keys }
        if let cached = cachedKeys(for: envelope, cacheGuard: cacheGuard) { return cached }
        return try keysFromPassword(for: envelope, label: label, cacheGuard: cacheGuard)
    }

    /// The keys of a header read again under the lock, which has changed since the command
    /// began: with a key this command already derived, from the cache (where a command that
    /// changed the password left the new key), or from a password this command already has;
    /// never by asking, so that nobody types or confirms while others wait. Throws
    /// `changedWhileWaiting` when none of them opens it.
    public func keysWithoutAsking(for envelope: Envelope, label: String) throws -> VaultKeys {
        if envelope.isTeam { return try teamKeys(for: envelope) }
        let underTheLock = ImmediateCacheUpdates()
        if let known = derivedKey(for: envelope), let keys = try? unwrap(envelope, with: known) { return keys }
        if let cached = cachedKeys(for: envelope, cacheGuard: underTheLock) { return cached }
        guard password != nil else { throw VaultOpenError.changedWhileWaiting }
        do {
            return try keysFromPassword(for: envelope, label: label, cacheGuard: underTheLock, mayAsk: false)
        } catch VaultOpenError.wrongPassword {
            throw VaultOpenError.changedWhileWaiting
        }
    }

    /// The keys of `envelope` from what this unlocker holds already: a key it derived, the
    /// cached key, or the password it was given (derived now, unless that is past the limit);
    /// nil when none of them opens it. It never asks and never changes the cache: a copy of the
    /// vault under other keys (from another machine) is no reason to drop the key of ours. (A
    /// team vault opens with the person's identities, which may open their own vault, asking
    /// for its password as any command does.)
    public func keysAtHand(for envelope: Envelope) -> VaultKeys? {
        if envelope.isTeam { return try? teamKeys(for: envelope) }
        if let known = derivedKey(for: envelope), let keys = try? unwrap(envelope, with: known) { return keys }
        if reauthentication == nil, let cached = keyCache.lookup(vaultID: envelope.id), let keys = try? unwrap(envelope, with: cached) {
            return keys
        }
        guard password != nil, let key = try? keyEncryptionKey(for: envelope, mayAsk: false) else { return nil }
        return try? unwrap(envelope, with: key)
    }

    /// The keys from the master password alone, never from the cache, which then gets the
    /// derived key: what `vault unlock` and re-authentication do.
    @discardableResult
    public func keysFromPassword(
        for envelope: Envelope, label: String, cacheGuard: any KeyCacheGuard, mayAsk: Bool = true
    ) throws -> VaultKeys {
        guard !envelope.isTeam else { throw VaultOpenError.teamHasNoPassword }
        let key = try keyEncryptionKey(for: envelope, mayAsk: mayAsk)
        let keys: VaultKeys
        do {
            keys = try unwrap(envelope, with: key)
        } catch CryptoError.authenticationFailed {
            if mayAsk { passwordTried?(envelope, false) }
            throw VaultOpenError.wrongPassword
        }
        if mayAsk { passwordTried?(envelope, true) }
        if cachesDerivedKeys {
            let cache = keyCache
            cacheGuard.whileCurrent(envelope) { cache.store(key, vaultID: envelope.id, label: label) }
        }
        return keys
    }

    /// The person's team identities, read from their vault the first time they are needed.
    public func identities() throws -> [MemberIdentity] {
        if let openedIdentities { return openedIdentities }
        guard let teamIdentities else { throw VaultOpenError.notATeamMember }
        let opened = try teamIdentities()
        openedIdentities = opened
        return opened
    }

    /// The keys of a team vault's header: its data key, opened with the person's identities.
    private func teamKeys(for envelope: Envelope) throws -> VaultKeys {
        guard let dataKey = envelope.teamDataKey(openedWith: try identities()) else { throw VaultOpenError.notATeamMember }
        return VaultKeys(keyEncryptionKey: try SecureBytes(count: 0), dataKey: dataKey)
    }

    /// Whether a key derived here goes to the cache: not when re-authenticating, and not when
    /// the cache keeps nothing (then the guard, which may take the lock, is not worth it).
    private var cachesDerivedKeys: Bool { keyCache.keepsKeys && reauthentication == nil }

    private func unwrap(_ envelope: Envelope, with key: SecureBytes) throws(CryptoError) -> VaultKeys {
        VaultKeys(keyEncryptionKey: key, dataKey: try envelope.unwrapDataKey(with: key))
    }

    /// The cached key's keys, unless re-authenticating; a cached key that does not open the
    /// header is removed (if the header is still current).
    private func cachedKeys(for envelope: Envelope, cacheGuard: any KeyCacheGuard) -> VaultKeys? {
        guard reauthentication == nil, let cached = keyCache.lookup(vaultID: envelope.id) else { return nil }
        if let keys = try? unwrap(envelope, with: cached) { return keys }
        cacheGuard.whileCurrent(envelope) { keyCache.remove(vaultID: envelope.id) }
        return nil
    }
}
