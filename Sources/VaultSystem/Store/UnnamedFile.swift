import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// A file created without a name (Linux's O_TMPFILE) and given one only when it is complete:
/// a process killed before that leaves nothing behind, and the link fails if the name is taken.
enum UnnamedFile {
    /// O_TMPFILE, which Glibc's Swift module does not export (it needs _GNU_SOURCE).
    private static let temporaryFileFlag: Int32 = 0o20000000 | O_DIRECTORY

    /// Whether /proc/self/fd is there to name an open file by (it is unless /proc is unmounted).
    private static let canLink = access("/proc/self/fd", X_OK) == 0

    /// An open, writable file without a name in `folder` (mode 0600), or nil where the file
    /// system or kernel cannot make one (the caller then writes a named temporary file). Any
    /// other failure (a missing folder, no permission) is an error about `path`.
    static func create(in folder: String, for path: String) throws(StoreError) -> Int32? {
        guard canLink else { return nil }
        let fd = open(folder, temporaryFileFlag | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd < 0 else { return fd }
        let code = errno
        if code == EOPNOTSUPP || code == EISDIR || code == EINVAL { return nil }
        throw .io(path: path, operation: "create", errno: code)
    }

    /// Gives the file `path` as its name; fails with `.fileExists` if that name is taken.
    static func link(_ fd: Int32, to path: String) throws(StoreError) {
        guard linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else {
            if errno == EEXIST { throw .fileExists(path: path) }
            throw .io(path: path, operation: "create", errno: errno)
        }
    }
}
