import VaultCore
/// What a `VaultStore` tells the command it serves while it works, for the person waiting.
public struct StoreEvents {
    /// Called once, with the vault's path, when a write (or `vault unlock`) has waited a
    /// second for another process's lock.
    public var lockWait: (_ vaultPath: String) -> Void
    /// Told of a problem that did not stop the command (a change not flushed to disk).
    public var warning: (String) -> Void

    public init(lockWait: @escaping (_ vaultPath: String) -> Void, warning: @escaping (String) -> Void) {
        self.lockWait = lockWait
        self.warning = warning
    }

    /// Tells nobody anything: for tools and tests that have no person to tell.
    public static var silent: StoreEvents { StoreEvents(lockWait: { _ in }, warning: { _ in }) }
}
