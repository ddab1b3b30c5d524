import VaultCore
import VaultSystem

/// The custom fields of an imported entry, gathered in order: empty values are left out
/// unless asked for, and a name that is empty, reserved for a built-in part of an entry, or
/// used twice is changed (`url (2)`), so that every field comes in.
struct FieldList {
    private(set) var fields: [CustomField] = []
    private var taken = Set<String>()
    private var numbering = ImportNames.Numbering()

    mutating func add(_ name: String, _ value: String?, secret: Bool, keepEmpty: Bool = false) {
        guard let value, keepEmpty || !value.isEmpty else { return }
        var name = name.isEmpty ? "field" : name
        if (try? FieldName.validate(name)) == nil && !name.isEmpty {
            // Control characters are the other reason a name is refused.
            name = String(String.UnicodeScalarView(name.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        }
        if FieldName.reserved.contains(name.lowercased()) || taken.contains(name) {
            name = numbering.free(name) { [taken] in taken.contains($0) || FieldName.reserved.contains($0.lowercased()) }
        }
        taken.insert(name)
        fields.append(CustomField(name: name, value: value, secret: secret))
    }
}

extension Optional where Wrapped == String {
    /// The string, or nil when it is missing or empty.
    var nonEmpty: String? {
        switch self {
        case .some(let text) where !text.isEmpty: return text
        default: return nil
        }
    }
}
