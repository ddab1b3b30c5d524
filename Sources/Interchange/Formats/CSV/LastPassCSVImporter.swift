import FoundationEssentials
import VaultCore
import VaultSystem

/// LastPass's CSV export: `url,username,password,totp,extra,name,grouping,fav`. A row whose
/// url is `http://sn` is a secure note, its text in `extra`; a note of a kind (`NoteType:Credit
/// Card` and so on, then `Key:Value` lines whose values may run over several lines, `Notes:`
/// last and running to the end) becomes a card, a bank account, an SSH key, or a note with
/// those fields. Folders in `grouping` are separated by backslashes.
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
        let (values, notes) = keyedValues(lines.dropFirst(), keys: keys[kind])
        entry.notes = notes
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

    /// The keys LastPass writes for each kind of note, as lastpass-cli's note templates list
    /// them (`notes.c`); `Language` and `Notes` come in every kind. Kinds not here are split at
    /// every key.
    private static let keys: [String: Set<String>] = [
        "Bank Account": ["Bank Name", "Account Type", "Routing Number", "Account Number", "SWIFT Code", "IBAN Number", "Pin",
                         "Branch Address", "Branch Phone"],
        "Credit Card": ["Name on Card", "Type", "Number", "Security Code", "Start Date", "Expiration Date"],
        "Database": ["Type", "Hostname", "Port", "Database", "Username", "Password", "SID", "Alias"],
        "Driver's License": ["Number", "Expiration Date", "License Class", "Name", "Address", "City / Town", "State",
                             "ZIP / Postal Code", "Country", "Date of Birth", "Sex", "Height"],
        "Email Account": ["Username", "Password", "Server", "Port", "Type", "SMTP Server", "SMTP Port"],
        "Health Insurance": ["Company", "Company Phone", "Policy Type", "Policy Number", "Group ID", "Member Name", "Member ID",
                             "Physician Name", "Physician Phone", "Physician Address", "Co-pay"],
        "Instant Messenger": ["Type", "Username", "Password", "Server", "Port"],
        "Insurance": ["Company", "Policy Type", "Policy Number", "Expiration", "Agent Name", "Agent Phone", "URL"],
        "Membership": ["Organization", "Membership Number", "Member Name", "Start Date", "Expiration Date", "Website", "Telephone",
                       "Password"],
        "Passport": ["Type", "Name", "Country", "Number", "Sex", "Nationality", "Date of Birth", "Issued Date", "Expiration Date"],
        "Server": ["Hostname", "Username", "Password"],
        "Social Security": ["Name", "Number"],
        "Software License": ["License Key", "Licensee", "Version", "Publisher", "Support Email", "Website", "Price", "Purchase Date",
                             "Order Number", "Number of Licenses", "Order Total"],
        "SSH Key": ["Bit Strength", "Format", "Passphrase", "Private Key", "Public Key", "Hostname", "Date"],
        "Wi-Fi Password": ["SSID", "Password", "Connection Type", "Connection Mode", "Authentication", "Encryption", "Use 802.1X",
                           "FIPS Mode", "Key Type", "Protected", "Key Index"],
    ]

    /// The keys every kind of note has.
    private static let everyKindsKeys: Set<String> = ["Language", "Notes"]

    /// The values of a note's lines after `NoteType:`, by key, and its notes (`Notes:` and
    /// everything after it, after any lines that come before the first key). A value may run
    /// over several lines, as an SSH private key does: a line that does not start a key
    /// continues the value before it. With the kind's `keys` known only those start one, so
    /// that a line such as a PEM key's `Proc-Type: 4,ENCRYPTED` stays in the private key.
    private static func keyedValues(_ lines: ArraySlice<Substring>, keys: Set<String>?) -> (values: [(key: String, value: String)], notes: String?) {
        var values: [(key: String, lines: [Substring])] = []
        var notes: [Substring] = []
        for index in lines.indices {
            let line = lines[index]
            guard let (key, value) = keyAndValue(of: line, keys: keys) else {
                if values.isEmpty {
                    notes.append(line)
                } else {
                    values[values.count - 1].lines.append(line)
                }
                continue
            }
            if key == "Notes" {
                notes += [value] + lines[(index + 1)...]
                break
            }
            values.append((key, [value]))
        }
        let text = notes.joined(separator: "\n")
        return (values.map { ($0.key, CSVImport.joinedWithoutTrailingEmptyLines($0.lines)) }, text.allSatisfy(\.isWhitespace) ? nil : text)
    }

    /// The key and the start of the value of a line that starts one (`Key:Value`), or nil for
    /// a line that continues a value: one without a colon, or whose key is not one of `keys`.
    private static func keyAndValue(of line: Substring, keys: Set<String>?) -> (key: String, value: Substring)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let key = String(line[..<colon])
        if let keys, !keys.contains(key), !everyKindsKeys.contains(key) { return nil }
        return (key, line[line.index(after: colon)...])
    }

    /// LastPass writes "January,2025": made `01/2025`; anything else is kept as it is.
    private static func expiry(_ text: String) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let parts = text.split(separator: ",")
        guard parts.count == 2, let month = months.firstIndex(of: String(parts[0])) else { return text }
        return (month < 9 ? "0" : "") + "\(month + 1)/" + parts[1]
    }
}
