import VaultCore
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Where shell completion keeps each vault's sealed name list (`Envelope.sealNameList`): one
/// file per vault, `names-ID`, in `$XDG_RUNTIME_DIR/vault`, the user's own folder on a file
/// system in memory that ends with the login. The list is encrypted and bound to one write of
/// the vault, so an old, damaged or foreign file is simply not used (and then replaced). Without
/// a runtime folder, or with one (or a `vault` folder in it) that is not a folder of this user's
/// closed to others, there is no cache and completion reads the whole vault each time.
public struct NameListCache: Sendable {
    /// `$XDG_RUNTIME_DIR`.
    let runtime: String
    /// `$XDG_RUNTIME_DIR/vault`.
    let folder: String

    /// The largest list read: a hundred thousand names of long paths fit.
    static let limit = 64 << 20

    /// The cache of the runtime folder `environment` names; nil without one (an absolute path).
    public init?(environment: [String: String]) {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        self.runtime = runtime
        folder = runtime + "/vault"
    }

    /// The list kept for the vault `vaultID`, if there is one to read: a regular file, not a
    /// link, of at most `limit` bytes.
    public func list(vaultID: String) -> [UInt8]? {
        guard foldersArePrivate() else { return nil }
        let fd = open(path(vaultID: vaultID), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        let file = FileDescriptor(rawValue: fd)
        defer { try? file.close() }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= Self.limit else { return nil }
        return try? file.readToEnd(limit: Self.limit)
    }

    /// Keeps `list` for the vault `vaultID`, replacing the one kept; a cache that cannot be
    /// written is no cache, and says nothing (completion must not write on the terminal).
    public func keep(_ list: [UInt8], vaultID: String) {
        guard isPrivateFolder(runtime) else { return }
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { return }
        guard isPrivateFolder(folder) else { return }
        try? list.withUnsafeBytes { try AtomicFile.write($0, to: path(vaultID: vaultID), durable: false) }
    }

    /// The file of the vault `vaultID` (a lower-case UUID, as a header holds it).
    func path(vaultID: String) -> String {
        folder + "/names-" + vaultID
    }

    /// Whether the runtime folder and `folder` in it are both private (`isPrivateFolder`).
    private func foldersArePrivate() -> Bool {
        isPrivateFolder(runtime) && isPrivateFolder(folder)
    }

    /// Whether `path` is a folder (not a link to one) of this user's that nobody else may
    /// enter, as the XDG Base Directory specification requires of `$XDG_RUNTIME_DIR` (one set
    /// to a folder all users share, such as /tmp, keeps nothing).
    private func isPrivateFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid() && info.st_mode & 0o077 == 0
    }
}
