import ArgumentParser
import VaultCore

/// `vault show`: the whole entry for a person, secrets masked unless asked for.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show an entry, with secrets masked.")

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name.")
    var name: String

    @Flag(help: "Show the password and secret fields.")
    var reveal = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let name = try EntryName.normalized(name)
        let vault = try self.vault.store().open(using: self.vault.unlocker())
        guard let entry = try vault.entries.entry(named: name) else { throw EntryError.notFound(name) }
        if output.json {
            try JSONOutput.print(EntryView(entry, reveal: reveal))
        } else {
            print(EntryText.render(entry, reveal: reveal), terminator: "")
        }
    }
}
