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
struct EntryLineReader {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

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
        var otp: String?, id: String?, clock: [String: Entry.ClockMember]?
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
            case "id": return reader.once(&id) { $0.string().flatMap { LowercaseUUID.isValid($0) ? $0 : nil } }
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
            otp: otp, id: id ?? Entry.legacyID(name: name, created: created), clocks: clocks)
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

    /// A clock's members in either form: a stamp for each part, or the parts for each stamp.
    private mutating func clockMembers() -> [String: Entry.ClockMember]? {
        var members: [String: Entry.ClockMember] = [:]
        let read = object { reader, key in
            let member: Entry.ClockMember
            if reader.next == UInt8(ascii: "[") {
                guard let parts = reader.strings() else { return false }
                member = .parts(parts)
            } else {
                guard let text = reader.string(), let stamp = Stamp(text) else { return false }
                member = .stamp(stamp)
            }
            return members.updateValue(member, forKey: key) == nil
        }
        return read ? members : nil
    }

    /// Reads a member's value into `slot` with `value`; false when the member came before or
    /// its value cannot be read.
    private mutating func once<Value>(_ slot: inout Value?, _ value: (inout EntryLineReader) -> Value?) -> Bool {
        guard slot == nil, let read = value(&self) else { return false }
        slot = read
        return true
    }

    /// Reads an object, calling `member` with each key once the reader stands on its value;
    /// `member` reads the value and says whether it could.
    private mutating func object(_ member: (inout EntryLineReader, String) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// Reads an array, each element with `element`; nil when one cannot be read.
    private mutating func list<Element>(_ element: (inout EntryLineReader) -> Element?) -> [Element]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var elements: [Element] = []
        if take(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let read = element(&self) else { return nil }
            elements.append(read)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? elements : nil
    }

    /// Reads an array of strings.
    private mutating func strings() -> [String]? {
        list { $0.string() }
    }

    /// Reads a date in the one form vault writes (`EntryDates.parseWritten`), within the years
    /// an entry can hold; any other text is left to JSONDecoder's date strategy.
    private mutating func date() -> Date? {
        guard let text = string(), let date = EntryDates.parseWritten(text), EntryDates.canStore(date) else { return nil }
        return date
    }

    /// Reads `true` or `false`.
    private mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// A string: its bytes as they stand when it has no escape, which is nearly always.
    private mutating func string() -> String? {
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
        var text: [UInt8] = []
        // Room for the whole rest of the line, so that no copy is left behind unwiped by growing.
        text.reserveCapacity(bytes.count - start)
        text.append(contentsOf: bytes[start..<index])
        defer { text.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) } }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = escapedScalar() else { return nil }
                    text.append(contentsOf: UTF8.encode(scalar)!)
                default: return nil
                }
            case ..<0x20:
                return nil
            default:
                text.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\u` escape, whose `\u` has been read; a surrogate pair is two escapes,
    /// and half of one is left to JSONDecoder.
    private mutating func escapedScalar() -> Unicode.Scalar? {
        guard let unit = hexUnit() else { return nil }
        guard (0xD800...0xDFFF).contains(unit) else { return Unicode.Scalar(unit) }
        guard unit < 0xDC00, literal("\\u"), let low = hexUnit(), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
    }

    /// Reads the four hex digits of a `\u` escape.
    private mutating func hexUnit() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The byte the reader stands on, if any.
    private var next: UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Steps over `byte` when the reader stands on it.
    private mutating func take(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        index += 1
        return true
    }

    /// Steps over `text` when the bytes ahead are it.
    private mutating func literal(_ text: StaticString) -> Bool {
        let literal = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard bytes.count - index >= literal.count, bytes[index..<index + literal.count].elementsEqual(literal) else { return false }
        index += literal.count
        return true
    }
}
