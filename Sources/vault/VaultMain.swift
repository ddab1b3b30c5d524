import FoundationEssentials
import VaultCLI
import VaultCommands
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// The executable: hardens the process, builds the one command context from it (the only place
/// that reads the process's environment, streams and terminal), hands `vault NAME` over to an
/// external `vault-NAME` plugin when no built-in command has that name, and otherwise takes the
/// termination signals, runs the command line and exits with its status.
@main
enum VaultMain {
    static func main() async {
        ProcessHardening.apply()
        let environment = ProcessInfo.processInfo.environment
        let streams = StandardStreams.process
        let executable = SelfExecutable.path
        let arguments = Array(CommandLine.arguments.dropFirst())
        let plugins: PluginRegistry
        do {
            plugins = try VaultProgram.plugins()
        } catch {
            Diagnostics(streams: streams).error(error.message)
            exit(ExitStatus.failure.rawValue)
        }
        runExternalPluginIfAsked(arguments, environment: environment, executable: executable, streams: streams)
        TerminationSignals.takeOver()
        let now: @Sendable () -> Date = { Date() }
        let context = CommandContext(
            environment: environment, streams: streams, terminal: .controlling,
            keyrings: .system(executable: executable, environment: environment, now: now),
            clipboards: .system(environment: environment, streams: streams, executable: executable),
            git: .system(environment: environment), plugins: plugins, now: now, executable: executable, ownsProcess: true)
        exit(await VaultProgram.run(arguments, in: context))
    }

    /// `vault NAME ARGS…` for a NAME that is no built-in command but a `vault-NAME` program:
    /// hand over to it (like git), with the vault path in its environment.
    private static func runExternalPluginIfAsked(
        _ arguments: [String], environment: [String: String], executable: String, streams: StandardStreams
    ) {
        guard let name = arguments.first, !name.hasPrefix("-"), !VaultCommand.commandNames.contains(name) else { return }
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
