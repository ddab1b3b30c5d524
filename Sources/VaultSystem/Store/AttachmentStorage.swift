import VaultCore

/// Where a change to a vault's entries puts the contents of attachments and finds them: each
/// sealed by the vault's `AttachmentSealer` into its `AttachmentFolder`.
public struct AttachmentStorage {
    let sealer: AttachmentSealer
    let folder: AttachmentFolder

    /// Seals `content` beside the vault, unless the vault holds it already; its content id.
    public func store(_ content: UnsafeRawBufferPointer) throws -> String {
        let contentID = sealer.contentID(of: content)
        try folder.store(try sealer.seal(content, contentID: contentID), contentID: contentID)
        return contentID
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
