import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault attach get ENTRY NAME`: writes an attachment's content back, checked whole first.
struct AttachGetCommand: VaultSubcommand {
    static let eventName = "attach get"

    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Write an attachment back to a file or standard output.",
        discussion: """
            Writes the attachment to a new file of mode 0600 named as the attachment, in the \
            current folder (or --output FILE), never over an existing file without --force; \
            --stdout writes it to standard output. The content is opened and checked whole \
            before a byte is written.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name.", completion: .entryName)
    var entry: String

    @Argument(help: "The attachment's name.")
    var name: String

    @Option(name: .shortAndLong, help: "The file to write (default: the attachment's name, in the current folder).", completion: .file())
    var output: String?

    @Flag(help: "Write to standard output.")
    var stdout = false

    @Flag(help: "Replace an existing file.")
    var force = false

    func validate() throws {
        if stdout && output != nil { throw ValidationError("--stdout and --output are two places; give one") }
    }

    func run(in session: VaultSession) async throws {
        // An attachment's name is a file's name, never a path: it names the file written by default.
        try AttachmentName.validate(name)
        let file = stdout ? nil : SecretOutputFile(path: output ?? name, force: force)
        try file?.checkFree()
        let routed = try session.routed(self.entry)
        let session = routed.session
        let (entry, found) = try routed.within { session, inner in try session.entry(givenAs: inner, withContentOf: name) }
        guard let content = found, let attachment = entry.attachment(named: name) else {
            throw AttachError.noSuchAttachment(entry: routed.shown(entry.name), name: name)
        }
        if let file {
            try content.withUnsafeBytes { try file.write(UnsafeRawBufferPointer($0)) }
            session.diagnostics.note("Wrote \(attachment.name) of \(routed.shown(entry.name)) to \(file.path) (\(ByteCount.text(attachment.size))).")
        } else {
            try content.withUnsafeBytes { try session.context.streams.write($0) }
        }
        session.record(.reveal, entry: entry.name, detail: "attachment \(attachment.name), " + (file == nil ? "to standard output" : "to a file"))
    }
}
