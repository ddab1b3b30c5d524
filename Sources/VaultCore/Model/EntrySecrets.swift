/// An entry's name and type, and its password and some of its custom fields' values in memory
/// wiped on release: what a reader of secrets that keeps nothing (the SSH agent) takes from an
/// entry without decoding it into ordinary values (`EntryTable.secrets(ofType:fields:)`).
public struct EntrySecrets {
    public let name: String
    public let type: EntryType
    /// The entry's password, if it has one.
    public let password: SecureBytes?
    /// The values of the custom fields asked for that the entry has, by field name (the first
    /// field of a name, as `Entry.field(named:)` finds it).
    public let fields: [String: SecureBytes]

    /// The value of the field called `name`, if it was asked for and the entry has it.
    public func field(named name: String) -> SecureBytes? {
        fields[name]
    }

    /// The secrets of a decoded entry: copies of its strings, which are not wiped themselves.
    init(copying entry: Entry, fields names: Set<String>) throws(CryptoError) {
        name = entry.name
        type = entry.type
        password = try entry.password.map(Self.secureCopy)
        var fields: [String: SecureBytes] = [:]
        for field in entry.fields where names.contains(field.name) && fields[field.name] == nil {
            fields[field.name] = try Self.secureCopy(field.value)
        }
        self.fields = fields
    }

    init(name: String, type: EntryType, password: SecureBytes?, fields: [String: SecureBytes]) {
        self.name = name
        self.type = type
        self.password = password
        self.fields = fields
    }

    private static func secureCopy(_ text: String) throws(CryptoError) -> SecureBytes {
        var bytes = Array(text.utf8)
        return try SecureBytes(consuming: &bytes, protection: .wipedOnRelease)
    }
}
