import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault sync init [REMOTE]`: put the vault under git.
struct SyncInitCommand: VaultSubcommand {
    static let eventName = "sync init"

    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Put the vault's folder under git, set up for vault's merge, and add a remote.",
        discussion: """
            Makes the vault's folder a git repository (or uses the one it is in), writes \
            .gitattributes (`/vault.json -text merge=vault diff=vault`, with the vault's file name) \
            and a .gitignore that lets in only the vault file and those two files (never the \
            lock, plugins/ or an export), sets the repository's merge.vault.driver and \
            diff.vault.textconv to this vault program, commits, and adds REMOTE as origin. \
            Then `vault sync` pushes. Running it again changes nothing that is already right.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: ArgumentHelp("The repository to sync with (any address git takes), added as origin.", valueName: "remote"))
    var remote: String?

    func run(in session: VaultSession) async throws {
        let context = session.context
        let store = session.store
        _ = try store.header()
        let repository = try session.repository()
        let done = try store.whileLocked {
            try SyncSetup.initialize(repository, remote: remote, drivers: OwnCommandLines.gitDrivers(executable: context.executable),
                                     message: "vault: start syncing \(repository.vaultName)")
        }
        var lines = [done.created ? "Made \(done.repository) a git repository for \(store.path)." : "Using the git repository \(done.repository) for \(store.path)."]
        lines.append(done.committed ? "Committed the vault, .gitattributes and .gitignore." : "Nothing new to commit.")
        if done.addedRemote { lines.append("Added the remote as origin; run vault sync to push.") }
        try context.streams.write(TerminalText.visibleLines(lines.joined(separator: "\n")) + "\n")
    }
}
