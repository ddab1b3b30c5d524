import FoundationEssentials

/// What the hand readers of entry lines (`EntryLineReader`, `EntrySecretReader`) share: a
/// position in the line's bytes, the steps over compact JSON's objects, arrays and literals,
/// and the members of an entry that are no secret (dates, the id, the clock), read as
/// `EntryLineReader` documents. Each reader reads a string its own way.
protocol CompactJSONReading {
    var bytes: UnsafeRawBufferPointer { get }
    var index: Int { get set }
    /// Reads a string (an object's key, a date…) into a value.
    mutating func string() -> String?
}

extension CompactJSONReading {
    /// Reads an object, calling `member` with each key once the reader stands on its value;
    /// `member` reads the value and says whether it could.
    mutating func object(_ member: (inout Self, String) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// Reads an array, each element with `element`; nil when one cannot be read.
    mutating func list<Element>(_ element: (inout Self) -> Element?) -> [Element]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var elements: [Element] = []
        if take(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let read = element(&self) else { return nil }
            elements.append(read)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? elements : nil
    }

    /// Reads a member's value into `slot` with `value`; false when the member came before or
    /// its value cannot be read.
    mutating func once<Value>(_ slot: inout Value?, _ value: (inout Self) -> Value?) -> Bool {
        guard slot == nil, let read = value(&self) else { return false }
        slot = read
        return true
    }

    /// Reads an array of strings.
    mutating func strings() -> [String]? {
        list { $0.string() }
    }

    /// Reads a date in the one form vault writes (`EntryDates.parseWritten`), within the years
    /// an entry can hold; any other text is left to JSONDecoder's date strategy.
    mutating func date() -> Date? {
        guard let text = string(), let date = EntryDates.parseWritten(text), EntryDates.canStore(date) else { return nil }
        return date
    }

    /// Reads an entry's id, which is a lower-case UUID.
    mutating func id() -> String? {
        string().flatMap { LowercaseUUID.isValid($0) ? $0 : nil }
    }

    /// A clock's members in either form: a stamp for each part, or the parts for each stamp.
    mutating func clockMembers() -> [String: Entry.ClockMember]? {
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

    /// Reads an entry's attachments: each an object of its name, content id, size, media type
    /// and the time it was added, all five once, checked as `Attachment`'s decoder checks them,
    /// and no name twice.
    mutating func attachments() -> [Attachment]? {
        guard let attachments = list({ $0.attachment() }), Set(attachments.map(\.name)).count == attachments.count else { return nil }
        return attachments
    }

    private mutating func attachment() -> Attachment? {
        var name: String?, content: String?, size: Int?, type: String?, added: Date?
        let read = object { reader, key in
            switch key {
            case "name": return reader.once(&name) { $0.string().flatMap { (try? AttachmentName.validate($0)) != nil ? $0 : nil } }
            case "content": return reader.once(&content) { $0.string().flatMap { Attachment.isContentID($0) ? $0 : nil } }
            case "size": return reader.once(&size) { $0.count(upTo: Attachment.largestSize) }
            case "type": return reader.once(&type) { $0.string().flatMap { MediaType.isValid($0) ? $0 : nil } }
            case "added": return reader.once(&added) { $0.date() }
            default: return false
            }
        }
        guard read, let name, let content, let size, let type, let added else { return nil }
        return Attachment(name: name, content: content, size: size, type: type, added: added)
    }

    /// Reads a whole number from 0 to `largest` written as JSON writes it (no sign, no leading
    /// zero, no fraction or exponent).
    mutating func count(upTo largest: Int) -> Int? {
        let start = index
        var value = 0
        while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            guard index - start < 18 else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0"), value <= largest,
              next.map({ ![UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains($0) }) ?? true else { return nil }
        return value
    }

    /// Reads `true` or `false`.
    mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// The byte the reader stands on, if any.
    var next: UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Steps over `byte` when the reader stands on it.
    mutating func take(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        index += 1
        return true
    }

    /// Steps over `text` when the bytes ahead are it.
    mutating func literal(_ text: StaticString) -> Bool {
        let literal = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard bytes.count - index >= literal.count, bytes[index..<index + literal.count].elementsEqual(literal) else { return false }
        index += literal.count
        return true
    }

    /// The index of the quote that closes the string the reader is in, from where it stands.
    func closingQuote() -> Int? {
        var at = index
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "\\"): at += 2
            case UInt8(ascii: "\""): return at
            default: at += 1
            }
        }
        return nil
    }
}
