import VaultCore
import VaultSystem
import ArgumentParser
import FoundationEssentials

/// `--clip` and its settings, for the commands that can put a secret into the clipboard.
public struct ClipOptions: ParsableArguments {
    public init() {}

    @Flag(help: "Copy to the clipboard instead of printing; it is cleared again after the timeout.")
    public var clip = false

    @OptionGroup public var settings: ClipSettings

    /// Where the secret goes when `--clip` was given; nil when it is printed.
    public var choice: ClipChoice? { clip ? settings.choice : nil }

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

    public func validate() throws {
        if let clipTimeout, !(clipTimeout > 0 && clipTimeout <= 3600) {
            throw ValidationError("--clip-timeout must be between 0 and 3600 seconds")
        }
    }

    /// The two as plain values.
    public var choice: ClipChoice { ClipChoice(timeout: clipTimeout, backend: clipBackend) }

    /// Fails (exit 6) unless some clipboard backend can be used here.
    public func ensureAvailable(in context: CommandContext) throws {
        try choice.ensureAvailable(in: context)
    }

    /// Copies `secret`, schedules the clearing, and tells the person on standard error.
    public func copy(_ secret: String, describing name: String, in session: VaultSession) throws {
        try choice.copy(secret, describing: name, in: session)
    }
}

extension ClipboardBackend: ExpressibleByArgument {}
