/// Rules for custom field names: not empty, printable, and not one of the names
/// `vault get --field` uses for the built-in parts of an entry.
public enum FieldName {
    public static let reserved: Set<String> = ["name", "password", "username", "url", "urls", "notes", "note", "tags", "tag", "otp", "otpauth", "type"]

    public static func validate(_ name: String) throws(EntryError) {
        if name.isEmpty { throw .invalidField("a custom field needs a name") }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidField("custom field names cannot contain control characters")
        }
        if reserved.contains(name.lowercased()) {
            throw .invalidField("'\(name)' is a built-in part of an entry; choose another field name")
        }
    }

    /// Checks every name and that no name is used twice.
    public static func validate(_ names: [String]) throws(EntryError) {
        for name in names { try validate(name) }
        if Set(names).count != names.count {
            throw .invalidField("a custom field name is used more than once")
        }
    }
}
