/// One field of an entry picked by the name `vault get --field` and secret references
/// (`vault://NAME#FIELD`) use: `password`, `username`, `url`, `notes`, `tags`, `name`,
/// `otpauth`, `type` (any case), else a custom field's exact name. The current one-time code
/// (`otp`) is no stored field: `OneTimeCodes` issues it.
public enum EntryField {
    /// The field's value; `noSuchField` when the entry does not have it.
    public static func value(of field: String, in entry: Entry) throws(EntryError) -> String {
        let value: String?
        switch field.lowercased() {
        case "password": value = entry.password
        case "username": value = entry.username
        case "url", "urls": value = entry.urls.isEmpty ? nil : entry.urls.joined(separator: "\n")
        case "notes", "note": value = entry.notes
        case "tags", "tag": value = entry.tags.isEmpty ? nil : entry.tags.joined(separator: "\n")
        case "name": value = entry.name
        case "otpauth": value = entry.otp
        case "type": value = entry.type.rawValue
        default: value = entry.field(named: field)?.value
        }
        guard let value else { throw .noSuchField(entry: entry.name, field: field) }
        return value
    }
}
