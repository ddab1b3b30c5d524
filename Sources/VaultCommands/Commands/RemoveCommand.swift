import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault rm`: deletes an entry, after confirmation.
struct RemoveCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove an entry.",
        discussion: "Asks for confirmation on a terminal; needs --yes otherwise.")

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name.", completion: .entryName)
    var name: String

    @Flag(name: .shortAndLong, help: "Do not ask for confirmation.")
    var yes = false

    func run(in session: VaultSession) async throws {
        let context = session.context
        let routed = try session.routed(name)
        let shown = routed.shownName
        try routed.within { session, name in
            if !yes {
                guard try session.entry(named: name) != nil else { throw EntryError.notFound(name) }
                try Confirmation.require("Remove \(shown)?", otherwise: "removing \(shown)", in: context)
            }
            try session.mutate(entriesNamed: [name]) { entries in
                guard try entries.remove(named: name) else { throw EntryError.notFound(name) }
            }
            session.record(.remove, entry: name)
        }
        context.diagnostics.note("Removed \(shown).")
    }
}

/// Asks a person to confirm on the terminal, or insists on --yes when nobody can be asked.
enum Confirmation {
    static func require(_ question: String, otherwise action: String, in context: CommandContext) throws {
        guard context.streams.inputIsTerminal, let terminal = try? context.terminal.open() else {
            throw TerminalError.confirmationNeeded(action)
        }
        guard terminal.confirm(question) else { throw TerminalError.cancelled }
    }
}
