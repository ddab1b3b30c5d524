import FoundationEssentials
import VaultCore
import VaultSystem

/// Writes Bitwarden's unencrypted JSON export, which Bitwarden (and vault) import: name
/// prefixes become folders; cards, identities, secure notes and SSH keys become Bitwarden's
/// items of those types when nothing of theirs would be lost, and logins otherwise; tags other
/// than `favorite` and a type Bitwarden lacks travel as the fields `vault tags` and `vault type`;
/// a field the import gave a meaning (`passkeys` that are not Bitwarden's) is escaped.
enum BitwardenJSONExporter {
    static func document(_ entries: [Entry]) throws -> [UInt8] {
        var folders: [String: String] = [:]
        var export = BitwardenExport(encrypted: false, folders: [], items: [])
        for entry in entries {
            let (folder, title) = Exporter.split(entry.name)
            var folderID: String?
            if let folder {
                if folders[folder] == nil {
                    folders[folder] = try Exporter.uuid()
                    export.folders?.append(.init(id: folders[folder], name: folder))
                }
                folderID = folders[folder]
            }
            export.items?.append(try item(entry, title: title, folderID: folderID))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(export)
        defer { data.resetBytes(in: 0..<data.count) }
        return Array(data) + [0x0A]
    }

    private static func item(_ entry: Entry, title: String, folderID: String?) throws -> BitwardenExport.Item {
        var item = BitwardenExport.Item(id: try Exporter.uuid(), reprompt: 0, name: title, notes: entry.notes, folderId: folderID)
        item.creationDate = Exporter.timestamp(entry.created)
        item.revisionDate = Exporter.timestamp(entry.modified)
        item.favorite = entry.tags.contains("favorite")
        var remaining = entry.fields
        // A field goes to a member of Bitwarden's own only when the import gives it back as it
        // was: with a value (an empty member is none), secret exactly when the import makes that
        // member's field secret. Any other stays a custom field.
        func take(_ name: String, secret: Bool = false) -> String? {
            guard let index = remaining.firstIndex(where: { $0.name == name && $0.secret == secret && !$0.value.isEmpty }) else { return nil }
            return remaining.remove(at: index).value
        }
        let hasLoginParts = entry.password != nil || !entry.urls.isEmpty || entry.otp != nil
        let native = !hasLoginParts && (entry.username == nil || entry.type == .identity)
        switch (entry.type, native) {
        case (.card, true):
            item.type = BitwardenExport.ItemType.card.rawValue
            var card = BitwardenExport.Card(cardholderName: take("cardholder"), brand: take("brand"), number: take("number", secret: true),
                                            code: take("security code", secret: true))
            if let expiry = remaining.first(where: { $0.name == "expiry" && !$0.secret }).flatMap({ monthAndYear($0.value) }) {
                _ = take("expiry")
                card.expMonth = expiry.month
                card.expYear = expiry.year
            }
            item.card = card
        case (.identity, true):
            item.type = BitwardenExport.ItemType.identity.rawValue
            item.identity = BitwardenExport.Identity(
                firstName: take("full name"), address1: take("address"), company: take("company"), email: take("email"),
                phone: take("phone"), ssn: take("ssn", secret: true), username: entry.username, passportNumber: take("passport number", secret: true),
                licenseNumber: take("licence number", secret: true))
        case (.note, true):
            item.type = BitwardenExport.ItemType.secureNote.rawValue
            item.secureNote = BitwardenExport.SecureNote(type: 0)
        case (.sshKey, true):
            item.type = BitwardenExport.ItemType.sshKey.rawValue
            item.sshKey = BitwardenExport.SSHKey(privateKey: take("private key", secret: true), publicKey: take("public key"), keyFingerprint: take("fingerprint"))
        default:
            item.type = BitwardenExport.ItemType.login.rawValue
            // Passkeys an import kept as data go back to Bitwarden's own member; a field of that
            // name holding anything else stays a field, escaped so that it comes back as it was.
            let passkeys = remaining.first { $0.name == BitwardenExport.passkeysField }.flatMap(credentials(in:))
            if passkeys != nil { _ = take(BitwardenExport.passkeysField, secret: true) }
            item.login = BitwardenExport.Login(
                username: entry.username, password: entry.password, totp: entry.otp,
                uris: entry.urls.map { BitwardenExport.URI(uri: $0) }, fido2Credentials: passkeys)
        }
        // The entry's own fields, escaped where a carried field's name would claim them, then
        // what Bitwarden has no place for.
        var carried: [CustomField] = []
        if item.type == BitwardenExport.ItemType.login.rawValue && entry.type != .login {
            carried.append(CustomField(name: CarriedFields.type, value: entry.type.rawValue, secret: false))
        }
        if let tags = carriedTags(entry.tags) { carried.append(CarriedFields.tagsField(tags)) }
        let escaped = remaining.map {
            CustomField(name: CarriedFields.exportedName($0.name, reserved: { $0 == BitwardenExport.passkeysField }), value: $0.value, secret: $0.secret)
        }
        item.fields = (escaped + carried).map { BitwardenExport.Field(name: $0.name, value: $0.value, type: $0.secret ? 1 : 0) }
        item.passwordHistory = entry.history.map { BitwardenExport.PasswordHistory(password: $0.password, lastUsedDate: Exporter.timestamp($0.replaced)) }
        return item
    }

    /// Bitwarden's month and year for an `expiry` of `MM/YYYY`, when the import makes the same
    /// text of them again (`9/2029` would come back `09/2029`); nil otherwise.
    private static func monthAndYear(_ expiry: String) -> (month: String, year: String)? {
        let parts = expiry.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let month = Int(parts[0]), (1...12).contains(month) else { return nil }
        let split = (month: String(month), year: String(parts[1]))
        return BitwardenJSONImporter.expiry(month: split.month, year: split.year) == expiry ? split : nil
    }

    /// The tags to carry in `vault tags`: those other than `favorite` (which is `favorite`), or
    /// all of them when the import would not put them back in order that way (`favorite` not
    /// first, or twice); nil for none.
    private static func carriedTags(_ tags: [String]) -> [String]? {
        let others = tags.filter { $0 != "favorite" }
        let rebuilt = (tags.contains("favorite") ? ["favorite"] : []) + others
        let carried = rebuilt == tags ? others : tags
        return carried.isEmpty ? nil : carried
    }

    /// The passkeys in a field as the import made it from `fido2Credentials`: secret, and a
    /// non-empty JSON array of objects in the import's own text; nil for any other field, which
    /// stays a field.
    private static func credentials(in field: CustomField) -> [JSONTree]? {
        guard field.secret, let list = try? JSONDecoder().decode([JSONTree].self, from: Data(field.value.utf8)), !list.isEmpty,
              list.allSatisfy({ if case .object = $0 { true } else { false } }),
              // Written as the import writes it (compact, keys sorted), or the import would give
              // back other text.
              JSONTree.array(list).text == field.value else { return nil }
        return list
    }
}
