import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault team rm MEMBER`: a new key for the team vault, which the removed member does not
/// get, and the entries they could read, whose secrets are to be changed.
struct TeamRemoveCommand: VaultSubcommand {
    static let eventName = "team rm"

    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove a member from a team vault, and list what to change.",
        discussion: """
            Gives the team vault a new key, sealed to the other members alone, and seals every \
            entry and attachment again under it: the removed member opens no later version. \
            They keep every version they could read, the copies in the git history and their \
            own clones included: the entries listed (with their secret fields) are the \
            passwords and keys to change. With --json: member and entries, each with name and \
            fields. The last member cannot be removed; removing yourself leaves the team \
            vault, which you then open no more.
            """)

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The member's name.", valueName: "member"))
    var member: String

    /// An entry the removed member could read, and its secret fields.
    struct Exposed: Encodable {
        var name: String
        var fields: [String]
    }

    func run(in session: VaultSession) async throws {
        let (log, readable) = try session.store.removeMember(member, using: session.unlocker())
        session.record(.teamRemove, detail: "\((try? TeamMemberName.normalized(member)) ?? member); a new key, sealed for \(log.state.members.map(\.name).joined(separator: ", "))")
        let exposed = readable.map { Exposed(name: $0.name, fields: $0.secretFieldNames) }.filter { !$0.fields.isEmpty }
        let context = session.context
        context.diagnostics.note("""
            Removed \(TerminalText.visible(member)); the vault has a new key, sealed for \
            \(log.state.members.map { TerminalText.visible($0.name) }.joined(separator: ", ")). \
            \(TerminalText.visible(member)) keeps every version they could read: change these secrets.
            """)
        if output.json {
            struct Report: Encodable {
                var member: String
                var entries: [Exposed]
            }
            try JSONOutput.print(Report(member: member, entries: exposed), to: context.streams)
        } else {
            try context.streams.writeLines(exposed.map { TerminalText.visible($0.name) + ": " + $0.fields.joined(separator: ", ") })
        }
    }
}
