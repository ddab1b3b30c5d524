import FoundationEssentials
import VaultCore
import VaultSystem

/// Reads KeePass 2 XML as `keepassxc-cli export -f xml` (and KeePass's own "KeePass XML (2.x)"
/// export) writes it: groups below the root become name prefixes; each entry's strings give the
/// title, username, password, URL and notes, its one-time password setting (`KeePassOTP`) and
/// custom fields (secret when marked ProtectInMemory; a non-blank setting string the one-time
/// password was not made from, and a key repeated in one entry, are custom fields too, but a
/// repeated `KP2A_URL…` is a further URL); `Tags`, `Times`
/// and the passwords of its `History` are kept. The recycle bin is left out. docs/import.md
/// has the table.
enum KeePassXMLImporter {
    /// The strings every KeePass entry has, which are the entry's own parts, not fields.
    static let standardKeys: Set<String> = ["Title", "UserName", "Password", "URL", "Notes"]

    /// The characters `Tags` is split at.
    static func isTagSeparator(_ character: Character) -> Bool {
        character == ";" || character == ","
    }

    /// The tags of a `Tags` text: split at separators, trimmed, empty ones left out.
    static func tags(_ text: String) -> [String] {
        text.split(whereSeparator: isTagSeparator).map { Substring($0).trimmingCharacters(while: \.isWhitespace) }.filter { !$0.isEmpty }
    }

    static func items(from bytes: [UInt8], now: Date, fileLimit: Int = Attachment.largestSize) throws(InterchangeError) -> [ImportedItem] {
        if let reason = XMLDocumentReader.unavailability { throw .helperFailed("cannot read XML: \(reason)") }
        let root: XMLElement
        do {
            root = try XMLDocumentReader.root(of: bytes)
        } catch {
            throw .notTheFormat(.keepassXML, reason: "line \(error.line): \(error.reason)")
        }
        guard root.name == "KeePassFile", let top = root.child("Root")?.child("Group") else {
            throw .notTheFormat(.keepassXML, reason: "it has no KeePassFile/Root/Group")
        }
        let meta = root.child("Meta")
        let recycleBin = meta?.childText("RecycleBinEnabled") == "False" ? nil : meta?.childText("RecycleBinUUID")
        let binaries = KeePassBinaries(meta: meta, limit: fileLimit)
        var items: [ImportedItem] = []
        var counter = 0
        try collect(top, path: [], recycleBin: recycleBin, binaries: binaries, now: now, into: &items, counter: &counter)
        return items
    }

    /// The entries of `group` and of the groups inside it; the top group's own name is the
    /// database's, which names leave out.
    private static func collect(
        _ group: XMLElement, path: [String], recycleBin: String?, binaries: KeePassBinaries, now: Date, into items: inout [ImportedItem],
        counter: inout Int
    ) throws(InterchangeError) {
        for entry in group.children("Entry") {
            counter += 1
            var imported = try item(entry, path: path, number: counter, now: now)
            imported.files = try binaries.files(of: entry, added: imported.entry.modified, record: imported.record)
            items.append(imported)
        }
        for child in group.children("Group") {
            if let recycleBin, child.childText("UUID") == recycleBin { continue }
            try collect(child, path: path + [child.childText("Name") ?? ""], recycleBin: recycleBin, binaries: binaries, now: now,
                        into: &items, counter: &counter)
        }
    }

    private static func item(_ element: XMLElement, path: [String], number: Int, now: Date) throws(InterchangeError) -> ImportedItem {
        let (strings, secret, order) = try self.strings(of: element, number: number)
        let title = strings["Title"] ?? ""
        let record = "entry \(number)" + (title.isEmpty ? "" : " ('\(title)')")
        let times = element.child("Times")
        let created = try time(times?.childText("CreationTime"), record: record) ?? now
        var entry = Entry(name: (path + [title]).joined(separator: "/"), created: created,
                          modified: try time(times?.childText("LastModificationTime"), record: record) ?? created)
        entry.username = Optional(strings["UserName"]).flatMap { $0 }.nonEmpty
        entry.password = Optional(strings["Password"]).flatMap { $0 }.nonEmpty
        entry.urls = Optional(strings["URL"]).flatMap { $0 }.nonEmpty.map { [$0] } ?? []
        entry.notes = Optional(strings["Notes"]).flatMap { $0 }.nonEmpty
        let setting = try KeePassOTP.setting(strings, record: record, account: entry.username ?? title)
        entry.otp = setting?.uri
        var fields = FieldList()
        for name in order where !standardKeys.contains(name) {
            // KeePassXC keeps further URLs as KP2A_URL, KP2A_URL_1, …; a repeated one, numbered
            // `KP2A_URL_1 (2)`, is a further URL too.
            if name.hasPrefix("KP2A_URL"), let url = strings[name], !url.isEmpty {
                entry.urls.append(url)
                continue
            }
            if KeePassOTP.isSettingName(name) {
                // One the one-time password was not made from (the entry has another setting
                // too) is kept as a field, secret as these strings often hold the key; a blank
                // one holds nothing.
                if setting?.keys.contains(name) != true, let value = strings[name], !value.allSatisfy(\.isWhitespace) {
                    fields.add(name, value, secret: true)
                }
                continue
            }
            fields.add(name, strings[name], secret: secret.contains(name), keepEmpty: true)
        }
        entry.fields = fields.fields
        entry.tags = tags(element.childText("Tags") ?? "")
        entry.history = try history(of: element, current: entry, record: record)
        return ImportedItem(entry: entry, record: record)
    }

    /// The entry's strings by key, which keys are secret, and the keys in file order. A key that
    /// comes again in the same entry keeps its first value, and each later value is kept under
    /// the key with ` (2)`, ` (3)`, … added (a number no key of the entry has), so that none is
    /// lost and none takes the place of the title, the password or a setting.
    private static func strings(of element: XMLElement, number: Int) throws(InterchangeError)
        -> (values: [String: String], secret: Set<String>, order: [String]) {
        let elements = element.children("String")
        let given = elements.map { $0.childText("Key") ?? "" }
        let keys = ImportNames.distinct(given, claimed: Set(given).contains)
        var values: [String: String] = [:]
        var secret = Set<String>()
        for (string, key) in zip(elements, keys) {
            let value = string.child("Value")
            if value?.attributes["Protected"] == "True" {
                // Encrypted with the database's inner stream: only a .kdbx reader has its key.
                throw .badRecord(record: "entry \(number)", field: string.childText("Key") ?? "",
                                 reason: "the value is encrypted with the database's inner stream key; export the database as XML with keepassxc-cli export -f xml")
            }
            values[key] = value?.text ?? ""
            if value?.attributes["ProtectInMemory"] == "True" { secret.insert(key) }
        }
        return (values, secret, keys)
    }

    /// The passwords of the entry's earlier versions, each replaced when the next version was
    /// made; repeats of the same password are left out. Oldest first.
    private static func history(of element: XMLElement, current: Entry, record: String) throws(InterchangeError) -> [PasswordChange] {
        let versions = try (element.child("History")?.children("Entry") ?? []).map { (version) throws(InterchangeError) -> (String?, Date?) in
            let password = version.children("String").first { $0.childText("Key") == "Password" }?.childText("Value")
            return (password, try time(version.child("Times")?.childText("LastModificationTime"), record: record))
        }
        var changes: [PasswordChange] = []
        for (index, (password, _)) in versions.enumerated() {
            guard let password, !password.isEmpty else { continue }
            let next = index + 1 < versions.count ? versions[index + 1] : (current.password, current.modified)
            guard next.0 != password else { continue }
            changes.append(PasswordChange(password: password, replaced: next.1 ?? current.modified))
        }
        return changes
    }

    /// KeePass times: ISO 8601 (XML exports) or, in files written from KDBX 4, Base64 of the
    /// seconds since 0001-01-01 as a little-endian 64-bit number. A time no vault can store
    /// (before year 1 or after 9999) counts as absent, as `ImportDates` has it; text that is no
    /// time at all is refused.
    private static func time(_ text: String?, record: String) throws(InterchangeError) -> Date? {
        guard let text, !text.isEmpty else { return nil }
        if let date = ImportDates.parsedISO8601(text) { return ImportDates.storable(date) }
        if let seconds = secondsSinceYearOne(text) { return date(secondsSinceYearOne: seconds) }
        throw .badRecord(record: record, field: "Times", reason: "not a date")
    }

    /// The number in a KDBX 4 time, or nil when the text is not eight bytes in Base64.
    private static func secondsSinceYearOne(_ text: String) -> Int64? {
        let bytes = Array(text.utf8).withUnsafeBytes { Sodium.base64Decode($0) }
        guard let bytes, bytes.count == 8 else { return nil }
        return bytes.reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    /// The date `seconds` after 0001-01-01, or nil when a vault cannot store it; any 64-bit
    /// number may come in, so the subtraction reports overflow rather than trapping.
    private static func date(secondsSinceYearOne seconds: Int64) -> Date? {
        // 62,135,596,800 seconds lie between 0001-01-01 and 1970-01-01.
        let (sinceEpoch, overflow) = seconds.subtractingReportingOverflow(62_135_596_800)
        return overflow ? nil : ImportDates.seconds(Double(sinceEpoch))
    }
}
