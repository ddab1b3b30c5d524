import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// A program that runs `vault` command lines: its root command, its plugins and, for `vault`
/// itself, the companion it hands to what it does not carry. One run parses the arguments, builds
/// the chosen command's session (once, from its vault options and the context), runs the command
/// with it, and turns every failure into one line on standard error and the exit status the
/// product contract promises. The executables run it with the process's context; tests run it
/// with their own and read the status and the streams.
public struct VaultProgram: Sendable {
    /// The root command the arguments are parsed with.
    public let root: ParsableCommand.Type
    /// The plugins, checked for command names claimed twice; the command context carries them.
    public let plugins: PluginRegistry
    /// Where a command line that needs a network plugin goes: vault-network, for `vault`; nil
    /// for the program that has them all.
    public let companion: NetworkCompanion?

    public init(root: ParsableCommand.Type, plugins: [any VaultPlugin], companion: NetworkCompanion?) throws(PluginError) {
        self.root = root
        self.plugins = try PluginRegistry(plugins, coreCommandNames: VaultCommand.coreCommandNames, elsewhere: companion?.commandNames ?? [])
        self.companion = companion
    }

    /// `vault`: the core and the local plugins, handing the rest to `companion`.
    public static func local(companion: NetworkCompanion) throws(PluginError) -> VaultProgram {
        try VaultProgram(root: VaultCommand.self, plugins: BuiltinPlugins.all(network: []), companion: companion)
    }

    /// Runs `vault arguments…` (without the program name) and returns its exit status.
    ///
    /// The hot command lines (`HotCommandLine`) are parsed by hand, the rest by the parser.
    /// With a companion, the command line goes to it unchanged when it names a network plugin's
    /// command, when the command says it needs one (`needsNetworkPlugins(in:)`), and when it
    /// asks for no command to run here: help, a usage error, a completion script (whose lists
    /// of commands are the companion's, the whole ones; when it is not installed, `vault` gives
    /// them itself). `--version` stays here.
    ///
    /// It runs on its caller's executor (the executable's main thread), so that a hot command
    /// line, whose request is synchronous, starts no thread of Swift concurrency's.
    public nonisolated(nonsending) func run(_ arguments: [String], in context: CommandContext) async -> Int32 {
        await run(arguments, parsed: HotCommandLine.parse(arguments), in: context)
    }

    /// `run(_:in:)` for `arguments` that `HotCommandLine` parsed already (into `hot`).
    nonisolated(nonsending) func run(_ arguments: [String], parsed hot: HotCommandLine.Parsed?, in context: CommandContext) async -> Int32 {
        switch hot {
        case .version:
            return Self.printVersion(to: context.streams)
        case .request(let request, let selection):
            return run(request, selection: selection, in: context)
        case nil:
            break
        }
        if let companion, let name = arguments.first, companion.commandNames.contains(name) {
            return companion.run(arguments, in: context)
        }
        let command: ParsableCommand
        do {
            command = try root.parseAsRoot(arguments)
        } catch {
            if let companion, !isVersionRequest(error), let status = companion.runIfInstalled(arguments, in: context) {
                return status
            }
            return report(error, in: context)
        }
        if let subcommand = command as? VaultSubcommand {
            return await run(subcommand, arguments: arguments, in: context)
        }
        // `vault` alone and `vault help`: help that lists every command.
        if let companion, let status = companion.runIfInstalled(arguments, in: context) { return status }
        do {
            var command = command
            try command.run()
            return ExitStatus.success.rawValue
        } catch {
            return report(error, in: context)
        }
    }

    /// Runs a parsed command (given as `arguments`) with its session, or hands the command line
    /// to the companion when the command needs a network plugin.
    private func run(_ subcommand: any VaultSubcommand, arguments: [String], in context: CommandContext) async -> Int32 {
        do {
            if let companion, try subcommand.needsNetworkPlugins(in: context) { return companion.run(arguments, in: context) }
            let session = try VaultSession(command: type(of: subcommand).eventName, selection: subcommand.vault.selection,
                                       keyAccess: type(of: subcommand).keyAccess, context: context)
            try await subcommand.run(in: session)
            return ExitStatus.success.rawValue
        } catch {
            return status(of: error, in: context)
        }
    }

    /// Runs a hot command line's request (which needs no network plugin) with its session.
    private func run(_ request: HotRequest, selection: VaultSelection, in context: CommandContext) -> Int32 {
        do {
            try request.run(in: try VaultSession(command: request.eventName, selection: selection, keyAccess: request.keyAccess, context: context))
            return ExitStatus.success.rawValue
        } catch {
            return status(of: error, in: context)
        }
    }

    /// Says on standard error what a command's `error` was; returns its exit status.
    private func status(of error: any Error, in context: CommandContext) -> Int32 {
        switch error {
        case let failure as VaultFailure:
            context.diagnostics.error(failure.message)
            return failure.exitStatus.rawValue
        case is DecodingError, is EncodingError:
            context.diagnostics.error("an entry could not be converted to or from JSON")
            return ExitStatus.failure.rawValue
        default:
            return report(error, in: context)
        }
    }

    /// `--version`: the version on standard output; the exit status.
    static func printVersion(to streams: StandardStreams) -> Int32 {
        try? streams.write(VaultCommand.version + "\n")
        return ExitStatus.success.rawValue
    }

    /// Whether the parser stopped to print the version, which every program answers alike.
    private func isVersionRequest(_ error: any Error) -> Bool {
        root.exitCode(for: error).isSuccess && root.fullMessage(for: error) == VaultCommand.version
    }

    /// Help requests, usage errors and explicit exit codes, the way the argument parser shows
    /// them: help and versions on standard output, the rest on standard error.
    private func report(_ error: any Error, in context: CommandContext) -> Int32 {
        let message = root.fullMessage(for: error, columns: context.helpColumns)
        let status = root.exitCode(for: error)
        if !message.isEmpty {
            if status.isSuccess {
                try? context.streams.write(message + "\n")
            } else {
                context.streams.writeError(message + "\n")
            }
        }
        return status.rawValue
    }
}
