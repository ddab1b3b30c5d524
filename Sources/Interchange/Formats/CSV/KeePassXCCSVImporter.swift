import FoundationEssentials
import VaultCore
import VaultSystem

/// KeePassXC's CSV export (`keepassxc-cli export -f csv`): `Group,Title,Username,Password,URL,
/// Notes,TOTP,Icon,Last Modified,Created`. The group path starts with the database's root
/// group, which is left out of names ("Passwords/Web" + "GitHub" becomes `Web/GitHub`).
enum KeePassXCCSVImporter {
    static func items(from bytes: [UInt8], now: Date) throws(InterchangeError) -> [ImportedItem] {
        let csv = try CSVImport(bytes, format: .keepassxcCSV, required: ["Group", "Title", "Username", "Password", "URL", "Notes"])
        return try csv.rows().map { (row, value) throws(InterchangeError) in
            let groups = value("Group").split(separator: "/").dropFirst()
            let name = (groups + [Substring(value("Title"))]).joined(separator: "/")
            let record = CSVImport.record(row, named: value("Title"))
            let created = ImportDates.iso8601(value("Created")) ?? now
            var entry = Entry(name: name, created: created, modified: ImportDates.iso8601(value("Last Modified")) ?? created)
            entry.username = Optional(value("Username")).nonEmpty
            entry.password = Optional(value("Password")).nonEmpty
            entry.urls = value("URL").isEmpty ? [] : [value("URL")]
            entry.notes = Optional(value("Notes")).nonEmpty
            entry.otp = try OTPField.uri(value("TOTP"), record: record, field: "TOTP", account: entry.username ?? value("Title"))
            return ImportedItem(entry: entry, record: record)
        }
    }
}
