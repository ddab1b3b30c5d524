import VaultCore
import VaultSystem
import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `--clip` and its settings, for the commands that can put a secret into the clipboard.
public struct ClipOptions: ParsableArguments {
    public init() {}

    @Flag(help: "Copy to the clipboard instead of printing; it is cleared again after the timeout.")
    public var clip = false

    @OptionGroup public var settings: ClipSettings

    /// `--clip` given or not, without `--clip-timeout` or `--clip-backend`, as the parser
    /// leaves such a command line. (Set on a made instance: assigned in an initializer, a
    /// property would get a new, unparsed wrapper.)
    public static func given(clip: Bool) -> ClipOptions {
        var options = ClipOptions()
        options.clip = clip
        options.settings = .omitted
        return options
    }

    public func validate() throws {
        if !clip && (settings.clipTimeout != nil || settings.clipBackend != nil) {
            throw ValidationError("--clip-timeout and --clip-backend go with --clip")
        }
    }

    /// Fails (exit 6) unless some clipboard backend can be used here: checked before a command
    /// changes the vault, so that "no clipboard" means nothing was changed.
    public func ensureAvailable(in context: CommandContext) throws {
        try settings.ensureAvailable(in: context)
    }

    /// Copies `secret`, schedules the clearing, and tells the person on standard error.
    public func copy(_ secret: String, describing name: String, in session: VaultSession) throws {
        try settings.copy(secret, describing: name, in: session)
    }
}

/// `--clip-timeout` and `--clip-backend`: how a secret goes to the clipboard and when it is
/// cleared. `--clip` brings them to `get`, `add`, `edit`, `otp` and `generate`; `vault pick`,
/// which always copies unless told to print, has them alone.
public struct ClipSettings: ParsableArguments {
    public init() {}

    @Option(help: ArgumentHelp("Seconds until the clipboard is cleared (default: $VAULT_CLIP_TIMEOUT, the config's clip_timeout, else 45).", valueName: "seconds"))
    public var clipTimeout: Double?

    @Option(help: "The clipboard to use instead of the automatic choice: wayland, x11 or osc52.")
    public var clipBackend: ClipboardBackend?

    /// Neither setting given, as the parser leaves a command line without them.
    public static var omitted: ClipSettings {
        var settings = ClipSettings()
        settings.clipTimeout = nil
        settings.clipBackend = nil
        return settings
    }

    public func validate() throws {
        if let clipTimeout, !(clipTimeout > 0 && clipTimeout <= 3600) {
            throw ValidationError("--clip-timeout must be between 0 and 3600 seconds")
        }
    }

    /// Fails (exit 6) unless some clipboard backend can be used here.
    public func ensureAvailable(in context: CommandContext) throws {
        _ = try context.clipboards.usable(clipBackend)
    }

    /// Copies `secret`, schedules the clearing, and tells the person on standard error.
    public func copy(_ secret: String, describing name: String, in session: VaultSession) throws {
        let context = session.context
        let config = try session.config()
        let seconds = try clipTimeout ?? environmentTimeout(context.environment) ?? config.clipTimeout ?? 45
        var bytes = Array(secret.utf8)
        defer { for index in bytes.indices { bytes[index] = 0 } }
        try bytes.withUnsafeBytes { buffer in
            let clipboard = try context.clipboards.copy(buffer, to: clipBackend)
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

extension ClipboardBackend: ExpressibleByArgument {}
