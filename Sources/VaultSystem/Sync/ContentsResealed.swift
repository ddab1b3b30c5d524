import VaultCore

/// The attachment contents a sync seals again for a merge of copies under different keys: one
/// side changed the vault's keys (`passwd`, `rekey`, which seal every content again) while the
/// other attached files under the keys it had. Each such content is read from the other
/// side's commit, opened with its keys, sealed under the merge's and written beside the vault
/// (unless the side whose keys win has it already), for git to commit with the merge.
struct ContentsResealed {
    let repository: SyncRepository
    let layout: GitLayout
    let folder: AttachmentFolder
    /// The contents written beside the vault, which a failed merge removes again.
    private(set) var written: [String] = []

    init(repository: SyncRepository, layout: GitLayout, folder: AttachmentFolder) {
        self.repository = repository
        self.layout = layout
        self.folder = folder
    }

    /// Seals again, under `dataKey` (the merge's, `target`'s), every content `result` names
    /// that `target` does not, reading it from `otherCommit` and opening it with `other`'s
    /// keys, and has the entries name the new contents.
    mutating func reseal(_ result: EntryTable, dataKey: SecureBytes, target: VaultFileMerge.Opened, targetCommit: String,
                         other: VaultFileMerge.Opened, otherCommit: String) throws {
        let held = try target.table.attachmentContents()
        guard !(try result.attachmentContents()).isSubset(of: held) else { return }
        let old = try AttachmentSealer(dataKey: other.keys.dataKey, cipher: other.envelope.cipher, vaultID: other.envelope.id)
        let new = try AttachmentSealer(dataKey: dataKey, cipher: target.envelope.cipher, vaultID: target.envelope.id)
        for var entry in try result.allEntries() where entry.attachments.contains(where: { !held.contains($0.content) }) {
            for var attachment in entry.attachments where !held.contains(attachment.content) {
                // One the other side never committed stays as it is, and the sync counts it missing.
                guard let object = try repository.object(path(in: otherCommit, attachment.content)) else { continue }
                let content = try repository.blob(object).withUnsafeBytes { try old.open($0, contentID: attachment.content) }
                guard content.count == attachment.size else { throw AttachmentError.tampered(contentID: attachment.content) }
                let contentID = content.withUnsafeBytes { new.contentID(of: $0) }
                if try repository.object(path(in: targetCommit, contentID)) == nil, !folder.holds(contentID) {
                    try folder.store(try content.withUnsafeBytes { try new.seal($0, contentID: contentID) }, contentID: contentID)
                    written.append(contentID)
                }
                attachment.content = contentID
                entry.setAttachment(attachment)
            }
            try result.put(entry)
        }
    }

    /// Removes the contents written, when the merge they were for did not happen.
    func removeWritten() {
        folder.remove(written)
    }

    /// `REVISION:PATH` of the sealed content `contentID` in `commit`.
    private func path(in commit: String, _ contentID: String) -> String {
        "\(commit):\(layout.fromTop(repository.attachmentsFolder))/\(contentID)"
    }
}
