import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault sync`: keeping one vault on several machines through a git repository, with a merge
/// that understands entries.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the vault with other machines through git.",
        discussion: """
            `vault sync init [REMOTE]` puts the vault's folder under git (a .gitattributes that \
            gives the vault file vault's merge driver and textconv, a .gitignore that keeps \
            everything else out) and adds REMOTE as origin; `vault sync clone REMOTE` brings \
            the vault onto another machine; `vault sync` then commits, fetches, merges entry \
            by entry and pushes. With "sync": {"auto": true} in the config every change is \
            committed as it is made ("push": true syncs it too). See README, "Using vault on \
            several machines".
            """,
        subcommands: [SyncNowCommand.self, SyncInitCommand.self, SyncCloneCommand.self, SyncStatusCommand.self,
                      MergeDriverCommand.self, TextconvCommand.self],
        defaultSubcommand: SyncNowCommand.self)
}

/// `vault sync [now]`: commit, fetch, merge, push.
struct SyncNowCommand: VaultSubcommand {
    static let eventName = "sync"

    static let configuration = CommandConfiguration(
        commandName: "now",
        abstract: "Commit the vault's changes, fetch, merge and push (what `vault sync` does).",
        discussion: """
            Commits the vault's changes, fetches the remote, merges what came in entry by entry \
            and part by part (a part changed on both machines keeps the later change; the other \
            password goes to the entry's history, any other value to a conflict field) and \
            pushes, then tells what came in and how conflicts were settled. The merge needs the \
            vault's key (the cached one, the password file or the terminal); when the other \
            machine changed the master password, that password is asked for too. The remote is \
            not trusted: a commit that changes anything but vault files, and a copy of the vault \
            older than the newest this machine synced (its keys or its latest change older, an \
            entry gone without a tombstone), are refused and nothing is merged or pushed; a copy \
            whose key derivation costs less is taken only with --accept-weaker-kdf. A team vault \
            (--vault) merges its members too (adds on both sides kept, a removal beating an add \
            made meanwhile, removals on both sides refused), is sealed for the merged members \
            under the key of the copy holding every removal, and refuses a copy whose members \
            lack changes this machine synced (a removed member's fork); entries taken from a \
            copy made before a removal are named. When the \
            only new commits are this machine's (on top of all the remote had at the last \
            fetch), they are pushed first, and the remote is fetched only if it refuses them \
            because it moved meanwhile. Other vault commands wait while it runs. Exits 1 with git's reason when git fails; nothing is \
            left half merged.
            """)

    @OptionGroup var vault: VaultOptions

    @Flag(help: "Commit and merge, but do not push.")
    var noPush = false

    @Flag(help: "Take the remote's vault even though its key derivation costs less than this one's (lowered on purpose with passwd or rekey).")
    var acceptWeakerKdf = false

    func run(in session: VaultSession) async throws {
        let context = session.context
        _ = try session.store.header()
        let sync = try session.synchronizer(acceptsWeakerKDF: acceptWeakerKdf)
        let outcome = try sync.run(push: !noPush)
        session.record(.sync, detail: SyncReportText.summary(outcome))
        try context.streams.write(TerminalText.visibleLines(SyncReportText.lines(outcome).joined(separator: "\n")) + "\n")
    }
}
