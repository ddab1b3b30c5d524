import VaultCore

extension MountSetting {
    /// Writes `mounts` into the settings file of `environment` (`VaultConfig.path`), made when
    /// there is none.
    public static func write(_ mounts: MountTable, environment: [String: String]) throws {
        let path = VaultConfig.path(environment: environment)
        var current: [UInt8]?
        do {
            current = try AtomicFile.read(path, limit: 1 << 20)
        } catch .fileMissing {
            current = nil
        }
        let text = try rewritten(current, path: path, mounts: mounts)
        try Paths.createFolders(Paths.folder(of: path))
        try text.withUnsafeBytes { try AtomicFile.write($0, to: path) }
    }
}
