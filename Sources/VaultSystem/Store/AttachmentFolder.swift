import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// The folder beside a vault file that holds its attachments' sealed contents
/// (`AttachmentSealer`): `<vault file>.attachments/`, mode 0700, one file per content named by
/// its content id, each written once (a content attached again is already there) and removed
/// when no entry names it any longer (`removeAll(but:)`). Only sealed bytes are ever written
/// here.
public struct AttachmentFolder: Sendable {
    public let path: String

    public init(vaultPath: String) {
        path = vaultPath + ".attachments"
    }

    /// The path of the sealed file of the content `contentID`.
    func filePath(of contentID: String) -> String {
        path + "/" + contentID
    }

    /// Writes the sealed content `sealed` under `contentID`, unless the file of that content is
    /// already there with these bytes (sealing is deterministic, so an intact one has them; a
    /// damaged one is replaced).
    func store(_ sealed: [UInt8], contentID: String) throws {
        let file = filePath(of: contentID)
        if access(file, F_OK) == 0, (try? AtomicFile.read(file, limit: sealed.count)) == sealed { return }
        try Paths.createFolders(path)
        try sealed.withUnsafeBytes { try AtomicFile.write($0, to: file) }
    }

    /// The sealed file of the content `contentID`.
    func sealed(_ contentID: String) throws(StoreError) -> [UInt8] {
        try AtomicFile.read(filePath(of: contentID), limit: AttachmentSealer.sealedLength(contentLength: Attachment.largestSize))
    }

    /// Removes the sealed file of every content but `kept`, and what a writer killed while
    /// writing here left; other files in the folder are left alone. The folder goes when it is
    /// empty.
    func removeAll(but kept: Set<String>) {
        guard let directory = opendir(path) else { return }
        var removed: [String] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
            let isContent = Attachment.isContentID(name)
            if isContent && !kept.contains(name) || !isContent && name.hasPrefix(".") && name.contains(".tmp-") {
                removed.append(name)
            }
        }
        closedir(directory)
        for name in removed { unlink(path + "/" + name) }
        rmdir(path)
    }
}
