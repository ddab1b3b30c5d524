import FoundationEssentials
import VaultKit

/// LastPass's CSV export: `url,username,password,totp,extra,name,grouping,fav`. A row whose
/// url is `http://sn` is a secure note, its text in `extra`; a note of a kind (`NoteType:Credit
/// Card` and so on, then `Key:Value` lines, `Notes:` last and running to the end) becomes a
/// card, a bank account, an SSH key, or a note with those fields. Folders in `grouping` are
/// separated by backslashes.
enum LastPassCSVImporter {
    static func items(from bytes: [UInt8], now: Date) throws(InterchangeError) -> [ImportedItem] {
        let csv = try CSVImport(bytes, format: .lastpassCSV, required: ["url", "username", "password", "extra", "name", "grouping"])
        return try csv.rows().map { (row, value) throws(InterchangeError) in
            let grouping = value("grouping") == "(none)" ? "" : value("grouping").split(separator: "\\").joined(separator: "/")
            let title = value("name").isEmpty ? CSVImport.host(of: value("url")) : value("name")
            let record = CSVImport.record(row, named: title)
            var entry = Entry(name: grouping.isEmpty ? title : grouping + "/" + title, created: now)
            if value("url") == "http://sn" {
                fill(&entry, fromNote: value("extra"))
            } else {
                entry.username = Optional(value("username")).nonEmpty
                entry.password = Optional(value("password")).nonEmpty
                entry.urls = value("url").isEmpty ? [] : [value("url")]
                entry.notes = Optional(value("extra")).nonEmpty
            }
            entry.otp = try OTPField.uri(value("totp"), record: record, field: "totp", account: entry.username ?? title)
            if value("fav") == "1" { entry.tags = ["favorite"] }
            return ImportedItem(entry: entry, record: record)
        }
    }

    /// A secure note, plain or of a kind.
    private static func fill(_ entry: inout Entry, fromNote text: String) {
        entry.type = .note
        let lines = CSVImport.lines(text)
        guard let first = lines.first, first.hasPrefix("NoteType:") else {
            entry.notes = text.isEmpty ? nil : text
            return
        }
        let kind = String(first.dropFirst("NoteType:".count))
        var values: [(String, String)] = []
        var notes: String?
        for (index, line) in lines.enumerated().dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon])
            if key == "Notes" {
                notes = ([line[line.index(after: colon)...]] + lines[(index + 1)...]).joined(separator: "\n")
                break
            }
            values.append((key, String(line[line.index(after: colon)...])))
        }
        entry.notes = Optional(notes).flatMap { $0 }.nonEmpty
        let mapping: [String: (name: String, secret: Bool)]
        switch kind {
        case "Credit Card":
            entry.type = .card
            mapping = ["Name on Card": ("cardholder", false), "Number": ("number", true), "Security Code": ("security code", true),
                       "Type": ("brand", false)]
        case "Bank Account":
            entry.type = .bank
            mapping = ["Account Number": ("account number", true), "IBAN Number": ("iban", true), "SWIFT Code": ("bic", false),
                       "Pin": ("pin", true), "Bank Name": ("bank", false)]
        case "SSH Key":
            entry.type = .sshKey
            mapping = ["Private Key": ("private key", true), "Public Key": ("public key", false)]
        default:
            mapping = [:]
        }
        var fields = FieldList()
        for (key, value) in values {
            if kind == "SSH Key" && key == "Passphrase" {
                entry.password = value.isEmpty ? nil : value
            } else if kind == "Credit Card" && key == "Expiration Date" {
                fields.add("expiry", expiry(value), secret: false)
            } else if let target = mapping[key] {
                fields.add(target.name, value, secret: target.secret)
            } else {
                let lowered = key.lowercased()
                fields.add(lowered, value, secret: lowered.contains("password") || lowered.contains("pin") || lowered.contains("number"))
            }
        }
        entry.fields = fields.fields
    }

    /// LastPass writes "January,2025": made `01/2025`; anything else is kept as it is.
    private static func expiry(_ text: String) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let parts = text.split(separator: ",")
        guard parts.count == 2, let month = months.firstIndex(of: String(parts[0])) else { return text }
        return (month < 9 ? "0" : "") + "\(month + 1)/" + parts[1]
    }
}
