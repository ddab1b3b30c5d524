import VaultCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Where the settings file is, and reading it.
extension VaultConfig {
    /// The config file's path for this environment.
    public static func path(environment: [String: String]) -> String {
        XDGFolders.configHome(environment: environment) + "/vault/config.json"
    }

    /// Reads the file at `path`. No file there, or none that can be reached (a folder on the
    /// way that is a file or cannot be entered), means the defaults; anything else that cannot
    /// be read as a settings file (a folder, a device, no permission, more than a mebibyte) is
    /// refused. Read with `stat`, `open` and `pread` rather than FileManager, whose first use,
    /// and the error it makes of a missing file, cost every command more than the rest of its
    /// settings.
    public static func load(path: String) throws(ConfigError) -> VaultConfig {
        var info = stat()
        guard stat(path, &info) == 0 else { return VaultConfig() }
        guard info.st_mode & S_IFMT == S_IFREG, let bytes = try? AtomicFile.read(path, limit: 1 << 20) else {
            throw .unreadable(path)
        }
        return try parse(Data(bytes), path: path)
    }
}
