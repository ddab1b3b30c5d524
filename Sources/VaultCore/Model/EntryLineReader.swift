import CSodium
import FoundationEssentials

/// Reads an entry's line straight from its bytes when it is compact JSON of known members, as
/// `EntryLine.encode` writes it: one object whose members (in any order, each at most once,
/// those the decoder may do without left out) are the entry's, with no white space, no `null`
/// and no number. JSONDecoder's first decode of an entry in a process built the metadata of a
/// dozen generic containers and scanned the binary's protocol conformances four times, which
/// cost a `vault get` more than its decryption.
///
/// It reads less than JSON allows, never otherwise: for any other text (an unknown member, a
/// member twice, white space, a date only the general ISO 8601 parser reads, an id that is not
/// a lower-case UUID, text JSONDecoder would refuse) it returns nil, and `EntryLine.decode`
/// hands the line to JSONDecoder, which gives the entry or the error. A test compares the two
/// on thousands of generated and damaged lines.
struct EntryLineReader: CompactJSONReading {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The entry in `line`, or nil when the line is not in the form this reader reads.
    static func entry(in line: UnsafeRawBufferPointer) -> Entry? {
        var reader = EntryLineReader(line)
        guard let entry = reader.entry(), reader.index == line.count else { return nil }
        return entry
    }

    private mutating func entry() -> Entry? {
        var name: String?, type: EntryType?, username: String?, password: String?, urls: [String]?, notes: String?
        var fields: [CustomField]?, tags: [String]?, created: Date?, modified: Date?, history: [PasswordChange]?
        var otp: String?, attachments: [Attachment]?, id: String?, clock: [String: Entry.ClockMember]?
        let read = object { reader, key in
            switch key {
            case "name": return reader.once(&name) { $0.string() }
            case "type": return reader.once(&type) { $0.string().flatMap(EntryType.init(rawValue:)) }
            case "username": return reader.once(&username) { $0.string() }
            case "password": return reader.once(&password) { $0.string() }
            case "urls": return reader.once(&urls) { $0.strings() }
            case "notes": return reader.once(&notes) { $0.string() }
            case "fields": return reader.once(&fields) { $0.list { $0.field() } }
            case "tags": return reader.once(&tags) { $0.strings() }
            case "created": return reader.once(&created) { $0.date() }
            case "modified": return reader.once(&modified) { $0.date() }
            case "history": return reader.once(&history) { $0.list { $0.change() } }
            case "otp": return reader.once(&otp) { $0.string() }
            case "attachments": return reader.once(&attachments) { $0.attachments() }
            case "id": return reader.once(&id) { $0.id() }
            case "clock": return reader.once(&clock) { $0.clockMembers() }
            default: return false
            }
        }
        guard read, let name, let created else { return nil }
        let clocks: [String: Stamp]
        do {
            clocks = try clock.map(Entry.clocks(of:)) ?? [:]
        } catch {
            return nil
        }
        return Entry(
            name: name, type: type ?? .login, username: username, password: password, urls: urls ?? [], notes: notes,
            fields: fields ?? [], tags: tags ?? [], created: created, modified: modified ?? created, history: history ?? [],
            otp: otp, attachments: attachments ?? [], id: id ?? Entry.legacyID(name: name, created: created), clocks: clocks)
    }

    private mutating func field() -> CustomField? {
        var name: String?, value: String?, secret: Bool?
        let read = object { reader, key in
            switch key {
            case "name": return reader.once(&name) { $0.string() }
            case "value": return reader.once(&value) { $0.string() }
            case "secret": return reader.once(&secret) { $0.bool() }
            default: return false
            }
        }
        guard read, let name, let value, let secret else { return nil }
        return CustomField(name: name, value: value, secret: secret)
    }

    private mutating func change() -> PasswordChange? {
        var password: String?, replaced: Date?
        let read = object { reader, key in
            switch key {
            case "password": return reader.once(&password) { $0.string() }
            case "replaced": return reader.once(&replaced) { $0.date() }
            default: return false
            }
        }
        guard read, let password, let replaced else { return nil }
        return PasswordChange(password: password, replaced: replaced)
    }

    /// A string: its bytes as they stand when it has no escape, which is nearly always.
    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                return String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            case UInt8(ascii: "\\"):
                return escapedString(from: start)
            case ..<0x20:
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// The rest of a string with escapes, from its first byte at `start`; the copy of its bytes
    /// is wiped, since the string may be a password.
    private mutating func escapedString(from start: Int) -> String? {
        guard let close = closingQuote() else { return nil }
        // As long as the literal: escapes only shorten it.
        var text = [UInt8](repeating: 0, count: close + 1 - start)
        defer { text.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) } }
        let literal = UnsafeRawBufferPointer(rebasing: bytes[0...close])
        guard let (end, count) = text.withUnsafeMutableBytes({ JSONStringText.unescape(literal, from: start, into: $0) }) else {
            return nil
        }
        index = end
        return String(validating: text[0..<count], as: UTF8.self)
    }
}
