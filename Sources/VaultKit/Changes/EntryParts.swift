/// The parts of an entry whose changes are stamped one by one (`Entry.clocks`), so that a merge
/// can take each part from the side that changed it: the built-in parts by their member names,
/// and each custom field as `field:NAME`. The password history and the dates follow from these
/// and are not stamped.
public enum EntryPart {
    /// The built-in parts.
    public static let builtIn = ["name", "type", "username", "password", "urls", "notes", "tags", "otp"]

    /// The part of the custom field called `name`.
    public static func field(_ name: String) -> String { "field:" + name }

    /// The parts whose values differ between `old` and `new`; a custom field present in one of
    /// them only counts, and so does a change of a field's secret flag.
    public static func changed(from old: Entry, to new: Entry) -> [String] {
        var parts: [String] = []
        if old.name != new.name { parts.append("name") }
        if old.type != new.type { parts.append("type") }
        if old.username != new.username { parts.append("username") }
        if old.password != new.password { parts.append("password") }
        if old.urls != new.urls { parts.append("urls") }
        if old.notes != new.notes { parts.append("notes") }
        if old.tags != new.tags { parts.append("tags") }
        if old.otp != new.otp { parts.append("otp") }
        var names = Set(old.fields.map(\.name))
        names.formUnion(new.fields.map(\.name))
        for name in names.sorted() where old.field(named: name) != new.field(named: name) {
            parts.append(field(name))
        }
        return parts
    }

    /// The parts a new entry has: every built-in part, and each of its fields.
    public static func present(in entry: Entry) -> [String] {
        builtIn + entry.fields.map { field($0.name) }
    }
}
