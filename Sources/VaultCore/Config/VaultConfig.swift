import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The optional settings file, `$XDG_CONFIG_HOME/vault/config.json`:
///
///     { "keyring": false, "keyring_timeout": "15m", "clip_timeout": 30 }
///
/// `keyring: false` never uses the Secret Service; `keyring_timeout` is how long a cached key
/// lives (default: the login session); `clip_timeout` is seconds until the clipboard is cleared.
public struct VaultConfig: Equatable, Sendable {
    public var keyring = true
    public var keyringTimeout: Double?
    public var clipTimeout: Double?

    public init() {}

    /// The config file's path for this environment.
    public static func path(environment: [String: String]) -> String {
        var home = environment["XDG_CONFIG_HOME"] ?? ""
        if !home.hasPrefix("/") { home = HomeFolder.path(environment: environment) + "/.config" }
        return home + "/vault/config.json"
    }

    /// Reads the file at `path`; no file means the defaults.
    public static func load(path: String) throws(ConfigError) -> VaultConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw .unreadable(path) }
            return VaultConfig()
        }
        let raw: RawConfig
        do {
            raw = try JSONDecoder().decode(RawConfig.self, from: data)
        } catch {
            throw .invalid(path, "not a JSON object with keyring, keyring_timeout and clip_timeout")
        }
        var config = VaultConfig()
        config.keyring = raw.keyring ?? true
        if let text = raw.keyring_timeout {
            guard let seconds = TimeSpan.seconds(text) else { throw .invalid(path, "keyring_timeout '\(text)' is not a duration such as 15m") }
            config.keyringTimeout = seconds
        }
        if let seconds = raw.clip_timeout {
            guard seconds > 0 && seconds <= 3600 else { throw .invalid(path, "clip_timeout must be between 0 and 3600 seconds") }
            config.clipTimeout = seconds
        }
        return config
    }

    private struct RawConfig: Decodable {
        var keyring: Bool?
        var keyring_timeout: String?
        var clip_timeout: Double?
    }
}

/// A settings file that exists but cannot be used.
public enum ConfigError: VaultFailure, Equatable {
    case unreadable(String)
    case invalid(String, String)

    public var message: String {
        switch self {
        case .unreadable(let path): return "cannot read \(path)"
        case .invalid(let path, let why): return "\(path): \(why)"
        }
    }

    public var exitStatus: ExitStatus { .failure }
}
