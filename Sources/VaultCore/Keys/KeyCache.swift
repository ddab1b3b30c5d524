/// Where a derived key-encryption key may be kept between commands (the Secret Service, in
/// the keyring issue), so the master password is asked once per session, not per command.
public protocol KeyCache {
    /// The cached key for the vault with this id, if any.
    func lookup(vaultID: String) -> SecureBytes?
    /// Keeps `key` for the vault; `label` names it for a person browsing the keyring.
    func store(_ key: SecureBytes, vaultID: String, label: String)
    /// Forgets the vault's key, for `vault lock` and for a cached key that no longer works.
    func remove(vaultID: String)
    /// Whether the cache keeps anything at all (so that its updates are worth guarding).
    var keepsKeys: Bool { get }
}

extension KeyCache {
    public var keepsKeys: Bool { true }
}

/// The cache that keeps nothing: every command derives the key from the master password.
public struct NoKeyCache: KeyCache {
    public init() {}
    public func lookup(vaultID: String) -> SecureBytes? { nil }
    public func store(_ key: SecureBytes, vaultID: String, label: String) {}
    public func remove(vaultID: String) {}
    public var keepsKeys: Bool { false }
}
