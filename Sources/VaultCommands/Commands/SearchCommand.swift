import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultCore
import VaultSystem

/// `vault search`: entries whose non-secret text mentions something.
struct SearchCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find entries by name, username, URL, notes, tags or non-secret fields.",
        discussion: "Case-insensitive. Passwords and secret fields are never searched.")

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The text to look for.")
    var text: String

    @OptionGroup var output: OutputOptions

    func run(in session: VaultSession) async throws {
        let context = session.context
        let entries = try session.open().entries.allEntries()
        let found = entries.filter { entry in
            let haystack = [entry.name, entry.username ?? "", entry.notes ?? ""] + entry.urls + entry.tags
                + entry.fields.filter { !$0.secret }.flatMap { [$0.name, $0.value] }
            return haystack.contains { $0.containsIgnoringCase(text) }
        }
        if output.json {
            try JSONOutput.print(found.map(EntrySummary.init), to: context.streams)
        } else {
            try context.streams.writeLines(found.map { TerminalText.visible($0.name) })
        }
    }
}
