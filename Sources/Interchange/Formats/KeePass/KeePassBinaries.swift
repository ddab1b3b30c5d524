import FoundationEssentials
import Inflate
import VaultCore

/// The attachments of a KeePass XML file: the database's binaries (`Meta/Binaries/Binary`,
/// each with an `ID`, Base64, gzip-compressed when `Compressed="True"`), which an entry's
/// `Binary` elements name (`<Key>` the file's name, `<Value Ref="ID"/>`), or an entry's own
/// Base64 `Value`, as KeePass 2's older files have it. What `keepassxc-cli attachment-import`
/// puts in a database comes out of `keepassxc-cli export -f xml` this way. A binary is
/// decoded only when an entry names it, and none larger than `limit` bytes.
struct KeePassBinaries {
    private var byID: [String: XMLElement] = [:]
    private let limit: Int

    init(meta: XMLElement?, limit: Int) {
        self.limit = limit
        for binary in meta?.child("Binaries")?.children("Binary") ?? [] {
            byID[binary.attributes["ID"] ?? ""] = binary
        }
    }

    /// The files of `entry` (its current version: its history's are left out), each named as
    /// it is, dated `added`; a name vault cannot use as a file's has its `/` and control
    /// characters made `_`.
    func files(of entry: XMLElement, added: Date, record: String) throws(InterchangeError) -> [ExportedFile] {
        var files: [ExportedFile] = []
        for binary in entry.children("Binary") {
            let given = binary.childText("Key") ?? ""
            let name = ImportedFileName.usable(given)
            guard let value = binary.child("Value") else { throw .badRecord(record: record, field: given, reason: "the attachment has no value") }
            let content: [UInt8]
            if let reference = value.attributes["Ref"] {
                guard let known = byID[reference] else {
                    throw .badRecord(record: record, field: given, reason: "the attachment names binary \(reference), which the file does not hold")
                }
                content = try self.content(known, record: record, field: given)
            } else {
                content = try self.content(value, record: record, field: given)
            }
            guard !files.contains(where: { $0.name == name }) else {
                throw .badRecord(record: record, field: given, reason: "two attachments would be called '\(name)'")
            }
            files.append(ExportedFile(name: name, type: content.withUnsafeBytes(ContentType.of), added: added, data: content))
        }
        return files
    }

    /// The bytes of a binary's Base64 text, inflated when it says it is compressed.
    private func content(_ element: XMLElement, record: String, field: String) throws(InterchangeError) -> [UInt8] {
        let tooLarge = InterchangeError.badRecord(record: record, field: field, reason: "the attachment is larger than \(limit >> 20) MiB")
        guard let decoded = Sodium.base64Decode(element.text.filter { !$0.isWhitespace }) else {
            throw .badRecord(record: record, field: field, reason: "the attachment is not Base64")
        }
        guard element.attributes["Compressed"] == "True" else {
            guard decoded.count <= limit else { throw tooLarge }
            return decoded
        }
        guard let inflated = Inflate.bytes(of: decoded, framing: .gzip, limit: limit) else {
            throw .badRecord(record: record, field: field, reason: "the attachment's gzip data is damaged or larger than \(limit >> 20) MiB")
        }
        return inflated
    }
}
