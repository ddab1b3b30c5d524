import VaultCore
import VaultSystem
import Synchronization

/// The settings file as one command reads it: loaded the first time it is asked for and kept,
/// so every part of the command (its session, the plugins' analyzers and auditors) sees the same
/// settings, or the same error for a broken file. Kept per path, as a test may point a context
/// at another config home.
final class ConfigFile: Sendable {
    private let loaded = Mutex<[String: Result<VaultConfig, any Error>]>([:])

    /// The settings at `path`, read on first use.
    func settings(at path: String) throws -> VaultConfig {
        try loaded.withLock { loaded in
            if let known = loaded[path] { return known }
            let result = Result { try VaultConfig.load(path: path) }
            loaded[path] = result
            return result
        }.get()
    }
}
