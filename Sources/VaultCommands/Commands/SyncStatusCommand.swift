import ArgumentParser
import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// `vault sync status`: where the synced vault stands, without reaching the remote.
struct SyncStatusCommand: VaultSubcommand {
    static let eventName = "sync status"

    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether the vault has changes to sync, and when it last synced.",
        discussion: """
            Tells the repository and branch, whether the vault has changes not yet committed, \
            how many commits this machine has that the remote has not and the other way round \
            (as of the last fetch or push: run vault sync to bring them up to date), and when \
            vault sync last finished. \
            Never asks for the password and never reaches the remote.
            """)

    @OptionGroup var vault: VaultOptions

    func run(in session: VaultSession) async throws {
        let context = session.context
        let store = session.store
        let status = try SyncStatus.read(try session.repository())
        let config = try session.config()
        var lines = [
            "Vault:      \(store.path)",
            "Repository: \(status.repository) (branch \(status.branch))",
            "Remote:     \(status.upstream ?? "none (add one with vault sync init REMOTE)")",
            "Changes:    \(status.uncommitted ? "not yet committed" : "all committed")",
        ]
        if let ahead = status.ahead, let behind = status.behind {
            let fetched = status.lastExchange.map { ", as of the last fetch or push \(Self.describe($0))" } ?? ""
            lines.append("Commits:    \(ahead) to push, \(behind) to merge\(fetched)")
        } else if status.upstream != nil {
            lines.append("Commits:    not yet fetched or pushed")
        }
        lines.append("Last sync:  \(status.lastSync.map(Self.describe) ?? "never")")
        lines.append("Automatic:  \(config.syncAuto ? (config.syncPush ? "commit and sync each change" : "commit each change") : "off")")
        try context.streams.write(TerminalText.visibleLines(lines.joined(separator: "\n")) + "\n")
    }

    private static func describe(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
