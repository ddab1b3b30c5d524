import VaultCore
import FoundationEssentials

/// Where the settings file is, and reading it.
extension VaultConfig {
    /// The config file's path for this environment.
    public static func path(environment: [String: String]) -> String {
        XDGFolders.configHome(environment: environment) + "/vault/config.json"
    }

    /// Reads the file at `path`; no file means the defaults, and one that cannot be read (a
    /// folder, no permission) is refused. Read with `open` and `pread` rather than
    /// FileManager, whose first use, and the error it makes of a missing file, cost every
    /// command more than the rest of its settings.
    public static func load(path: String) throws(ConfigError) -> VaultConfig {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path)
        } catch .fileMissing {
            return VaultConfig()
        } catch {
            throw .unreadable(path)
        }
        return try parse(Data(bytes), path: path)
    }
}
