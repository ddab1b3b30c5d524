import FoundationEssentials
import VaultCore
#if canImport(Glibc)
import Glibc
#endif

extension MountSetting {
    /// Changes the mounts of the settings file of `environment` (`VaultConfig.path`) with
    /// `change`, on the file as it is now (read again, so that a change made since the command
    /// read it stays), made when there is none. A symbolic link is written through, to the
    /// file it names, and the file keeps its permissions.
    public static func change(environment: [String: String], _ change: (inout MountTable) throws -> Void) throws {
        let path = VaultStore.resolved(VaultConfig.path(environment: environment))
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

    /// The bytes of the file at `path`, nil when there is none.
    private static func existing(_ path: String) throws(StoreError) -> [UInt8]? {
        do {
            return try AtomicFile.read(path, limit: 1 << 20)
        } catch .fileMissing {
            return nil
        }
    }
}
