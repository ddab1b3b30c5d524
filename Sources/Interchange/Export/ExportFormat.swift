import VaultKit

/// The files `vault export` writes: its own backup, and files other managers import.
public enum ExportFormat: String, CaseIterable, Sendable {
    case vaultJSON = "vault-json"
    case bitwardenJSON = "bitwarden-json"
    case keepassXML = "keepass-xml"
    case csv
}

/// The parts of an entry that other managers have no place for, carried as custom fields
/// with these names so that an export read back by vault loses nothing.
enum CarriedFields {
    /// The entry's type, when it is not a login.
    static let type = "vault type"
    /// The entry's tags, comma-separated (for Bitwarden, which has none).
    static let tags = "vault tags"

    /// Takes the carried fields out of an imported entry and gives their values back to it.
    static func restore(_ entry: inout Entry) {
        if let type = entry.field(named: Self.type), let value = EntryType(rawValue: type.value) {
            entry.type = value
            entry.fields.removeAll { $0.name == Self.type }
        }
        if let tags = entry.field(named: Self.tags) {
            for tag in tags.value.split(separator: ",").map({ Substring($0).trimmingCharacters(while: \.isWhitespace) })
            where !tag.isEmpty && !entry.tags.contains(tag) {
                entry.tags.append(tag)
            }
            entry.fields.removeAll { $0.name == Self.tags }
        }
    }
}
