@testable import Interchange

/// A ZIP archive of files stored without compression (PKWARE's APPNOTE.TXT, the least of it):
/// a local header and the bytes of each file, the central directory, its end record.
enum StoredArchive {
    /// How a ZIP archive (its first local header) starts.
    static let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// The archive of `files`, in the order of their paths.
    static func bytes(_ files: [String: [UInt8]]) -> [UInt8] {
        var archive: [UInt8] = []
        var directory: [UInt8] = []
        for (path, contents) in files.sorted(by: { $0.key < $1.key }) {
            let name = Array(path.utf8)
            // Version 20, no flags, stored, no time or date, CRC-32, both sizes, name length, no extra.
            let common = le16(20) + le16(0) + le16(0) + le32(0) + le32(CRC32.checksum(contents))
                + le32(UInt32(contents.count)) + le32(UInt32(contents.count)) + le16(UInt16(name.count)) + le16(0)
            directory += le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(archive.count)) + name
            archive += le32(0x0403_4B50) + common + name + contents
        }
        let end = le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(files.count)) + le16(UInt16(files.count))
            + le32(UInt32(directory.count)) + le32(UInt32(archive.count)) + le16(0)
        return archive + directory + end
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
}
