import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// Changes the cache for a header only while the vault file still derives its key as that
/// header does, checked under the vault's lock, so that `passwd` in another process (which
/// replaces the cached key under the lock) cannot be undone by a command that read the file
/// before it.
///
/// A reader's guard does not wait for writers: once the lock has been busy for two seconds in
/// all (over every change of one command), the cache is left alone. A patient guard (`vault
/// unlock`, whose whole point is that the key gets cached) waits as long as it takes. Where the
/// lock file cannot be opened at all (a read-only folder, where nobody writes), the check is
/// made without it.
public final class VaultFileCacheGuard: KeyCacheGuard {
    private let vaultPath: String
    private let lockPath: String
    private let patient: Bool
    private let onLockWait: () -> Void
    /// How long a reader still waits for the lock.
    private var patience: Duration = .seconds(2)

    /// A guard for the vault at `vaultPath`, whose lock is `lockPath`; `onLockWait` is told
    /// when a patient guard has waited a second.
    public init(vaultPath: String, lockPath: String, patient: Bool, onLockWait: @escaping () -> Void) {
        self.vaultPath = vaultPath
        self.lockPath = lockPath
        self.patient = patient
        self.onLockWait = onLockWait
    }

    public func whileCurrent(_ envelope: Envelope, _ update: () -> Void) {
        let lock: FileLock?
        let started = ContinuousClock.now
        do {
            lock = patient
                ? try FileLock(path: lockPath, onWait: onLockWait)
                : try FileLock(path: lockPath, giveUpAfter: patience, onWait: {})
        } catch .lockBusy {
            patience = .zero
            return
        } catch {
            lock = nil
        }
        if !patient { patience = max(.zero, patience - (ContinuousClock.now - started)) }
        defer { withExtendedLifetime(lock) {} }
        // Read as it is, never waiting: this may hold the lock itself.
        guard let current = try? VaultFileLookup(file: ReadOnlyFile(path: vaultPath)).envelope, current.derivesKeyLike(envelope)
        else { return }
        update()
    }
}
