import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// One run of `vault` with a command line, in a context: parses the arguments, builds the
/// chosen command's session (once, from its vault options and the context), runs the command
/// with it, and turns every failure into one line on standard error and the exit status the
/// product contract promises. The executable calls it with the process's context; tests call it
/// with their own and read the status and the streams.
public enum VaultProgram {
    /// The built-in plugins, checked for command names claimed twice.
    public static func plugins() throws(PluginError) -> PluginRegistry {
        try PluginRegistry(BuiltinPlugins.all, coreCommands: VaultCommand.coreCommands)
    }

    /// Runs `vault arguments…` (without the program name) and returns its exit status.
    public static func run(_ arguments: [String], in context: CommandContext) async -> Int32 {
        do {
            var command = try VaultCommand.parseAsRoot(arguments)
            if let subcommand = command as? VaultSubcommand {
                let session = VaultSession(options: subcommand.vault, keyAccess: type(of: subcommand).keyAccess, context: context)
                try await subcommand.run(in: session)
            } else {
                try command.run()  // `vault` alone: its help
            }
            return ExitStatus.success.rawValue
        } catch let failure as VaultFailure {
            context.diagnostics.error(failure.message)
            return failure.exitStatus.rawValue
        } catch is DecodingError, is EncodingError {
            context.diagnostics.error("an entry could not be converted to or from JSON")
            return ExitStatus.failure.rawValue
        } catch {
            return report(error, in: context)
        }
    }

    /// Help requests, usage errors and explicit exit codes, the way the argument parser shows
    /// them: help and versions on standard output, the rest on standard error.
    private static func report(_ error: any Error, in context: CommandContext) -> Int32 {
        let message = VaultCommand.fullMessage(for: error, columns: context.helpColumns)
        let status = VaultCommand.exitCode(for: error)
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
