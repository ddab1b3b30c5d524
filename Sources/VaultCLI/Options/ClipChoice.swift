import ArgumentParser
import VaultCore
import VaultSystem

/// How a secret goes to the clipboard, as plain values: `--clip-timeout` and `--clip-backend`
/// when given (`ClipSettings` after parsing; nothing on a hot command line).
public struct ClipChoice: Equatable, Sendable {
    /// Seconds until the clipboard is cleared; nil for `$VAULT_CLIP_TIMEOUT`, the config's
    /// `clip_timeout`, else 45.
    public var timeout: Double?
    /// The clipboard to use; nil for the automatic choice.
    public var backend: ClipboardBackend?

    public init(timeout: Double? = nil, backend: ClipboardBackend? = nil) {
        self.timeout = timeout
        self.backend = backend
    }

    /// Fails (exit 6) unless some clipboard backend can be used here: checked before a command
    /// changes the vault, so that "no clipboard" means nothing was changed.
    public func ensureAvailable(in context: CommandContext) throws {
        _ = try context.clipboards.usable(backend)
    }

    /// Copies `secret`, schedules the clearing, and tells the person on standard error.
    public func copy(_ secret: String, describing name: String, in session: VaultSession) throws {
        let context = session.context
        let config = try session.config()
        let seconds = try timeout ?? environmentTimeout(context.environment) ?? config.clipTimeout ?? 45
        var bytes = Array(secret.utf8)
        defer { for index in bytes.indices { bytes[index] = 0 } }
        try bytes.withUnsafeBytes { buffer in
            let clipboard = try context.clipboards.copy(buffer, to: backend)
            do {
                try context.clipboards.scheduleClearing(buffer, clipboard.name, seconds)
            } catch {
                try? clipboard.clear()  // nothing would clear it later
                throw error
            }
        }
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        context.diagnostics.note("Copied \(name) to the clipboard; clearing in \(shown) s.")
    }

    private func environmentTimeout(_ environment: [String: String]) throws -> Double? {
        guard let text = environment["VAULT_CLIP_TIMEOUT"], !text.isEmpty else { return nil }
        guard let seconds = TimeSpan.seconds(text), seconds <= 3600 else {
            throw ValidationError("VAULT_CLIP_TIMEOUT '\(text)' is not a number of seconds up to 3600")
        }
        return seconds
    }
}
