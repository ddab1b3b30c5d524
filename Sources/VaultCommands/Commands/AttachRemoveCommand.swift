import ArgumentParser
import VaultCLI
import VaultCore

/// `vault attach rm ENTRY NAME`: removes an attachment; its sealed content goes at this write
/// unless another attachment of the vault has the same content.
struct AttachRemoveCommand: VaultSubcommand {
    static let eventName = "attach rm"

    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove an attachment from an entry.",
        discussion: "Its sealed content is deleted beside the vault unless another attachment holds the same file.")

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name.", completion: .entryName)
    var entry: String

    @Argument(help: "The attachment's name.")
    var name: String

    func run(in session: VaultSession) async throws {
        let routed = try session.routed(entry)
        let entryName = routed.name
        try routed.within { session, _ in
            try session.mutate(entriesNamed: [entryName]) { table in
                guard var entry = try table.entry(named: entryName) else { throw EntryError.notFound(entryName) }
                guard entry.attachment(named: name) != nil else { throw AttachError.noSuchAttachment(entry: routed.shownName, name: name) }
                entry.attachments.removeAll { $0.name == name }
                try table.put(entry)
            }
            session.record(.remove, entry: entryName, detail: "attachment \(name)")
        }
        session.diagnostics.note("Removed the attachment \(name) from \(routed.shownName).")
    }
}
