import FoundationEssentials
import VaultKit

/// Bitwarden's CSV export: `folder,favorite,type,name,notes,fields,reprompt,login_uri,
/// login_username,login_password,login_totp` (an organization's has `collections` for
/// `folder`). Only logins and notes are in it; `fields` holds one `name: value` per line, and
/// `login_uri` several addresses separated by commas.
enum BitwardenCSVImporter {
    static func items(from bytes: [UInt8], now: Date) throws(InterchangeError) -> [ImportedItem] {
        let csv = try CSVImport(bytes, format: .bitwardenCSV, required: ["type", "name", "login_uri", "login_username", "login_password"])
        return try csv.rows().map { (row, value) throws(InterchangeError) in
            let folder = value("folder").isEmpty ? value("collections").split(separator: ",").first.map(String.init) ?? "" : value("folder")
            let name = folder.isEmpty ? value("name") : folder + "/" + value("name")
            let record = CSVImport.record(row, named: value("name"))
            var entry = Entry(name: name, created: now)
            switch value("type").lowercased() {
            case "login", "": break
            case "note": entry.type = .note
            default: throw .badRecord(record: record, field: "type", reason: "unknown type (login and note are what Bitwarden writes)")
            }
            entry.notes = Optional(value("notes")).nonEmpty
            entry.username = Optional(value("login_username")).nonEmpty
            entry.password = Optional(value("login_password")).nonEmpty
            entry.urls = value("login_uri").split(separator: ",").map { $0.trimmingCharacters(while: \.isWhitespace) }.filter { !$0.isEmpty }
            entry.otp = try OTPField.uri(value("login_totp"), record: record, field: "login_totp", account: entry.username ?? value("name"))
            var fields = FieldList()
            for line in CSVImport.lines(value("fields")) where !line.isEmpty {
                let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let value = parts.count > 1 ? String(parts[1].drop { $0 == " " }) : ""
                fields.add(String(parts[0]), value, secret: false, keepEmpty: true)
            }
            entry.fields = fields.fields
            if value("favorite") == "1" { entry.tags = ["favorite"] }
            return ImportedItem(entry: entry, record: record)
        }
    }
}
