/// Decides whether a change to the key cache for a header (a derived key stored, a key that no
/// longer opens it removed) may be made now. The unlocker asks it before every such change;
/// it never asks the unlocker anything back.
public protocol KeyCacheGuard {
    /// Runs `update`, a change to the cache for `envelope`, or leaves the cache alone.
    func whileCurrent(_ envelope: Envelope, _ update: () -> Void)
}

/// Changes the cache at once: for a command that already holds the vault's lock, or for a copy
/// of the vault that is not the file (another machine's, in a sync).
public struct ImmediateCacheUpdates: KeyCacheGuard, Sendable {
    public init() {}
    public func whileCurrent(_ envelope: Envelope, _ update: () -> Void) { update() }
}

/// Never changes the cache: for git's merge driver, which merges git's copies of the vault and
/// has no business with the session's key.
public struct NoCacheUpdates: KeyCacheGuard, Sendable {
    public init() {}
    public func whileCurrent(_ envelope: Envelope, _ update: () -> Void) {}
}
