import FoundationEssentials
import VaultCore
import VaultSystem

/// Chrome's password export (also Edge's, Brave's and other Chromium browsers'):
/// `name,url,username,password,note`, where `name` is the site.
enum ChromeCSVImporter {
    static func items(from bytes: [UInt8], now: Date) throws(InterchangeError) -> [ImportedItem] {
        let csv = try CSVImport(bytes, format: .chromeCSV, required: ["name", "url", "username", "password"])
        return csv.rows().map { row, value in
            let url = value("url")
            let name = value("name").isEmpty ? CSVImport.host(of: url) : value("name")
            var entry = Entry(name: name, created: now)
            entry.username = Optional(value("username")).nonEmpty
            entry.password = Optional(value("password")).nonEmpty
            entry.urls = url.isEmpty ? [] : [url]
            entry.notes = Optional(value("note")).nonEmpty
            return ImportedItem(entry: entry, record: CSVImport.record(row, named: name))
        }
    }
}
