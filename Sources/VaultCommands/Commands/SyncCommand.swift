import ArgumentParser
import VaultCLI
import VaultKit

/// `vault sync`: the pieces that let git carry a vault between machines: a merge driver that
/// merges entries instead of bytes, and a listing for `git diff` with no secret in it.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Let git merge and diff a vault kept in a repository.",
        discussion: """
            A vault kept in a git repository merges entry by entry when the repository's \
            .gitattributes has `vault.json merge=vault diff=vault` (with the vault's file name) \
            and its config sets merge.vault.driver to `vault sync merge-driver %O %A %B %P` and \
            diff.vault.textconv to `vault sync textconv`. See README, "Using vault on several \
            machines".
            """,
        subcommands: [MergeDriverCommand.self, TextconvCommand.self])
}

/// `vault sync merge-driver %O %A %B %P`: git's merge driver for vault files.
struct MergeDriverCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "Merge two copies of a vault against their ancestor (git's merge driver).",
        discussion: """
            Run by git as `vault sync merge-driver %O %A %B %P`: opens the ancestor, our copy \
            and theirs (with the cached key, the password file or the terminal; one password \
            for all three), merges them entry by entry and part by part, writes the result over \
            our copy and tells on standard error what came in, what changed and how conflicts \
            were settled. When a copy cannot be opened or merged it exits non-zero (3 for a \
            wrong master password, 1 for copies whose master passwords differ) and git keeps \
            its conflict; our copy is left as it was.
            """,
        shouldDisplay: false)

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The common ancestor (git's %O).")
    var base: String
    @Argument(help: "Our copy, replaced by the result (git's %A).")
    var ours: String
    @Argument(help: "Their copy (git's %B).")
    var theirs: String
    @Argument(help: "The vault's path in the repository (git's %P), for messages.")
    var name: String?

    func run(in context: CommandContext) async throws {
        let report = try VaultFileMerge.merge(base: base, ours: ours, theirs: theirs, using: try vault.unlocker(in: context))
        let what = name ?? ours
        for line in SyncReportText.lines(report) { context.diagnostics.note("\(what): \(line)") }
    }
}

/// `vault sync textconv FILE`: git's textconv for vault files.
struct TextconvCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "textconv",
        abstract: "List a vault file's entries with fingerprints instead of values (git's textconv).",
        discussion: """
            Prints each entry's name, type and id, and for each part a keyed fingerprint of its \
            value (the same until passwd or rekey), so that `git diff` and `git log -p` show \
            which parts of which entries changed and nothing of what they hold. A version \
            written before a passwd or rekey is listed as encrypted under other keys. Run \
            vault unlock first, or each version shown asks for the password.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The vault file to list.")
    var file: String

    func run(in context: CommandContext) async throws {
        // Names may hold characters a terminal acts on: shown escaped, as everywhere else.
        let listing = try VaultListing.text(ofFile: file, using: try vault.unlocker(in: context))
        try context.streams.write(TerminalText.visibleLines(listing))
    }
}

/// What a merge did, as lines for a person: names only.
enum SyncReportText {
    static func lines(_ report: MergeReport) -> [String] {
        var lines: [String] = []
        func list(_ verb: String, _ names: [String]) {
            if !names.isEmpty { lines.append("\(verb) \(names.count) (\(names.joined(separator: ", ")))") }
        }
        list("added", report.added)
        list("changed", report.changed)
        list("removed", report.removed)
        for conflict in report.conflicts {
            switch conflict {
            case .bothChanged(let entry, let part, let kept):
                lines.append("conflict in \(entry): \(part) changed on both sides; kept \(kept == .ours ? "ours" : "theirs") (the later change), the other kept \(part == "password" ? "in the history" : "in a conflict field")")
            case .editBeatsRemoval(let entry):
                lines.append("conflict: \(entry) was removed on one side and changed on the other; it stays")
            case .sameName(let name, let renamedTo):
                lines.append("conflict: two entries were called \(name); the later is now \(renamedTo)")
            }
        }
        if lines.isEmpty { lines.append("nothing to merge") }
        return lines
    }
}
