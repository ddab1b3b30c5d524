import Foundation
import SeededRandom
import Testing
@testable import VaultCore

/// The hand reader of entry lines against JSONDecoder, the definition of the entry's JSON: on
/// every line `EntryLine.encode` writes it must give the very entry JSONDecoder gives, and on
/// any other text either that entry too or nothing (so that JSONDecoder decides).
@Suite("Entry line reader")
struct EntryLineReaderTests {
    @Test("every line vault writes is read by hand, into the entry JSONDecoder reads")
    func generatedLines() throws {
        var random = SeededRandom(seed: 0x5EED_0E17)
        for _ in 0..<3000 {
            let entry = Self.entry(&random)
            let line = try Self.line(entry)
            let read = try #require(Self.read(line), "not read by hand: \(String(decoding: line, as: UTF8.self))")
            let decoded = try Self.decodedByJSONDecoder(line)
            #expect(try Self.line(read) == line)
            #expect(try Self.line(decoded) == line)
            #expect(read == entry)
        }
    }

    @Test("a damaged or reworded line is read into JSONDecoder's entry, or left to JSONDecoder")
    func damagedLines() throws {
        var random = SeededRandom(seed: 0xDA_4A6E)
        var readByHand = 0
        var refusedByBoth = 0
        for _ in 0..<6000 {
            let line = Self.damaged(try Self.line(Self.entry(&random)), &random)
            let decoded = try? Self.decodedByJSONDecoder(line)
            guard let read = Self.read(line) else {
                if decoded == nil { refusedByBoth += 1 }
                continue
            }
            readByHand += 1
            let expected = try #require(decoded, "read by hand, refused by JSONDecoder: \(String(decoding: line, as: UTF8.self))")
            #expect(read == expected, "\(String(decoding: line, as: UTF8.self))")
            #expect(try Self.line(read) == Self.line(expected), "\(String(decoding: line, as: UTF8.self))")
        }
        // The damage is varied enough that both outcomes are common.
        #expect(readByHand > 500)
        #expect(refusedByBoth > 500)
    }

    @Test("compact lines with members left out, in another order or in the version 4 clock read as JSONDecoder reads them", arguments: [
        #"{"name":"a","created":"2020-01-02T03:04:05Z"}"#,
        #"{"created":"2020-01-02T03:04:05Z","type":"login","name":"a\u00e9\ud83d\ude00"}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","modified":"2021-01-02T03:04:05Z","urls":[],"tags":["t"]}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","clock":{"name":"1700000000000-0-","password":"1700000000001-3-0123456789abcdef"}}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","clock":{}}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","fields":[{"value":"1","secret":false,"name":"pin"}],"history":[{"replaced":"2020-01-02T03:04:05Z","password":"p"}]}"#,
        #"{"na\u006de":"a","created":"2020-01-02T03:04:05Z","id":"0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9"}"#,
    ])
    func otherCompactForms(text: String) throws {
        let line = Array(text.utf8)
        let read = try #require(Self.read(line))
        let decoded = try Self.decodedByJSONDecoder(line)
        #expect(read == decoded)
        #expect(try Self.line(read) == Self.line(decoded))
    }

    @Test("text in other forms that JSONDecoder reads is left to it", arguments: [
        #"{"name":"a","created":"2020-01-02T03:04:05Z","id":"0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9" }"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","future":1}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","urls":null}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","name":"b"}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05.250Z"}"#,
        #"{"name":"a","created":"1500-01-02T03:04:05Z"}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05+01:00"}"#,
        #" {"name":"a","created":"2020-01-02T03:04:05Z"}"#,
    ])
    func otherForms(text: String) throws {
        let line = Array(text.utf8)
        #expect(Self.read(line) == nil)
        _ = try Self.decodedByJSONDecoder(line)
    }

    @Test("text JSONDecoder refuses is never read by hand", arguments: [
        #"{"name":"a","created":"2020-01-02T03:04:05Z"}x"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z""#,
        #"{"name":"a\ud800","created":"2020-01-02T03:04:05Z"}"#,
        #"{"name":"a\x","created":"2020-01-02T03:04:05Z"}"#,
        "{\"name\":\"a\u{1}\",\"created\":\"2020-01-02T03:04:05Z\"}",
        #"{"name":"a","created":"2020-01-02T03:04:05Z","id":"0B1C2D3E-4F50-4617-8293-A4B5C6D7E8F9"}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","type":"wallet"}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","fields":[{"name":"pin","value":"1"}]}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","clock":{"1-0-":["name"],"name":"1-0-"}}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","clock":{"1-0-":[]}}"#,
        #"{"name":"a","created":"2020-01-02T03:04:05Z","clock":{"1-0-":["name"],"2-0-":["name"]}}"#,
        #"{"created":"2020-01-02T03:04:05Z"}"#,
    ])
    func refusedText(text: String) {
        let line = Array(text.utf8)
        #expect(Self.read(line) == nil)
        #expect((try? Self.decodedByJSONDecoder(line)) == nil)
    }

    @Test("invalid UTF-8 in a string is left to JSONDecoder")
    func invalidUTF8() {
        let line = Array(#"{"name":"a"#.utf8) + [0xC3, 0x28] + Array(#"","created":"2020-01-02T03:04:05Z"}"#.utf8)
        #expect(Self.read(line) == nil)
    }

    @Test("the secrets reader reads every line vault writes, into the entry's name, type, password and first fields of each name")
    func secretsOfGeneratedLines() throws {
        var random = SeededRandom(seed: 0x5EC2_E75)
        for _ in 0..<3000 {
            let entry = Self.entry(&random)
            let line = try Self.line(entry)
            let names = Set(entry.fields.map(\.name) + ["absent"])
            let secrets = try #require(line.withUnsafeBytes { EntrySecretReader.secrets(in: $0, fields: names) },
                                       "not read: \(String(decoding: line, as: UTF8.self))")
            #expect(Self.same(secrets, entry, fields: names))
        }
    }

    @Test("on a damaged or reworded line the secrets reader gives nothing or JSONDecoder's entry's values, and nothing when it refuses")
    func secretsOfDamagedLines() throws {
        var random = SeededRandom(seed: 0x5EC2_DA4A)
        var read = 0
        var refusedByBoth = 0
        for _ in 0..<6000 {
            let entry = Self.entry(&random)
            let line = Self.damaged(try Self.line(entry), &random)
            let names = Set(entry.fields.map(\.name))
            let secrets = line.withUnsafeBytes { EntrySecretReader.secrets(in: $0, fields: names) }
            guard let decoded = try? Self.decodedByJSONDecoder(line) else {
                #expect(secrets == nil, "read, refused by JSONDecoder: \(String(decoding: line, as: UTF8.self))")
                if secrets == nil { refusedByBoth += 1 }
                continue
            }
            guard let secrets else { continue }
            read += 1
            #expect(Self.same(secrets, decoded, fields: names), "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(read > 1000)
        #expect(refusedByBoth > 500)
    }

    /// Whether `secrets` are `entry`'s name, type, password, and first field of each name in `fields`.
    private static func same(_ secrets: EntrySecrets, _ entry: Entry, fields: Set<String>) -> Bool {
        func text(_ bytes: SecureBytes?) -> String? { bytes?.withUnsafeBytes { String(validating: $0, as: UTF8.self) } }
        let expected = Dictionary(entry.fields.filter { fields.contains($0.name) }.map { ($0.name, $0.value) }) { first, _ in first }
        return secrets.name == entry.name && secrets.type == entry.type && text(secrets.password) == entry.password
            && secrets.fields.mapValues { text($0) ?? "not UTF-8" } == expected
    }

    // MARK: - Lines

    private static func read(_ line: [UInt8]) -> Entry? {
        line.withUnsafeBytes { EntryLineReader.entry(in: $0) }
    }

    private static func decodedByJSONDecoder(_ line: [UInt8]) throws -> Entry {
        try EntryJSON.decoder().decode(Entry.self, from: Data(line))
    }

    private static func line(_ entry: Entry) throws -> [UInt8] {
        try EntryLine.encode(entry).withUnsafeBytes { Array($0) }
    }

    /// `line` with one kind of damage or rewording: a byte dropped, changed or added, white
    /// space, a member repeated, moved, left out or unknown, a value made null or a number, the
    /// line cut.
    private static func damaged(_ line: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var line = line
        let at = Int(random.next() % UInt64(line.count))
        switch random.next() % 10 {
        case 0: line.remove(at: at)
        case 1: line[at] = UInt8(truncatingIfNeeded: random.next())
        case 2: line.insert(Self.pick(Array(#"{}[]",:\ntu0"#.utf8), &random), at: at)
        case 3: line.insert(UInt8(ascii: " "), at: at)
        case 4: line.insert(contentsOf: #""name":"x","#.utf8, at: 1)
        case 5: line.insert(contentsOf: #""otp":null,"#.utf8, at: 1)
        case 6: line.insert(contentsOf: #""modified":12,"#.utf8, at: 1)
        case 7: line.removeSubrange(at...)
        case 8:
            // A whole member left out: from a comma outside any string to the next one.
            let commas = Self.memberCommas(line)
            guard commas.count >= 2 else { break }
            let first = Int(random.next() % UInt64(commas.count - 1))
            line.removeSubrange(commas[first]..<commas[first + 1])
        default:
            // The name member moved after the others: the same object in another order.
            let text = String(decoding: line, as: UTF8.self)
            guard let comma = text.firstIndex(of: ","), text.hasPrefix(#"{"name":"#) else { break }
            line = Array(("{" + text[text.index(after: comma)...].dropLast() + "," + text[text.index(after: text.startIndex)..<comma] + "}").utf8)
        }
        return line
    }

    /// The places of the commas between the members of the line's outer object.
    private static func memberCommas(_ line: [UInt8]) -> [Int] {
        var commas: [Int] = []
        var depth = 0
        var inString = false
        var index = 0
        while index < line.count {
            let byte = line[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ",") && depth == 1 {
                commas.append(index)
            }
            index += 1
        }
        return commas
    }

    // MARK: - Entries

    private static func entry(_ random: inout SeededRandom) -> Entry {
        let created = date(&random)
        let maybe: (inout SeededRandom) -> String? = { random in random.next() % 3 == 0 ? nil : text(&random) }
        let fields = (0..<Int(random.next() % 4)).map { _ in
            CustomField(name: text(&random), value: text(&random), secret: random.next() % 2 == 0)
        }
        let history = (0..<Int(random.next() % 3)).map { _ in PasswordChange(password: text(&random), replaced: date(&random)) }
        let attachments = (0..<Int(random.next() % 3)).map { index in
            Attachment(name: "\(index)" + text(&random).filter { $0 != "/" && !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } },
                       content: String(repeating: pick(Array("0123456789abcdef"), &random), count: 64),
                       size: pick([0, 1, 65536, Attachment.largestSize], &random), type: pick(["image/jpeg", "application/pdf"], &random),
                       added: date(&random))
        }
        return Entry(
            name: text(&random) + "x", type: pick(EntryType.allCases, &random), username: maybe(&random),
            password: maybe(&random), urls: (0..<Int(random.next() % 3)).map { _ in text(&random) }, notes: maybe(&random),
            fields: fields, tags: (0..<Int(random.next() % 3)).map { _ in text(&random) }, created: created,
            modified: random.next() % 2 == 0 ? created : date(&random), history: history, otp: maybe(&random), attachments: attachments,
            id: Entry.legacyID(name: text(&random), created: created), clocks: clocks(&random))
    }

    /// Text with what JSON escapes (quotes, backslashes, control characters, slashes) and
    /// characters of one, two, three and four UTF-8 bytes.
    private static func text(_ random: inout SeededRandom) -> String {
        let pieces = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "ß", "€", "中", "\u{2028}",
                      "\u{FEFF}", "😀", "👩‍👩‍👧", "e\u{301}", "{", "}", "[", "]", ":", ","]
        return (0..<Int(random.next() % 12)).map { _ in pick(pieces, &random) }.joined()
    }

    /// A date to the second, in the years `EntryDates.parseWritten` reads.
    private static func date(_ random: inout SeededRandom) -> Date {
        let first = -12_212_553_600.0 // 1583-01-01
        return Date(timeIntervalSince1970: first + Double(random.next() % UInt64(EntryDates.storable.upperBound - first)))
    }

    private static func clocks(_ random: inout SeededRandom) -> [String: Stamp] {
        var clocks: [String: Stamp] = [:]
        let stamps = (0..<3).map { number in
            Stamp(milliseconds: Int64(random.next() % 1_000_000_000_000), counter: number, device: number == 0 ? "" : "0123456789abcdef")
        }
        for part in ["name", "password", "username", "notes", "field:pin", "url", "\"odd\\part\""] where random.next() % 2 == 0 {
            clocks[part] = pick(stamps, &random)
        }
        return clocks
    }

    private static func pick<Element>(_ items: [Element], _ random: inout SeededRandom) -> Element {
        items[Int(random.next() % UInt64(items.count))]
    }
}
