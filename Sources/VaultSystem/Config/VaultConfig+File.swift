import VaultCore
import FoundationEssentials

/// Where the settings file is, and reading it.
extension VaultConfig {
    /// The config file's path for this environment.
    public static func path(environment: [String: String]) -> String {
        XDGFolders.configHome(environment: environment) + "/vault/config.json"
    }

    /// Reads the file at `path`; no file means the defaults.
    public static func load(path: String) throws(ConfigError) -> VaultConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw .unreadable(path) }
            return VaultConfig()
        }
        return try parse(data, path: path)
    }
}
