import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault attach add ENTRY FILE...`: keeps files with an entry, photos stripped of private
/// metadata by the plugin that can (`MetadataStripper`).
struct AttachAddCommand: VaultSubcommand {
    static let eventName = "attach add"

    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Keep files with an entry.",
        discussion: """
            Each FILE is kept with the entry under its own name (or --name, for one file), \
            sealed beside the vault; one content attached twice in a vault is stored once. A \
            JPEG, PNG or WebP loses its location, device, author and other private metadata \
            losslessly (the pixels, colour profile and orientation stay), and the command says \
            what it removed; --keep-metadata keeps the bytes as they are. Nothing is kept when \
            any file cannot be: one above the size limit ("attachments": {"max_mib": N}, 100 by \
            default), a damaged photo, or a name the entry already has.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name.", completion: .entryName)
    var entry: String

    @Argument(help: "The files to keep.", completion: .file())
    var files: [String]

    @Option(help: "The attachment's name (one FILE only; default: the file's name).")
    var name: String?

    @Flag(help: "Keep a photo's metadata (location, device, author) as it is.")
    var keepMetadata = false

    /// Above this, a file is kept with a warning.
    static let warningSize = 10 << 20

    func validate() throws {
        if name != nil && files.count != 1 { throw ValidationError("--name names one file; give one FILE with it") }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let routed = try session.routed(entry)
        let entryName = routed.name
        let limit = try session.config().attachmentsMaxMiB << 20
        let stripper = keepMetadata ? nil : context.plugins.capabilities(MetadataStripper.self).first
        // Every file read and checked before anything is kept.
        var prepared: [(name: String, content: [UInt8], removed: [String])] = []
        defer { for index in prepared.indices { Sodium.wipe(&prepared[index].content) } }
        for file in files {
            let attachmentName = name ?? Paths.lastComponent(of: file)
            try AttachmentName.validate(attachmentName)
            guard !prepared.contains(where: { $0.name == attachmentName }) else { throw AttachError.nameTwice(attachmentName) }
            var content = try InputFile(path: file, role: "an attachment", limit: limit).bytes()
            var removed: [String] = []
            if let stripper, stripper.recognizes(header: Array(content.prefix(16))) {
                let stripped = try stripper.strip(content)
                Sodium.wipe(&content)
                (content, removed) = stripped
            }
            if content.count > Self.warningSize {
                context.diagnostics.warning("\(attachmentName) is \(ByteCount.text(content.count)); large attachments make the vault's folder and its git history large")
            }
            prepared.append((attachmentName, content, removed))
        }
        let added = context.now().toTheSecond
        let attachments = try routed.within { session, _ in try session.mutateWithAttachments(entriesNamed: [entryName]) { table, storage in
            guard var entry = try table.entry(named: entryName) else { throw EntryError.notFound(entryName) }
            // Every name checked before any content is stored.
            if let taken = prepared.first(where: { entry.attachment(named: $0.name) != nil }) {
                throw AttachError.alreadyAttached(entry: routed.shownName, name: taken.name)
            }
            var attachments: [Attachment] = []
            for item in prepared {
                let attachment = try item.content.withUnsafeBytes { content in
                    Attachment(name: item.name, content: try storage.store(content), size: content.count, type: ContentType.of(content),
                               added: added)
                }
                entry.setAttachment(attachment)
                attachments.append(attachment)
            }
            try table.put(entry)
            return attachments
        } }
        for (attachment, item) in zip(attachments, prepared) {
            let metadata = keepMetadata || stripper == nil || !ContentType.isPhoto(attachment.type) ? ""
                : item.removed.isEmpty ? "; it held no private metadata" : "; removed \(item.removed.joined(separator: ", "))"
            context.diagnostics.note("Attached \(attachment.name) to \(routed.shownName) (\(ByteCount.text(attachment.size)), \(attachment.type))\(metadata).")
        }
    }
}

/// Why files could not be attached.
enum AttachError: VaultFailure, Equatable {
    case nameTwice(String)
    case alreadyAttached(entry: String, name: String)
    case noSuchAttachment(entry: String, name: String)
    /// An imported entry's file above `attachments.max_mib`.
    case importedTooLarge(entry: String, name: String, limitMiB: Int)

    var message: String {
        switch self {
        case .nameTwice(let name): "two files would be called '\(name)'; attach them one by one with --name"
        case .alreadyAttached(let entry, let name): "\(entry) already has an attachment called '\(name)'; remove it first or give --name"
        case .noSuchAttachment(let entry, let name): "\(entry) has no attachment called '\(name)'"
        case .importedTooLarge(let entry, let name, let limit):
            "\(entry): the file '\(name)' is larger than the attachment limit of \(limit) MiB (attachments.max_mib); nothing was imported"
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .nameTwice: .usage
        case .alreadyAttached: .alreadyExists
        case .noSuchAttachment: .notFound
        case .importedTooLarge: .failure
        }
    }
}
