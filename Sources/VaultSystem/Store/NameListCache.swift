import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// Where shell completion keeps each vault's sealed name list (`Envelope.sealNameList`): one
/// file per vault, `names-ID`, in `$XDG_RUNTIME_DIR/vault`, the user's own folder on a file
/// system in memory that ends with the login. The list is encrypted and bound to one write of
/// the vault, so an old, damaged or foreign file is simply not used (and then replaced). Without
/// a runtime folder, or with one that is not a folder of this user's closed to others, there is
/// no cache and completion reads the whole vault each time.
public struct NameListCache: Sendable {
    /// `$XDG_RUNTIME_DIR/vault`.
    let folder: String

    /// The largest list read: a hundred thousand names of long paths fit.
    static let limit = 64 << 20

    /// The cache of the runtime folder `environment` names; nil without one (an absolute path).
    public init?(environment: [String: String]) {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        folder = runtime + "/vault"
    }

    /// The list kept for the vault `vaultID`, if there is one to read.
    public func list(vaultID: String) -> [UInt8]? {
        guard folderIsPrivate(), let file = try? ReadOnlyFile(path: path(vaultID: vaultID), limit: Self.limit) else { return nil }
        return try? file.bytes(0..<file.count)
    }

    /// Keeps `list` for the vault `vaultID`, replacing the one kept; a cache that cannot be
    /// written is no cache, and says nothing (completion must not write on the terminal).
    public func keep(_ list: [UInt8], vaultID: String) {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { return }
        guard folderIsPrivate() else { return }
        try? list.withUnsafeBytes { try AtomicFile.write($0, to: path(vaultID: vaultID), durable: false) }
    }

    /// The file of the vault `vaultID` (a lower-case UUID, as a header holds it).
    func path(vaultID: String) -> String {
        folder + "/names-" + vaultID
    }

    /// Whether the folder is a folder (not a link to one) of this user's that nobody else may
    /// enter, as `$XDG_RUNTIME_DIR` itself is.
    private func folderIsPrivate() -> Bool {
        var info = stat()
        return lstat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid() && info.st_mode & 0o077 == 0
    }
}
