import FoundationEssentials
import VaultCore
import VaultSystem

/// Firefox's password export: `url,username,password,httpRealm,formActionOrigin,guid,
/// timeCreated,timeLastUsed,timePasswordChanged` (times in milliseconds since 1970).
enum FirefoxCSVImporter {
    static func items(from bytes: [UInt8], now: Date) throws(InterchangeError) -> [ImportedItem] {
        let csv = try CSVImport(bytes, format: .firefoxCSV, required: ["url", "username", "password"])
        return try csv.rows().map { (row, value) throws(InterchangeError) in
            let url = value("url")
            let name = CSVImport.host(of: url)
            let record = CSVImport.record(row, named: name)
            let created = try time(value("timeCreated"), record: record, field: "timeCreated") ?? now
            var entry = Entry(name: name, created: created)
            entry.modified = try time(value("timePasswordChanged"), record: record, field: "timePasswordChanged") ?? created
            entry.username = Optional(value("username")).nonEmpty
            entry.password = Optional(value("password")).nonEmpty
            entry.urls = url.isEmpty ? [] : [url]
            var fields = FieldList()
            fields.add("http realm", value("httpRealm"), secret: false)
            fields.add("form action", value("formActionOrigin"), secret: false)
            entry.fields = fields.fields
            return ImportedItem(entry: entry, record: record)
        }
    }

    private static func time(_ text: String, record: String, field: String) throws(InterchangeError) -> Date? {
        guard !text.isEmpty else { return nil }
        guard let date = ImportDates.unix(text, milliseconds: true) else {
            throw .badRecord(record: record, field: field, reason: "not a time in milliseconds since 1970")
        }
        return date
    }
}
