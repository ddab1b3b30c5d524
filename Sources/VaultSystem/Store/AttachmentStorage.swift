import VaultCore

/// Where a change to a vault's entries puts the contents of attachments and finds them: each
/// sealed by the vault's `AttachmentSealer` into its `AttachmentFolder`. It remembers the
/// sealed files it made, for a change that fails to take away again.
public final class AttachmentStorage {
    let sealer: AttachmentSealer
    let folder: AttachmentFolder
    /// The contents whose sealed files this storage wrote where there were none.
    private(set) var created: [String] = []

    init(sealer: AttachmentSealer, folder: AttachmentFolder) {
        self.sealer = sealer
        self.folder = folder
    }

    /// Seals `content` beside the vault, unless the vault holds it already; its content id.
    public func store(_ content: UnsafeRawBufferPointer) throws -> String {
        let contentID = sealer.contentID(of: content)
        if try folder.store(try sealer.seal(content, contentID: contentID), contentID: contentID) { created.append(contentID) }
        return contentID
    }

    /// Runs `body`; when it throws, the sealed files this storage made go again (the vault
    /// file, left as it was, names none of them).
    func removingCreated<T>(unless body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            folder.remove(created)
            throw error
        }
    }

    /// The content of `attachment`, checked against its id and size, in memory wiped on release.
    public func open(_ attachment: Attachment) throws -> SecureBytes {
        let sealed: [UInt8]
        do {
            sealed = try folder.sealed(attachment.content)
        } catch .fileMissing {
            throw AttachmentError.missing(name: attachment.name)
        }
        let content = try sealed.withUnsafeBytes { try sealer.open($0, contentID: attachment.content) }
        guard content.count == attachment.size else { throw AttachmentError.tampered(contentID: attachment.content) }
        return content
    }
}
