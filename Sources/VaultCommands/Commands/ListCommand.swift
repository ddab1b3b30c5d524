import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault list` (`vault ls`): entry names, optionally filtered.
struct ListCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List entry names.",
        discussion: """
            PATTERN is a shell glob (web/*, *git*) when it has *, ? or [; otherwise it lists \
            the entries whose names contain it (case-insensitive). With --json, prints entry \
            summaries without secrets.
            """,
        aliases: ["ls"])

    @OptionGroup var vault: VaultOptions

    @Argument(help: "Only names matching this glob, or containing this text.")
    var pattern: String?

    @OptionGroup var output: OutputOptions

    func run(in session: VaultSession) async throws {
        let context = session.context
        let matcher = NameMatcher(pattern: pattern)
        var summaries: [EntrySummary] = []
        var names: [String] = []
        // The own vault's names, then each mounted team vault's under its prefix.
        try session.forEachVault { prefix, vault in
            let entries = try vault.open().entries
            let hidden = vault.hiddenByMounts(entries.names)
            let shown = entries.names.filter { !hidden.contains($0) }.map { (inner: $0, shown: MountTable.name($0, under: prefix)) }
            for name in shown where matcher.matches(name.shown) {
                names.append(name.shown)
                if output.json, var entry = try entries.entry(named: name.inner) {
                    entry.name = name.shown
                    summaries.append(EntrySummary(entry))
                }
            }
        }
        if output.json {
            try JSONOutput.print(summaries, to: context.streams)
        } else {
            try context.streams.writeLines(names.map(TerminalText.visible))
        }
    }
}

/// Matches entry names against a glob (`EntryNameGlob`) or, without glob characters, a substring.
struct NameMatcher {
    var pattern: String?

    func matches(_ name: String) -> Bool {
        guard let pattern, !pattern.isEmpty else { return true }
        if EntryNameGlob.isGlob(pattern) { return EntryNameGlob.matches(pattern, name) }
        return name.containsIgnoringCase(pattern)
    }
}

import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
