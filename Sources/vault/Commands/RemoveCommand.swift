import ArgumentParser
import VaultCLI
import VaultKit

/// `vault rm`: deletes an entry, after confirmation.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove an entry.",
        discussion: "Asks for confirmation on a terminal; needs --yes otherwise.")

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name.")
    var name: String

    @Flag(name: .shortAndLong, help: "Do not ask for confirmation.")
    var yes = false

    func run() throws {
        let name = try EntryName.normalized(name)
        let store = vault.store()
        let unlocker = try vault.unlocker()
        if !yes {
            guard try store.open(using: unlocker).entries.contains(name) else { throw EntryError.notFound(name) }
            try Confirmation.require("Remove \(name)?", otherwise: "removing \(name)")
        }
        try store.mutate(using: unlocker) { entries in
            guard entries.remove(named: name) else { throw EntryError.notFound(name) }
        }
        Diagnostics.note("Removed \(name).")
    }
}

/// Asks a person to confirm on the terminal, or insists on --yes when nobody can be asked.
enum Confirmation {
    static func require(_ question: String, otherwise action: String) throws {
        guard ControllingTerminal.standardInputIsTerminal, let terminal = try? ControllingTerminal() else {
            throw TerminalError.confirmationNeeded(action)
        }
        guard terminal.confirm(question) else { throw TerminalError.cancelled }
    }
}
