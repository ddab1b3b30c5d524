import VaultCore
import VaultSystem
import FoundationEssentials

/// Everything a command takes from the process it runs in, built once by the executable's
/// `main` from the real process and handed to the command it runs; a test builds one from its
/// own environment, files and folders and runs the same command in-process. Nothing a command
/// does reaches past it to a process global.
public struct CommandContext: Sendable {
    /// The environment variables the command sees.
    public var environment: [String: String]
    /// Standard input, output and error.
    public var streams: StandardStreams
    /// The person at the controlling terminal, if any.
    public var terminal: TerminalAccess
    /// Where vault's key may be kept between commands.
    public var keyrings: KeyringFactory
    /// The clipboards a secret may be copied to.
    public var clipboards: ClipboardAccess
    /// The git that `vault sync` runs.
    public var git: GitAccess
    /// The built-in plugins and what they offer.
    public var plugins: PluginRegistry
    /// The current time, for timestamps and expiries.
    public var now: @Sendable () -> Date
    /// This program's path, for starting its own helpers (the clipboard clearer, the key
    /// expirer) and for external plugins.
    public var executable: String
    /// Whether the command has the process to itself (`main`) rather than sharing it with
    /// others (a test running commands side by side); helpers that detach need it.
    public var ownsProcess: Bool
    /// How the work of opening a whole vault is spread over the processors this process may
    /// run on (`ParallelWork.dispatch`), or kept on the calling thread (`.serial`).
    public var work: ParallelWork
    /// The settings file, read once.
    private let configFile = ConfigFile()

    public init(
        environment: [String: String], streams: StandardStreams, terminal: TerminalAccess, keyrings: KeyringFactory,
        clipboards: ClipboardAccess, git: GitAccess, plugins: PluginRegistry, now: @escaping @Sendable () -> Date, executable: String,
        ownsProcess: Bool, work: ParallelWork
    ) {
        self.environment = environment
        self.streams = streams
        self.terminal = terminal
        self.keyrings = keyrings
        self.clipboards = clipboards
        self.git = git
        self.plugins = plugins
        self.now = now
        self.executable = executable
        self.ownsProcess = ownsProcess
        self.work = work
    }

    /// Messages for the person, on this context's standard error.
    public var diagnostics: Diagnostics { Diagnostics(streams: streams) }

    /// The width help is wrapped to, decided as the argument parser decides it for a process:
    /// `$COLUMNS`, else the width of the terminal on standard output, else 80.
    public var helpColumns: Int {
        if let columns = environment["COLUMNS"].flatMap(Int.init) { return columns }
        return streams.outputColumns ?? 80
    }

    /// The settings file of this context (`$XDG_CONFIG_HOME/vault/config.json`), read the
    /// first time it is asked for; a broken file fails whatever asks, with the same error.
    public func config() throws -> VaultConfig {
        try configFile.settings(at: VaultConfig.path(environment: environment))
    }
}
