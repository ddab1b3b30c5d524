import FoundationEssentials
import VaultCore
import VaultSystem

/// Reads another manager's export (or vault's own backup) into entries with valid, unique
/// names, checking every record before anything is returned: a bad record anywhere throws, so
/// an import is all or nothing.
public enum Importer {
    /// What a read gives: the entries in file order, the format they were read as, and every
    /// name that had to change.
    public struct Result: Sendable {
        public var format: ImportFormat
        public var items: [ImportedItem]
        public var renames: [ImportNames.Rename]
        public var entries: [Entry] { items.map(\.entry) }
    }

    /// Reads `bytes` as `format`, or as the format `FormatDetector` finds when it is nil.
    /// `now` dates records that carry no dates of their own; no attached file larger than
    /// `fileLimit` bytes is inflated or taken out of an archive.
    public static func read(_ bytes: [UInt8], format: ImportFormat?, now: Date, fileLimit: Int = Attachment.largestSize) throws -> Result {
        let format = try format ?? FormatDetector.format(of: bytes)
        let items: [ImportedItem]
        switch format {
        case .vaultJSON:
            var data = Data(bytes)
            defer { data.resetBytes(in: 0..<data.count) }
            // vault's own backups are checked by their own reader and keep their names exactly.
            let entries = try ExportReader.entries(from: data)
            let items = entries.enumerated().map { ImportedItem(entry: $1.entry, record: "entry \($0 + 1)", files: $1.files) }
            return Result(format: format, items: items, renames: [])
        case .bitwardenJSON: items = try BitwardenJSONImporter.items(from: bytes, now: now)
        case .bitwardenCSV: items = try BitwardenCSVImporter.items(from: bytes, now: now)
        case .keepassXML: items = try KeePassXMLImporter.items(from: bytes, now: now, fileLimit: fileLimit)
        case .keepassxcCSV: items = try KeePassXCCSVImporter.items(from: bytes, now: now)
        case .chromeCSV: items = try ChromeCSVImporter.items(from: bytes, now: now)
        case .firefoxCSV: items = try FirefoxCSVImporter.items(from: bytes, now: now)
        case .lastpassCSV: items = try LastPassCSVImporter.items(from: bytes, now: now)
        case .onePasswordPUX: items = try OnePasswordImporter.items(from: bytes, now: now, fileLimit: fileLimit)
        case .pass: throw InterchangeError.notTheFormat(.pass, reason: "a password store is a folder; give its path")
        }
        return finish(items, format: format)
    }

    /// Reads a password store: every `.gpg` file below `folder`, decrypted by `decryptor`.
    public static func read(folder: String, decryptor: PassDecryptor, now: Date) throws -> Result {
        finish(try PassStoreImporter.items(inFolder: folder, decryptor: decryptor, now: now), format: .pass)
    }

    /// Restores what vault's own exports carried in fields and makes the names valid and unique.
    private static func finish(_ items: [ImportedItem], format: ImportFormat) -> Result {
        // What vault's own exports to Bitwarden and KeePass carried in fields goes back where it was.
        let restored = items.map { item in
            var item = item
            CarriedFields.restore(&item.entry, from: format)
            return item
        }
        let (named, renames) = ImportNames.assign(restored)
        return Result(format: format, items: named, renames: renames)
    }
}
