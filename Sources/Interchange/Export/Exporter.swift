import FoundationEssentials
import VaultCore
import VaultSystem

/// Writes every entry in one of the export formats. Each checks first that it can carry every
/// entry (XML cannot hold most control characters) and throws naming the entry if not, so that
/// an export is whole or not written at all.
public enum Exporter {
    /// `entries` as `format`; vault's own backup and KeePass XML carry each entry's
    /// attachments, whose contents `contents` gives (the other formats do not).
    public static func render(
        _ entries: [Entry], as format: ExportFormat, exported: Date, contents: (Attachment) throws -> [UInt8]
    ) throws -> [UInt8] {
        switch format {
        case .vaultJSON:
            let carried = try entries.map { entry in
                ExportedEntry(entry: entry, files: try entry.attachments.map {
                    ExportedFile(name: $0.name, type: $0.type, added: $0.added, data: try contents($0))
                })
            }
            var data = try ExportDocument(entries: carried, exported: exported).encoded()
            defer { data.resetBytes(in: 0..<data.count) }
            return Array(data)
        case .bitwardenJSON:
            return try BitwardenJSONExporter.document(entries)
        case .keepassXML:
            return Array(try KeePassXMLExporter.document(entries, exported: exported, contents: contents).utf8)
        case .csv:
            return Array(CSVExporter.document(entries).utf8)
        }
    }

    /// A random RFC 4122 version 4 UUID, as Bitwarden's ids are.
    static func uuid() throws -> String {
        var bytes = try Sodium.randomBytes(16)
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-")
    }

    /// The folder part of a name (`Web` of `Web/GitHub`) and the last segment.
    static func split(_ name: String) -> (folder: String?, title: String) {
        guard let slash = name.lastIndex(of: "/") else { return (nil, name) }
        return (String(name[..<slash]), String(name[name.index(after: slash)...]))
    }

    /// ISO 8601 in UTC to the second.
    static func timestamp(_ date: Date) -> String {
        date.ISO8601Format()
    }
}
