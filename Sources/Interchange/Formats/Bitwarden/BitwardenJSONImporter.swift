import FoundationEssentials
import VaultCore
import VaultSystem

/// Reads Bitwarden's unencrypted JSON export: folders (or, in an organization's export, the
/// first collection) become name prefixes; logins, secure notes, cards, identities and SSH keys
/// become entries of those types; custom fields of every kind, URIs, TOTP, password history and
/// passkeys are kept. docs/import.md has the table.
enum BitwardenJSONImporter {
    static func items(from bytes: [UInt8], now: Date) throws(InterchangeError) -> [ImportedItem] {
        let export: BitwardenExport
        do {
            export = try JSONDecoder().decode(BitwardenExport.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw problem(error)
        } catch {
            throw .notTheFormat(.bitwardenJSON, reason: "it is not JSON")
        }
        if export.encrypted == true { throw .encrypted(.bitwardenJSON) }
        guard let items = export.items else { throw .notTheFormat(.bitwardenJSON, reason: "it has no \"items\"") }
        var folders: [String: String] = [:]
        for folder in (export.folders ?? []) + (export.collections ?? []) {
            if let id = folder.id, let name = folder.name { folders[id] = name }
        }
        var result: [ImportedItem] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let record = "item \(index + 1)" + (item.name.nonEmpty.map { " ('\($0)')" } ?? "")
            let folder = (item.folderId ?? item.collectionIds?.first).flatMap { folders[$0] }
            let name = [folder, item.name ?? ""].compactMap { $0 }.joined(separator: "/")
            result.append(ImportedItem(entry: try entry(item, named: name, record: record, now: now), record: record))
        }
        return result
    }

    private static func entry(_ item: BitwardenExport.Item, named name: String, record: String, now: Date) throws(InterchangeError) -> Entry {
        guard let rawType = item.type else { throw .badRecord(record: record, field: "type", reason: "it is missing") }
        guard let type = BitwardenExport.ItemType(rawValue: rawType) else {
            throw .badRecord(record: record, field: "type", reason: "unknown item type \(rawType)")
        }
        let created = ImportDates.iso8601(item.creationDate) ?? ImportDates.iso8601(item.revisionDate) ?? now
        var entry = Entry(name: name, notes: item.notes.nonEmpty, created: created, modified: ImportDates.iso8601(item.revisionDate) ?? created)
        var fields = FieldList()
        switch type {
        case .login:
            let login = item.login ?? BitwardenExport.Login()
            entry.username = login.username.nonEmpty
            entry.password = login.password.nonEmpty
            entry.urls = (login.uris ?? []).compactMap { $0.uri.nonEmpty }
            entry.otp = try OTPField.uri(login.totp ?? "", record: record, field: "login.totp", account: entry.username ?? item.name)
            if let passkeys = login.fido2Credentials, !passkeys.isEmpty {
                fields.add(BitwardenExport.passkeysField, JSONTree.array(passkeys).text, secret: true)
            }
        case .secureNote:
            entry.type = .note
        case .card:
            entry.type = .card
            let card = item.card ?? BitwardenExport.Card()
            fields.add("cardholder", card.cardholderName, secret: false)
            fields.add("number", card.number, secret: true)
            fields.add("expiry", expiry(month: card.expMonth, year: card.expYear), secret: false)
            fields.add("security code", card.code, secret: true)
            fields.add("brand", card.brand, secret: false)
        case .identity:
            entry.type = .identity
            let identity = item.identity ?? BitwardenExport.Identity()
            fields.add("full name", joined([identity.title, identity.firstName, identity.middleName, identity.lastName], by: " "), secret: false)
            fields.add("address", joined([identity.address1, identity.address2, identity.address3,
                                          joined([identity.postalCode, identity.city], by: " "), identity.state, identity.country], by: ", "), secret: false)
            fields.add("phone", identity.phone, secret: false)
            fields.add("email", identity.email, secret: false)
            fields.add("passport number", identity.passportNumber, secret: true)
            fields.add("licence number", identity.licenseNumber, secret: true)
            fields.add("ssn", identity.ssn, secret: true)
            fields.add("company", identity.company, secret: false)
            entry.username = identity.username.nonEmpty
        case .sshKey:
            entry.type = .sshKey
            let key = item.sshKey ?? BitwardenExport.SSHKey()
            fields.add("private key", key.privateKey, secret: true)
            fields.add("public key", key.publicKey, secret: false)
            fields.add("fingerprint", key.keyFingerprint, secret: false)
        }
        for field in item.fields ?? [] {
            let kind = BitwardenExport.FieldType(rawValue: field.type ?? 0) ?? .text
            switch kind {
            case .text: fields.add(field.name ?? "", field.value ?? "", secret: false, keepEmpty: true)
            case .hidden: fields.add(field.name ?? "", field.value ?? "", secret: true, keepEmpty: true)
            case .boolean: fields.add(field.name ?? "", field.value == "true" ? "true" : "false", secret: false)
            case .linked:
                let target = field.linkedId.map { BitwardenExport.linkedTargets[$0] ?? "field \($0)" } ?? "nothing"
                fields.add(field.name ?? "", "linked to \(target)", secret: false)
            }
        }
        if item.favorite == true { entry.tags = ["favorite"] }
        entry.fields = fields.fields
        entry.history = (item.passwordHistory ?? []).compactMap { change in
            guard let password = change.password else { return nil }
            return PasswordChange(password: password, replaced: ImportDates.iso8601(change.lastUsedDate) ?? created)
        }.sorted { $0.replaced < $1.replaced }
        return entry
    }

    /// `MM/YYYY` from Bitwarden's separate month ("1" to "12") and year ("2029" or "29").
    static func expiry(month: String?, year: String?) -> String? {
        guard let month = month.nonEmpty, let year = year.nonEmpty else { return month.nonEmpty ?? year.nonEmpty }
        let fullYear = year.count == 2 ? "20" + year : year
        return (month.count == 1 ? "0" + month : month) + "/" + fullYear
    }

    private static func joined(_ parts: [String?], by separator: String) -> String? {
        let present = parts.compactMap { $0.nonEmpty }
        return present.isEmpty ? nil : present.joined(separator: separator)
    }

    private static func problem(_ error: DecodingError) -> InterchangeError {
        let path = DecodingErrorText.path(of: error)
        if path.isEmpty { return .notTheFormat(.bitwardenJSON, reason: DecodingErrorText.describe(error)) }
        guard path.count >= 2, path[0].stringValue == "items", let index = path[1].intValue else {
            return .notTheFormat(.bitwardenJSON, reason: "'\(path.map(\.stringValue).joined(separator: "."))': \(DecodingErrorText.describe(error))")
        }
        let field = path.dropFirst(2).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        return .badRecord(record: "item \(index + 1)", field: field.isEmpty ? "the item" : field, reason: DecodingErrorText.describe(error))
    }
}
