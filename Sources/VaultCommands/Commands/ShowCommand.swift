import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault show`: the whole entry for a person, secrets masked unless asked for.
struct ShowCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show an entry, with secrets masked.")

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name.", completion: .entryName)
    var name: String

    @Flag(help: "Show the password and secret fields.")
    var reveal = false

    @OptionGroup var output: OutputOptions

    func run(in session: VaultSession) async throws {
        let context = session.context
        let routed = try session.routed(name)
        var entry = try routed.within { vault, name in try vault.entry(givenAs: name) }
        let inner = entry.name
        entry.name = routed.shown(inner)
        if output.json {
            try JSONOutput.print(EntryView(entry, reveal: reveal), to: context.streams)
        } else {
            try context.streams.write(EntryText.render(entry, reveal: reveal))
        }
        if reveal { routed.session.record(.reveal, entry: inner, detail: "every field") }
    }
}
