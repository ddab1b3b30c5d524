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
        path = vaultPath + Self.suffix
    }

    /// What the vault file's name is followed by in the folder's.
    static let suffix = ".attachments"

    /// The path of the sealed file of the content `contentID`.
    func filePath(of contentID: String) -> String {
        path + "/" + contentID
    }

    /// Writes the sealed content `sealed` under `contentID`, unless the file of that content is
    /// already there with these bytes (sealing is deterministic, so an intact one has them; a
    /// damaged one is replaced). Returns whether there was no file of it before.
    @discardableResult
    func store(_ sealed: [UInt8], contentID: String) throws -> Bool {
        let file = filePath(of: contentID)
        let existed = access(file, F_OK) == 0
        if existed, (try? AtomicFile.read(file, limit: sealed.count)) == sealed { return false }
        try Paths.createFolders(path)
        try sealed.withUnsafeBytes { try AtomicFile.write($0, to: file) }
        return !existed
    }

    /// Whether the sealed file of the content `contentID` is here.
    func holds(_ contentID: String) -> Bool {
        access(filePath(of: contentID), F_OK) == 0
    }

    /// Gives the folder mode 0700 and its sealed files 0600 again, after git wrote them as
    /// the umask allows.
    func restrictModes() {
        guard chmod(path, 0o700) == 0 else { return }
        for name in Paths.names(inFolder: path) where Attachment.isContentID(name) { chmod(path + "/" + name, 0o600) }
    }

    /// The sealed file of the content `contentID`.
    func sealed(_ contentID: String) throws(StoreError) -> [UInt8] {
        try AtomicFile.read(filePath(of: contentID), limit: AttachmentSealer.sealedLength(contentLength: Attachment.largestSize))
    }

    /// Removes the sealed file of every content but `kept`, and what a writer killed while
    /// writing here left; other files in the folder are left alone. The folder goes when it is
    /// empty.
    func removeAll(but kept: Set<String>) {
        let removed = Paths.names(inFolder: path).filter { name in
            Attachment.isContentID(name) ? !kept.contains(name) : name.hasPrefix(".") && name.contains(".tmp-")
        }
        for name in removed { unlink(path + "/" + name) }
        rmdir(path)
    }

    /// Removes the sealed files of `contentIDs`.
    func remove(_ contentIDs: [String]) {
        for contentID in contentIDs { unlink(filePath(of: contentID)) }
    }
}
