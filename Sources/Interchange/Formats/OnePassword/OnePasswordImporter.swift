import FoundationEssentials
import VaultCore
import VaultSystem

/// Reads 1Password's 1PUX archive: `export.data` inside the ZIP, every account's vaults with
/// their names as name prefixes. Login fields give the username and password; section fields
/// become the type's own fields (cards, bank accounts, identities, SSH keys) or custom fields,
/// concealed ones secret; the first one-time password field is the entry's. The files an item
/// names come from the archive's `files/` as its attachments (`OnePasswordFiles`).
/// docs/import.md has the table.
enum OnePasswordImporter {
    /// The most `export.data` may take once inflated.
    static let dataLimit = 512 << 20

    static func items(from bytes: [UInt8], now: Date, fileLimit: Int = Attachment.largestSize) throws(InterchangeError) -> [ImportedItem] {
        let archive: ZipArchive
        let data: [UInt8]
        do {
            archive = try ZipArchive(bytes: bytes)
            data = try archive.contents(of: "export.data", limit: dataLimit)
        } catch {
            throw .notTheFormat(.onePasswordPUX, reason: error.message)
        }
        let export: OnePasswordExport
        do {
            export = try JSONDecoder().decode(OnePasswordExport.self, from: Data(data))
        } catch {
            throw .notTheFormat(.onePasswordPUX, reason: "export.data is not the JSON of a 1PUX export")
        }
        let files = OnePasswordFiles(archive: archive, limit: fileLimit)
        var result: [ImportedItem] = []
        for account in export.accounts ?? [] {
            for vault in account.vaults ?? [] {
                for item in vault.items ?? [] {
                    let title = item.overview?.title ?? ""
                    let record = "item \(result.count + 1)" + (title.isEmpty ? "" : " ('\(title)')")
                    let prefix = vault.attrs?.name.nonEmpty
                    var imported = ImportedItem(entry: try entry(item, name: [prefix, title].compactMap { $0 }.joined(separator: "/"),
                                                                 record: record, now: now), record: record)
                    imported.files = try files.files(of: item, added: imported.entry.modified, record: record)
                    result.append(imported)
                }
            }
        }
        return result
    }

    private static func entry(_ item: OnePasswordExport.Item, name: String, record: String, now: Date) throws(InterchangeError) -> Entry {
        let created = date(item.createdAt) ?? now
        var entry = Entry(name: name, created: created, modified: date(item.updatedAt) ?? created)
        entry.type = item.categoryUuid.flatMap { OnePasswordExport.categories[$0] } ?? .login
        let details = item.details
        entry.notes = details?.notesPlain.nonEmpty
        entry.urls = (item.overview?.urls ?? []).compactMap { $0.url.nonEmpty }
        if entry.urls.isEmpty, let url = item.overview?.url.nonEmpty { entry.urls = [url] }
        entry.tags = (item.overview?.tags ?? []) + ((item.favIndex ?? 0) > 0 ? ["favorite"] : []) + (item.state == "archived" ? ["archived"] : [])
        var fields = FieldList()
        for field in details?.loginFields ?? [] {
            switch field.designation {
            case "username": entry.username = field.value.nonEmpty
            case "password": entry.password = field.value.nonEmpty
            default: fields.add(field.name ?? "", field.value, secret: field.fieldType == "P")
            }
        }
        if entry.password == nil { entry.password = details?.password.nonEmpty }
        let typed = OnePasswordExport.typedFields[entry.type] ?? [:]
        var nameParts: [String] = []
        for section in details?.sections ?? [] {
            for field in section.fields ?? [] {
                guard let (kind, value) = field.value?.first else { continue }
                let label = field.title.nonEmpty ?? field.id ?? "field"
                switch (kind, value) {
                case ("totp", .string(let uri)) where !uri.isEmpty:
                    if entry.otp == nil {
                        entry.otp = try OTPField.uri(uri, record: record, field: label, account: entry.username ?? item.overview?.title)
                    } else {
                        fields.add(label, uri, secret: true)
                    }
                case ("file", _):
                    continue // an attachment: OnePasswordFiles reads it
                case ("sshKey", .object(let key)):
                    if case .string(let privateKey)? = key["privateKey"] { fields.add("private key", privateKey, secret: true) }
                    if case .object(let metadata)? = key["metadata"] {
                        if case .string(let publicKey)? = metadata["publicKey"] { fields.add("public key", publicKey, secret: false) }
                        if case .string(let fingerprint)? = metadata["fingerprint"] { fields.add("fingerprint", fingerprint, secret: false) }
                    }
                default:
                    guard let text = self.text(of: kind, value) else { continue }
                    if entry.type == .identity, let id = field.id, ["firstname", "initial", "lastname"].contains(id) {
                        if !text.isEmpty { nameParts.append(text) }
                        continue
                    }
                    let secret = kind == "concealed" || kind == "creditCardNumber"
                    fields.add(field.id.flatMap { typed[$0] } ?? label, text, secret: secret || ["pin", "iban", "account number"].contains(field.id.flatMap { typed[$0] } ?? ""))
                }
            }
        }
        var all = fields.fields
        if !nameParts.isEmpty { all.insert(CustomField(name: "full name", value: nameParts.joined(separator: " "), secret: false), at: 0) }
        entry.fields = all
        entry.history = (details?.passwordHistory ?? []).compactMap { change in
            guard let password = change.value.nonEmpty else { return nil }
            return PasswordChange(password: password, replaced: date(change.time) ?? created)
        }.sorted { $0.replaced < $1.replaced }
        return entry
    }

    /// A time in seconds since 1970, or nil when there is none or a vault cannot store it.
    private static func date(_ seconds: Int64?) -> Date? {
        seconds.flatMap { ImportDates.seconds(Double($0)) }
    }

    /// A section field's value as text: strings as they are, dates as ISO dates, a month and
    /// year (`202512`) as `12/2025`, an e-mail or an address from its parts.
    private static func text(of kind: String, _ value: JSONTree) -> String? {
        switch value {
        case .string(let text): return text
        case .number(let number):
            if kind == "monthYear", let month = monthAndYear(number) { return month }
            if kind == "date", let date = ImportDates.seconds(number) { return date.ISO8601Format(.iso8601.year().month().day()) }
            return text(of: number)
        case .bool(let flag): return flag ? "true" : "false"
        case .object(let parts):
            if case .string(let address)? = parts["email_address"] { return address }
            let order = ["street", "city", "state", "zip", "country"]
            let values = order.compactMap { key -> String? in
                if case .string(let part)? = parts[key], !part.isEmpty { return part }
                return nil
            }
            return values.isEmpty ? nil : values.joined(separator: ", ")
        case .null, .array: return nil
        }
    }

    /// `202512` as `12/2025`; nil for a number that is not a month (1 to 12) of a year from 1
    /// to 9999, which is then kept as its number.
    private static func monthAndYear(_ number: Double) -> String? {
        guard let whole = Int(exactly: number) else { return nil }
        let (year, month) = whole.quotientAndRemainder(dividingBy: 100)
        guard (1...12).contains(month), (1...9999).contains(year) else { return nil }
        return String(format2: month) + "/" + String(year)
    }

    /// A number as text: a whole number without a fraction (`42`), any other as Swift writes it
    /// (`1.5`, or `1e+19` for one too large to be kept whole).
    private static func text(of number: Double) -> String {
        Int64(exactly: number).map(String.init) ?? String(number)
    }
}

extension String {
    /// A number from 0 to 99 with two digits.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
