import VaultCore
import VaultSystem
import Synchronization

/// The settings file as one command reads it: loaded the first time it is asked for and kept,
/// so every part of the command (its session, the plugins' analyzers and auditors) sees the same
/// settings, or the same error for a broken file. Kept per path, as a test may point a context
/// at another config home.
final class ConfigFile: Sendable {
    private let loaded = Mutex<[String: Outcome]>([:])

    /// What reading one path gave.
    private enum Outcome {
        case settings(VaultConfig)
        case failure(any Error)
    }

    /// The settings at `path`, read on first use.
    func settings(at path: String) throws -> VaultConfig {
        let outcome = loaded.withLock { loaded in
            if let known = loaded[path] { return known }
            let outcome: Outcome
            do {
                outcome = .settings(try VaultConfig.load(path: path))
            } catch {
                outcome = .failure(error)
            }
            loaded[path] = outcome
            return outcome
        }
        switch outcome {
        case .settings(let settings): return settings
        case .failure(let error): throw error
        }
    }
}
