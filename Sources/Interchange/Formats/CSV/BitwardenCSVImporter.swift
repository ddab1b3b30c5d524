import FoundationEssentials
import VaultCore
import VaultSystem

/// Bitwarden's CSV export: `folder,favorite,type,name,notes,fields,reprompt,login_uri,
/// login_username,login_password,login_totp` (an organization's has `collections` for
/// `folder`). Only logins and notes are in it; `fields` holds one `name: value` per line (a value
/// with newlines running over several), and `login_uri` several addresses separated by commas.
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
            for (name, value) in namedValues(value("fields")) {
                fields.add(name, value, secret: false, keepEmpty: true)
            }
            entry.fields = fields.fields
            if value("favorite") == "1" { entry.tags = ["favorite"] }
            return ImportedItem(entry: entry, record: record)
        }
    }

    /// The fields in the `fields` column, as Bitwarden writes them: `name: value` lines, where a
    /// value with newlines runs over several lines. A line that is not `name: value` (has no
    /// `: `, and does not end in `:`) continues the value before it; so a hidden value's second
    /// line stays in the value and never becomes the name of a field. So does every line from
    /// one starting `-----BEGIN ` (a PEM key, PGP armour) to the one starting `-----END `, whose
    /// headers (`Proc-Type: 4,ENCRYPTED`, `Version: …`) look like fields. Empty lines at the end
    /// of a value are dropped, and a first line that starts no field is a name without a value.
    private static func namedValues(_ column: String) -> [(name: String, value: String)] {
        var fields: [(name: String, lines: [Substring])] = []
        var inArmour = false
        for line in CSVImport.lines(column) {
            if !inArmour, let (name, value) = nameAndValue(of: line) {
                fields.append((String(name), [value]))
                inArmour = value.hasPrefix(armourBegins)
            } else if !fields.isEmpty {
                fields[fields.count - 1].lines.append(line)
                inArmour = inArmour ? !line.hasPrefix(armourEnds) : line.hasPrefix(armourBegins)
            } else if !line.isEmpty {
                fields.append((String(line), []))
            }
        }
        return fields.map { ($0.name, CSVImport.joinedWithoutTrailingEmptyLines($0.lines)) }
    }

    /// How the first and the last line of a PEM key or of PGP armour begin.
    private static let armourBegins = "-----BEGIN ", armourEnds = "-----END "

    /// The name and value of a line that starts a field: the text before its first `: ` (or
    /// its last character, a colon) and, without leading spaces, the text after it. A name vault
    /// escaped keeps its `vault field: ` prefix (Bitwarden writes the name as it is, and this
    /// format's import does not take the prefix off): the separator is the first `: ` after it,
    /// unless nothing follows the prefix (a field `vault field` with an empty value).
    private static func nameAndValue(of line: Substring) -> (name: Substring, value: Substring)? {
        var rest = line[...]
        while rest.hasPrefix(CarriedFields.escapePrefix), !rest.dropFirst(CarriedFields.escapePrefix.count).isEmpty {
            rest = rest.dropFirst(CarriedFields.escapePrefix.count)
        }
        if let separator = rest.firstRange(of: ": ") {
            return (line[..<separator.lowerBound], line[separator.upperBound...].drop { $0 == " " })
        }
        guard line.last == ":" else { return nil }
        return (line.dropLast(), "")
    }
}
