import FoundationEssentials

/// Reads an entry's `EntrySecrets` straight from its line, when it is compact JSON of known
/// members as `EntryLine.encode` writes it, and checked as `EntryLineReader` checks it: the
/// password and the wanted fields' values are unescaped from the line (itself in guarded
/// memory) into guarded memory, and every other string of the entry that could be a secret
/// (username, notes, one-time password, other fields, old passwords) is read into memory wiped
/// on release and dropped. For any line `EntryLineReader` would not read it returns nil, and
/// the caller decodes the entry; a test and a fuzz target check that what it reads is what
/// `EntryLine.decode` reads.
struct EntrySecretReader: CompactJSONReading {
    let bytes: UnsafeRawBufferPointer
    private let wanted: Set<String>
    var index = 0

    private init(_ bytes: UnsafeRawBufferPointer, wanted: Set<String>) {
        self.bytes = bytes
        self.wanted = wanted
    }

    /// The secrets of the entry in `line`, with the values of the custom fields named in
    /// `fields`; nil when the line is not in the form this reader reads.
    static func secrets(in line: UnsafeRawBufferPointer, fields: Set<String>) -> EntrySecrets? {
        var reader = EntrySecretReader(line, wanted: fields)
        guard let secrets = reader.entry(), reader.index == line.count else { return nil }
        return secrets
    }

    private mutating func entry() -> EntrySecrets? {
        var name: String?, type: EntryType?, password: SecureBytes?, fields: [String: SecureBytes]?
        var created: Date?, clock: [String: Entry.ClockMember]?
        // Members read for their form alone.
        var username: Void?, notes: Void?, otp: Void?, urls: Void?, tags: Void?, modified: Void?, history: Void?, id: Void?
        var attachments: Void?
        let read = object { reader, key in
            switch key {
            case "name": return reader.once(&name) { $0.string() }
            case "type": return reader.once(&type) { $0.string().flatMap(EntryType.init(rawValue:)) }
            case "username": return reader.once(&username) { $0.dropped(.wipedOnRelease) }
            case "password": return reader.once(&password) { $0.secret(.guarded) }
            case "urls": return reader.once(&urls) { $0.strings().map { _ in () } }
            case "notes": return reader.once(&notes) { $0.dropped(.wipedOnRelease) }
            case "fields": return reader.once(&fields) { $0.customFields() }
            case "tags": return reader.once(&tags) { $0.strings().map { _ in () } }
            case "created": return reader.once(&created) { $0.date() }
            case "modified": return reader.once(&modified) { $0.date().map { _ in () } }
            case "history": return reader.once(&history) { $0.list { $0.change() }.map { _ in () } }
            case "otp": return reader.once(&otp) { $0.dropped(.wipedOnRelease) }
            case "attachments": return reader.once(&attachments) { $0.attachments().map { _ in () } }
            case "id": return reader.once(&id) { $0.id().map { _ in () } }
            case "clock": return reader.once(&clock) { $0.clockMembers() }
            default: return false
            }
        }
        guard read, let name, created != nil, clock.map({ (try? Entry.clocks(of: $0)) != nil }) ?? true else { return nil }
        return EntrySecrets(name: name, type: type ?? .login, password: password, fields: fields ?? [:])
    }

    /// The wanted values of a list of custom fields, each copied into guarded memory: each
    /// field an object of a name, a value and whether it is secret, all three once, in any order.
    private mutating func customFields() -> [String: SecureBytes]? {
        let read = list { reader -> (name: String, value: SecureBytes)? in
            var name: String?, value: SecureBytes?, secret: Bool?
            let read = reader.object { reader, key in
                switch key {
                case "name": return reader.once(&name) { $0.string() }
                case "value": return reader.once(&value) { $0.secret(.wipedOnRelease) }
                case "secret": return reader.once(&secret) { $0.bool() }
                default: return false
                }
            }
            guard read, let name, let value, secret != nil else { return nil }
            return (name, value)
        }
        guard let read else { return nil }
        var fields: [String: SecureBytes] = [:]
        for (name, value) in read where wanted.contains(name) && fields[name] == nil {
            guard let guarded = try? value.withUnsafeBytes({ try SecureBytes(copying: $0) }) else { return nil }
            fields[name] = guarded
        }
        return fields
    }

    /// Reads an old password and when it was replaced, both once; the password is dropped.
    private mutating func change() -> Void? {
        var password: Void?, replaced: Date?
        let read = object { reader, key in
            switch key {
            case "password": return reader.once(&password) { $0.dropped(.wipedOnRelease) }
            case "replaced": return reader.once(&replaced) { $0.date() }
            default: return false
            }
        }
        return read && password != nil && replaced != nil ? () : nil
    }

    /// A string that is no secret (a name, a type, a date), decoded as any.
    mutating func string() -> String? {
        guard let value = secret(.wipedOnRelease) else { return nil }
        return value.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// A string read for its form, its text wiped at once.
    private mutating func dropped(_ protection: SecureBytes.Protection) -> Void? {
        secret(protection).map { _ in () }
    }

    /// A string, unescaped into a buffer kept as `protection` says (as long as its literal:
    /// escapes only shorten it).
    private mutating func secret(_ protection: SecureBytes.Protection) -> SecureBytes? {
        guard take(UInt8(ascii: "\"")), let close = closingQuote() else { return nil }
        let literal = UnsafeRawBufferPointer(rebasing: bytes[0...close])
        guard let buffer = try? SecureBytes(count: literal.count - index, protection: protection),
              let (end, count) = buffer.withUnsafeMutableBytes({ JSONStringText.unescape(literal, from: index, into: $0) }) else {
            return nil
        }
        index = end
        return buffer.part(0..<count)
    }
}
