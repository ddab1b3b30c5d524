import ArgumentParser

/// A command of `vault`, core or plugin: parsed by ArgumentParser, then run with the context
/// the executable (or a test) built, never reaching past it to the process.
public protocol VaultSubcommand: ParsableCommand {
    /// Does the command's work; a `VaultFailure` it throws becomes one line on standard error
    /// and its exit status.
    func run(in context: CommandContext) async throws
}
