import ArgumentParser
import FoundationEssentials
import VaultCLI
import VaultCore

/// `vault attach ls ENTRY`: an entry's attachments, without reading their contents.
struct AttachListCommand: VaultSubcommand {
    static let eventName = "attach ls"

    static let configuration = CommandConfiguration(
        commandName: "ls",
        abstract: "List an entry's attachments.",
        discussion: "Name, size, type and when each was added; --json prints them as JSON.")

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name.", completion: .entryName)
    var entry: String

    @Flag(help: "Print JSON: name, size (bytes), type, added.")
    var json = false

    func run(in session: VaultSession) async throws {
        let routed = try session.routed(entry)
        let attachments = try routed.within { session, inner in try session.entry(givenAs: inner).attachments }
        if json {
            try JSONOutput.print(attachments.map(AttachmentView.init), to: session.context.streams)
        } else {
            try session.context.streams.writeLines(AttachmentView.lines(attachments))
        }
    }
}

/// An attachment as `attach ls --json` and `show --json` print it: what a person needs, not
/// the content id, which only this vault's keys give meaning to.
struct AttachmentView: Encodable {
    let name: String
    let size: Int
    let type: String
    let added: Date

    init(_ attachment: Attachment) {
        name = attachment.name
        size = attachment.size
        type = attachment.type
        added = attachment.added
    }

    /// One line per attachment: name, size, type, when it was added (to the second).
    static func lines(_ attachments: [Attachment]) -> [String] {
        attachments.map { "\(TerminalText.visible($0.name))  \(ByteCount.text($0.size))  \($0.type)  \($0.added.ISO8601Format())" }
    }
}
