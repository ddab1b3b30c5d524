import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault sync merge-driver %O %A %B %P`: git's merge driver for vault files.
struct MergeDriverCommand: VaultSubcommand {
    static let eventName = "sync merge-driver"

    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "Merge two copies of a vault against their ancestor (git's merge driver).",
        discussion: """
            Run by git as `vault sync merge-driver %O %A %B %P`: opens the ancestor, our copy \
            and theirs (with the cached key, the password file or the terminal), merges them \
            entry by entry and part by part, writes the result over our copy under the newer \
            header and tells on standard error what came in, what changed and how conflicts \
            were settled. A copy under another master password (vault passwd on another \
            machine) is opened with that password, asked for on the terminal. When a copy \
            cannot be opened or merged it exits non-zero (3 for a wrong password, 1 otherwise, \
            as when there is no terminal to ask on) and git keeps its conflict; our copy is \
            left as it was.
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

    func run(in session: VaultSession) async throws {
        let keys = VaultFileMerge.Keys(ours: try session.unlocker(), otherPassword: session.otherCopyUnlocker())
        let report = try VaultFileMerge.merge(base: base, ours: ours, theirs: theirs, keys: keys)
        let what = name ?? ours
        for line in SyncReportText.lines(report) { session.diagnostics.note("\(what): \(line)") }
    }
}
