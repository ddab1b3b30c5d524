import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// One file or folder that vault keeps on this machine for a vault (`VaultFootprint`,
/// `SyncFootprint`), with what it is in words, and its removal: a folder goes with
/// everything in it, and a symbolic link is removed itself, never followed.
public struct FootprintItem: Equatable, Sendable {
    public var path: String
    /// What it is, for the list `vault destroy` shows ("the lock file").
    public var what: String

    public init(path: String, what: String) {
        self.path = path
        self.what = what
    }

    /// Whether it is there (as a file, a folder or a link).
    public var exists: Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Removes it; one already gone is no failure.
    public func remove() throws(StoreError) {
        try Self.removeTree(path)
    }

    /// Removes `path` and, when it is a folder (not a link to one), everything in it first.
    private static func removeTree(_ path: String) throws(StoreError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw .io(path: path, operation: "remove", errno: errno)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            guard unlink(path) == 0 || errno == ENOENT else { throw .io(path: path, operation: "remove", errno: errno) }
            return
        }
        for name in Paths.names(inFolder: path) where name != "." && name != ".." {
            try removeTree(path + "/" + name)
        }
        guard rmdir(path) == 0 || errno == ENOENT else { throw .io(path: path, operation: "remove folder", errno: errno) }
    }
}
