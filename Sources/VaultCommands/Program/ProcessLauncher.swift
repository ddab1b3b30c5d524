import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// What the `main` of both executables (`vault` and vault-network) does: hardens the process,
/// builds the one command context from it (the only place that reads the process's environment,
/// streams and terminal), hands `vault NAME` over to an external `vault-NAME` plugin when the
/// program has no command of that name, and otherwise takes the termination signals, runs the
/// command line and exits with its status.
public enum ProcessLauncher {
    /// Runs the process's command line with the program `makeProgram` builds for this
    /// executable's path, and exits. It runs where `main` calls it, on the main thread (a hot
    /// command line never leaves it).
    public nonisolated(nonsending) static func main(_ makeProgram: @Sendable (_ executable: String) throws(PluginError) -> VaultProgram) async -> Never {
        ProcessHardening.apply()
        let streams = StandardStreams.process
        let arguments = Array(CommandLine.arguments.dropFirst())
        let hot = HotCommandLine.parse(arguments)
        if case .version = hot {
            // Answered before anything is built: it needs neither the environment nor the plugins.
            exit(VaultProgram.printVersion(to: streams))
        }
        var environment = ProcessEnvironment.current()
        let selfPath = SelfExecutable.path
        let program: VaultProgram
        do {
            program = try makeProgram(selfPath)
        } catch {
            Diagnostics(streams: streams).error(error.message)
            exit(ExitStatus.failure.rawValue)
        }
        // vault-network, run by `vault` in its place, acts as that `vault` for what it starts.
        let caller = program.companion == nil ? NetworkCompanion.caller(in: &environment) : nil
        let executable = caller ?? selfPath
        runExternalPluginIfAsked(arguments, commandNames: program.plugins.commandNames, environment: environment,
                                 executable: executable, streams: streams)
        TerminationSignals.takeOver()
        let now: @Sendable () -> Date = { Date() }
        let context = CommandContext(
            environment: environment, streams: streams, terminal: .controlling,
            keyrings: .system(executable: executable, environment: environment, now: now),
            clipboards: .system(environment: environment, streams: streams, executable: executable),
            git: .system(environment: environment), plugins: program.plugins, now: now, executable: executable, ownsProcess: true,
            work: .dispatch())
        exit(await program.run(arguments, parsed: hot, in: context))
    }

    /// `vault NAME ARGS…` for a NAME that is no command of the program's but a `vault-NAME`
    /// program: hand over to it (like git), with the vault path in its environment.
    private static func runExternalPluginIfAsked(
        _ arguments: [String], commandNames: Set<String>, environment: [String: String], executable: String,
        streams: StandardStreams
    ) {
        guard let name = arguments.first, !name.hasPrefix("-"), !commandNames.contains(name) else { return }
        guard let path = ExternalPlugins.find(name, environment: environment) else { return }
        let pluginArguments = Array(arguments.dropFirst())
        let vaultOption = ExternalPlugins.vaultOption(in: pluginArguments)
        let code = ExternalPlugins.exec(
            path, arguments: pluginArguments, vaultPath: VaultOptions.path(option: vaultOption, environment: environment),
            environment: environment, executable: executable)
        Diagnostics(streams: streams).error("cannot run \(path): \(String(cString: strerror(code)))")
        exit(ExitStatus.failure.rawValue)
    }
}
