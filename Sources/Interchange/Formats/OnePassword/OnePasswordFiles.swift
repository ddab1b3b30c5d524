import FoundationEssentials
import VaultCore

/// The attachments of 1PUX items, read from the archive's `files/` folder. An item names its
/// files in two places: a Document item (category 006) its one file in
/// `details.documentAttributes`, and any item a section field whose value is `{"file": …}`.
/// Both are objects with the file's `fileName` and `documentId` (and its `decryptedSize`, which
/// the archive's own sizes and CRC-32 make unneeded), and the content is the archive's
/// `files/<documentId>__<fileName>`.
///
/// Sources: 1Password's "About the 1Password Unencrypted Export format"
/// (https://support.1password.com/1pux-format/: `export.attributes`, `export.data` and a
/// `files` folder in the ZIP); the importers that read these files, Keeper Commander's
/// (github.com/Keeper-Security/Commander, `keepercommander/importer/1password/one_password.py`,
/// MIT) and Proton Pass's (github.com/ProtonMail/WebClients,
/// `packages/pass/lib/import/providers/1password/1p.utils.ts`, MIT), for the members and the
/// path; bitwarden/clients' 1PUX types (`DocumentAttributes`, GPL-3.0) for the members too.
struct OnePasswordFiles {
    let archive: ZipArchive
    /// The largest file taken out of the archive.
    let limit: Int

    /// The files `item` names, with their contents, dated `added`, in the item's order
    /// (its document first); names are made usable and numbered apart (`ImportedFileName`).
    /// A file the archive does not hold, or cannot give, stops the import, naming the field.
    func files(of item: OnePasswordExport.Item, added: Date, record: String) throws(InterchangeError) -> [ExportedFile] {
        var named: [(field: String, attributes: [String: JSONTree])] = []
        if let document = item.details?.documentAttributes { named.append(("documentAttributes", document)) }
        for section in item.details?.sections ?? [] {
            for field in section.fields ?? [] {
                guard let file = field.value?["file"] else { continue }
                // A value that is not an object names no file, which the check below refuses.
                var attributes: [String: JSONTree] = [:]
                if case .object(let members) = file { attributes = members }
                named.append((field.title.nonEmpty ?? field.id.nonEmpty ?? "file", attributes))
            }
        }
        var contents: [[UInt8]] = []
        var names: [String] = []
        for (field, attributes) in named {
            guard case .string(let documentID)? = attributes["documentId"], !documentID.isEmpty,
                  case .string(let fileName)? = attributes["fileName"] else {
                throw .badRecord(record: record, field: field, reason: "the file has no documentId or no fileName")
            }
            contents.append(try content(at: "files/\(documentID)__\(fileName)", record: record, field: field))
            names.append(ImportedFileName.usable(fileName))
        }
        return zip(ImportedFileName.distinct(names), contents).map { name, content in
            ExportedFile(name: name, type: content.withUnsafeBytes(ContentType.of), added: added, data: content)
        }
    }

    /// The content of the archive's file at `path`, at most `limit` bytes.
    private func content(at path: String, record: String, field: String) throws(InterchangeError) -> [UInt8] {
        do {
            return try archive.contents(of: path, limit: limit)
        } catch .tooLarge {
            throw .badRecord(record: record, field: field, reason: "'\(path)' in the ZIP archive is larger than \(limit >> 20) MiB")
        } catch {
            throw .badRecord(record: record, field: field, reason: error.message)
        }
    }
}
