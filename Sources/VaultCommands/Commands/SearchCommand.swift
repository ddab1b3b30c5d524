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
        var found: [Entry] = []
        // The own vault's entries, then each mounted team vault's, named under its prefix.
        try session.forEachVault { prefix, vault in
            let entries = try vault.open().entries
            let hidden = vault.hiddenByMounts(entries.names)
            for var entry in try entries.allEntries() where !hidden.contains(entry.name) {
                entry.name = MountTable.name(entry.name, under: prefix)
                let haystack = [entry.name, entry.username ?? "", entry.notes ?? ""] + entry.urls + entry.tags
                    + entry.fields.filter { !$0.secret }.flatMap { [$0.name, $0.value] }
                if haystack.contains(where: { $0.containsIgnoringCase(text) }) { found.append(entry) }
            }
        }
        if output.json {
            try JSONOutput.print(found.map(EntrySummary.init), to: context.streams)
        } else {
            try context.streams.writeLines(found.map { TerminalText.visible($0.name) })
        }
    }
}
