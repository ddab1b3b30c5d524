import VaultCore
import VaultSystem

/// A plain CSV of every entry, for spreadsheets and scripts: one row per entry, lists one item
/// per line inside their cell, custom fields as `name: value` lines. docs/import.md describes it.
enum CSVExporter {
    static let header = ["name", "type", "username", "password", "urls", "notes", "tags", "otpauth", "fields", "created", "modified"]

    static func document(_ entries: [Entry]) -> String {
        CSVWriter.document(header: header, rows: entries.map { entry in
            [entry.name, entry.type.rawValue, entry.username ?? "", entry.password ?? "", entry.urls.joined(separator: "\n"),
             entry.notes ?? "", entry.tags.joined(separator: "\n"), entry.otp ?? "",
             entry.fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n"),
             Exporter.timestamp(entry.created), Exporter.timestamp(entry.modified)]
        })
    }
}
