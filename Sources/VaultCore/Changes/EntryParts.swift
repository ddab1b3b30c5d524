/// The parts of an entry whose changes are stamped one by one (`Entry.clocks`), so that a merge
/// can take each part from the side that changed it: the built-in parts by their member names,
/// each custom field as `field:NAME` and each attachment as `attachment:NAME`. The password history and the dates follow from these
/// and are not stamped.
public enum EntryPart {
    /// The built-in parts.
    public static let builtIn = ["name", "type", "username", "password", "urls", "notes", "tags", "otp"]

    /// The part of the custom field called `name`.
    public static func field(_ name: String) -> String { "field:" + name }

    /// The part of the attachment called `name`.
    public static func attachment(_ name: String) -> String { "attachment:" + name }

    /// The parts of `entry`'s fields and attachments.
    private static func namedParts(of entry: Entry) -> [String] {
        entry.fields.map { field($0.name) } + entry.attachments.map { attachment($0.name) }
    }

    /// The parts whose values differ between `old` and `new`, by their bytes (`Value`); a
    /// custom field or an attachment present in one of them only counts, and so does a change
    /// of a field's secret flag.
    public static func changed(from old: Entry, to new: Entry) -> [String] {
        let named = Set(namedParts(of: old)).union(namedParts(of: new))
        return (builtIn + named.sorted()).filter { value(of: $0, in: old) != value(of: $0, in: new) }
    }

    /// The parts a new entry has: every built-in part, and each of its fields and attachments.
    public static func present(in entry: Entry) -> [String] {
        builtIn + namedParts(of: entry)
    }

    /// Every part either entry has or has stamped (a field removed from one of them included).
    public static func all(_ a: Entry, _ b: Entry) -> [String] {
        var parts = Set(builtIn)
        for entry in [a, b] {
            parts.formUnion(namedParts(of: entry))
            // Stamps of parts this version does not know (a later format's) are left alone.
            parts.formUnion(entry.clocks.keys.filter { $0.hasPrefix("field:") || $0.hasPrefix("attachment:") })
        }
        return parts.sorted()
    }

    /// The value of one part, to compare and to copy between versions of an entry.
    public enum Value: Equatable, Sendable, Comparable {
        case text(String?)
        case list([String])
        case type(EntryType)
        case field(CustomField?)
        case attachment(Attachment?)

        /// Whether the value holds a secret (a password, a one-time password setting, a secret field).
        public var isSecret: Bool {
            if case .field(let field?) = self { return field.secret }
            return false
        }

        /// Equal when the bytes are: text canonically the same but spelled with other code points
        /// (an accent composed or not) is another value, as a password is for a site that takes it.
        public static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case let (.text(x), .text(y)): return x.map { Array($0.utf8) } == y.map { Array($0.utf8) }
            case let (.list(x), .list(y)): return x.map { Array($0.utf8) } == y.map { Array($0.utf8) }
            case let (.type(x), .type(y)): return x == y
            case let (.field(x), .field(y)):
                let bytes = { (field: CustomField) in [Array(field.name.utf8), Array(field.value.utf8), [field.secret ? 1 : 0]] }
                return x.map(bytes) == y.map(bytes)
            case let (.attachment(x), .attachment(y)):
                // One file is one value however and whenever it was attached.
                return x.map { [$0.name, $0.content] } == y.map { [$0.name, $0.content] }
            default: return false
            }
        }

        /// An order of values that does not depend on the Swift release: a merge's last tie-break.
        public static func < (a: Value, b: Value) -> Bool {
            a.orderKey.lexicographicallyPrecedes(b.orderKey)
        }

        private var orderKey: [UInt8] {
            switch self {
            case .text(let text): return text.map { [1] + Array($0.utf8) } ?? [0]
            case .list(let items): return Array(items.joined(separator: "\u{0}").utf8)
            case .type(let type): return Array(type.rawValue.utf8)
            case .field(let field): return field.map { [1] + Array("\($0.name)\u{0}\($0.value)\u{0}\($0.secret)".utf8) } ?? [0]
            case .attachment(let attachment): return attachment.map { [1] + $0.orderKey } ?? [0]
            }
        }

        /// The value as text for a person (what a merge keeps of a losing value); nil when there is none.
        public var text: String? {
            switch self {
            case .text(let text): return text
            case .list(let items): return items.isEmpty ? nil : items.joined(separator: "\n")
            case .type(let type): return type.rawValue
            case .field(let field): return field?.value
            case .attachment(let attachment): return attachment.map { "\($0.name) (\($0.size) bytes)" }
            }
        }
    }

    /// The value of `part` in `entry`.
    public static func value(of part: String, in entry: Entry) -> Value {
        switch part {
        case "name": return .text(entry.name)
        case "type": return .type(entry.type)
        case "username": return .text(entry.username)
        case "password": return .text(entry.password)
        case "urls": return .list(entry.urls)
        case "notes": return .text(entry.notes)
        case "tags": return .list(entry.tags)
        case "otp": return .text(entry.otp)
        case _ where part.hasPrefix("attachment:"): return .attachment(entry.attachment(named: String(part.dropFirst("attachment:".count))))
        default: return .field(entry.field(named: String(part.dropFirst("field:".count))))
        }
    }

    /// Sets `part` of `entry` to `value` (a value taken from another version of the entry).
    public static func set(_ part: String, to value: Value, in entry: inout Entry) {
        switch (part, value) {
        case ("name", .text(let name?)): entry.name = name
        case ("type", .type(let type)): entry.type = type
        case ("username", .text(let text)): entry.username = text
        case ("password", .text(let text)): entry.password = text
        case ("urls", .list(let urls)): entry.urls = urls
        case ("notes", .text(let text)): entry.notes = text
        case ("tags", .list(let tags)): entry.tags = tags
        case ("otp", .text(let text)): entry.otp = text
        case (_, .field(let field)):
            let name = String(part.dropFirst("field:".count))
            if let field { entry.setField(field) } else { entry.fields.removeAll { $0.name == name } }
        case (_, .attachment(let attachment)):
            let name = String(part.dropFirst("attachment:".count))
            if let attachment { entry.setAttachment(attachment) } else { entry.attachments.removeAll { $0.name == name } }
        default:
            preconditionFailure("a value of another part")
        }
    }
}
