import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault sync clone REMOTE`: bring a synced vault onto this machine.
struct SyncCloneCommand: VaultSubcommand {
    static let eventName = "sync clone"

    static let configuration = CommandConfiguration(
        commandName: "clone",
        abstract: "Bring a vault that is synced through git onto this machine.",
        discussion: """
            Clones REMOTE into the folder of the vault's path (--vault, $VAULT_PATH, else \
            $XDG_DATA_HOME/vault/vault.json), which must hold no vault yet and be in no git \
            repository, checks out the remote's default branch, and sets up git as vault sync \
            init does. A personal vault keeps the master password it has: run vault unlock next. A \
            team vault is opened first with your identity and refused unless you are one of its \
            members (exit 3); its members are taken as any command takes them on first use, and \
            said. On any failure what the clone made is removed.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: ArgumentHelp("The repository to clone (any address git takes).", valueName: "remote"))
    var remote: String

    func run(in session: VaultSession) async throws {
        let context = session.context
        _ = try session.deviceID()
        let repository = try session.repository()
        let seen = NewestSeen.Folder(stateHome: XDGFolders.stateHome(environment: context.environment))
        let unlocker = try session.unlocker()
        let branch = try SyncSetup.clone(repository, remote: remote, drivers: OwnCommandLines.gitDrivers(executable: context.executable),
                                            attachmentLimit: try session.config().attachmentsMaxMiB << 20) { vaultFile in
            if let team = try IncomingVault.checkClone(vaultFile, unlocker: unlocker, seen: seen) {
                try session.store.acceptTeamLog(team.log, vaultID: team.vaultID)
            }
        }
        let envelope = try session.store.header()
        let next = envelope.isTeam
            ? "It opens with your own vault; run vault sync --vault \(repository.vaultPath) whenever you want this machine's changes shared."
            : "Run vault unlock, then vault sync whenever you want this machine's changes shared."
        try context.streams.write(TerminalText.visibleLines("""
            Cloned the \(envelope.isTeam ? "team vault" : "vault") \(envelope.id) to \(repository.vaultPath) (branch \(branch)).
            \(next)
            """) + "\n")
    }
}
