import FoundationEssentials
import VaultCore
#if canImport(Glibc)
import Glibc
#endif

extension MountSetting {
    /// Changes the mounts of the settings file of `environment` (`VaultConfig.path`) with
    /// `change`, on the file as it is now (read again just before it is written, so that an
    /// edit made while the command asked for a password stays; two commands changing it at the
    /// same moment are not kept apart), made when there is none. A symbolic link is written
    /// through, to the file it names (made when it names none), and the file keeps its
    /// permissions.
    public static func change(environment: [String: String], _ change: (inout MountTable) throws -> Void) throws {
        let path = VaultStore.resolved(linkTarget(of: VaultConfig.path(environment: environment)))
        let current = try existing(path)
        var mounts = MountTable()
        if let current { mounts = try VaultConfig.parse(Data(current), path: path).mounts }
        try change(&mounts)
        let text = try rewritten(current, path: path, mounts: mounts)
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o600
        try Paths.createFolders(Paths.folder(of: path))
        try text.withUnsafeBytes { try AtomicFile.write($0, to: path, mode: mode) }
    }

    /// The path a chain of symbolic links at `path` ends at (whether or not something is
    /// there); `path` itself when it is no link.
    private static func linkTarget(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : Paths.folder(of: current) + "/" + target
        }
        return current
    }

    /// The bytes of the file at `path`, nil when there is none.
    private static func existing(_ path: String) throws(StoreError) -> [UInt8]? {
        do {
            return try AtomicFile.read(path, limit: 1 << 20)
        } catch .fileMissing {
            return nil
        }
    }
}
