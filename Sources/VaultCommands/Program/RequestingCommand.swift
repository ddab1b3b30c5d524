import VaultCLI

/// What a command asks for as plain values, which does the command's work: what the parser's
/// command gives (`RequestingCommand.request`) and what `HotCommandLine` makes by hand.
protocol CommandRequest: Equatable {
    func run(in session: VaultSession) throws
}

/// A command that runs its request: the commands whose lines `HotCommandLine` takes.
protocol RequestingCommand: VaultSubcommand {
    associatedtype Request: CommandRequest
    /// The parsed command line as a request.
    var request: Request { get }
}

extension RequestingCommand {
    func run(in session: VaultSession) async throws {
        try request.run(in: session)
    }
}
