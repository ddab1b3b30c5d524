import FoundationEssentials
import VaultCore
import VaultSystem

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
    /// The entry's tags: for Bitwarden, which has none (but `favorite`), and for KeePass when
    /// `Tags` would not give them back as they are (a tag holding a separator, `,` or `;`,
    /// spaces at either end, an empty tag). A JSON array of strings; a plain comma-separated
    /// list is read too.
    static let tags = "vault tags"
    /// Put before a custom field's name when the name is one the target format or these carried
    /// fields use for something else (`Title` in KeePass, `vault tags`), or already begins with
    /// this prefix; taken off again, once, by `restore` when the bare name is free.
    static let escapePrefix = "vault field: "

    /// The name a custom field is written under: its own, or escaped when `reserved` claims it.
    static func exportedName(_ name: String, reserved: (String) -> Bool) -> String {
        reserved(name) || name == type || name == tags || name.hasPrefix(escapePrefix) ? escapePrefix + name : name
    }

    /// The carried tags field for `tags`: the exact list as a JSON array.
    static func tagsField(_ tags: [String]) -> CustomField {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let text = (try? encoder.encode(tags)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return CustomField(name: Self.tags, value: text, secret: false)
    }

    /// The import formats of vault's exports to other managers: only their files carry fields,
    /// so only their entries are restored.
    static let formats: Set<ImportFormat> = [.bitwardenJSON, .keepassXML]

    /// Takes the carried fields out of an entry imported as `format` and gives their values back
    /// to it: the type, the exact tags (which replace tags the format split; Bitwarden's
    /// `favorite` stays), and escaped field names. Entries of other formats are left as they are.
    static func restore(_ entry: inout Entry, from format: ImportFormat) {
        guard formats.contains(format) else { return }
        if let type = entry.field(named: Self.type), let value = EntryType(rawValue: type.value) {
            entry.type = value
            entry.fields.removeAll { $0.name == Self.type }
        }
        if let carried = entry.field(named: Self.tags) {
            let exact = (try? JSONDecoder().decode([String].self, from: Data(carried.value.utf8)))
                ?? carried.value.split(separator: ",").map { Substring($0).trimmingCharacters(while: \.isWhitespace) }.filter { !$0.isEmpty }
            entry.tags = (entry.tags.contains("favorite") && !exact.contains("favorite") ? ["favorite"] : []) + exact
            entry.fields.removeAll { $0.name == Self.tags }
        }
        unescapeNames(&entry.fields)
    }

    /// Takes the prefix off every escaped name whose bare name is free: valid, not reserved and
    /// not the name of another field. A name vault did not escape (`vault field: url`, or
    /// `vault field: Colour` beside `Colour`) keeps the prefix, so that names stay unique and
    /// valid.
    private static func unescapeNames(_ fields: inout [CustomField]) {
        var names = Set(fields.map(\.name))
        for index in fields.indices where fields[index].name.hasPrefix(escapePrefix) {
            let bare = String(fields[index].name.dropFirst(escapePrefix.count))
            guard (try? FieldName.validate(bare)) != nil, !names.contains(bare) else { continue }
            names.remove(fields[index].name)
            names.insert(bare)
            fields[index].name = bare
        }
    }
}
