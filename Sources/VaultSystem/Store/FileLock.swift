import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock (flock) on a side file next to the vault. The vault itself is
/// replaced by rename on every write, so it cannot carry the lock; the side file never moves.
/// The side file is opened without following a symbolic link and must be a regular file, so
/// that a link planted in its place (by a git remote, or another user of a shared folder)
/// never makes vault create or open a file elsewhere.
public final class FileLock {
    private let descriptor: Int32

    /// Blocks until the lock is held. `onWait` runs once if the lock is still busy after
    /// `patience`, so the command can say why it is waiting. With `giveUpAfter`, throws
    /// `.lockBusy` once the lock has been busy that long.
    public init(path: String, patience: Duration = .seconds(1), giveUpAfter limit: Duration? = nil, onWait: () -> Void) throws(StoreError) {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP || errno == EISDIR { throw .lockNotAFile(path: path) }
            throw .io(path: path, operation: "open the lock file", errno: errno)
        }
        descriptor = fd
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .lockNotAFile(path: path) }
        let started = ContinuousClock.now
        var announced = false
        while SystemCall.retryingInterrupts({ flock(fd, LOCK_EX | LOCK_NB) }) != 0 {
            // The descriptor is closed by deinit, which runs when an initialised object throws.
            guard errno == EWOULDBLOCK else { throw .io(path: path, operation: "lock", errno: errno) }
            if !announced && started.duration(to: .now) >= patience {
                announced = true
                onWait()
            }
            if let limit, started.duration(to: .now) >= limit { throw .lockBusy(path: path) }
            usleep(10_000)
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
