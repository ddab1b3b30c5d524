import ArgumentParser
import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// `vault team members`: who is in a team vault, and who was.
struct TeamMembersCommand: VaultSubcommand {
    static let eventName = "team members"

    static let configuration = CommandConfiguration(
        commandName: "members",
        abstract: "List a team vault's members.",
        discussion: """
            Each member's name, fingerprint and when they were added; then those removed. With \
            --json: team, changes (how many changes of members the vault records), members (name, identity, fingerprint, \
            added) and former (name, identity, fingerprint, removed).
            """)

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    /// One member as `--json` prints it.
    struct MemberView: Encodable {
        var name: String
        var identity: String
        var fingerprint: String
        var added: Date?
        var removed: Date?
    }

    /// What `--json` prints.
    struct Report: Encodable {
        var team: String
        var changes: Int
        var members: [MemberView]
        var former: [MemberView]
    }

    func run(in session: VaultSession) async throws {
        let log = try session.store.teamLog(using: session.unlocker())
        let state = log.state
        let members = state.members.map {
            MemberView(name: $0.name, identity: $0.identity.text, fingerprint: $0.identity.fingerprint, added: $0.added.date)
        }
        let former = state.former.map {
            MemberView(name: $0.name, identity: $0.identity.text, fingerprint: $0.identity.fingerprint, removed: $0.removed.date)
        }
        let streams = session.context.streams
        if output.json {
            try JSONOutput.print(Report(team: state.team, changes: log.changes.count, members: members, former: former), to: streams)
            return
        }
        var lines = members.map { "\(TerminalText.visible($0.name))  \($0.fingerprint)  added \($0.added?.ISO8601Format() ?? "")" }
        lines += former.map { "\(TerminalText.visible($0.name))  \($0.fingerprint)  removed \($0.removed?.ISO8601Format() ?? "")" }
        try streams.writeLines(lines)
    }
}
