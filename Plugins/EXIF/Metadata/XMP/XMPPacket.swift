#if canImport(Glibc)
import Glibc
#endif

/// The properties of an XMP packet that matter for privacy, read with a small tolerant scanner
/// rather than an XML parser (FoundationEssentials has none): XMP writes a simple property
/// either as an attribute of `rdf:Description` (`tiff:Make="Canon"`) or as an element
/// (`<tiff:Make>Canon</tiff:Make>`), and a list as `rdf:li` elements inside the property's
/// element. Every property with a namespace prefix is collected; nested structures are read as
/// their text.
struct XMPPacket: Sendable {
    /// `prefix:Name` to its values, in document order.
    private(set) var properties: [(name: String, values: [String])] = []
    private var positions: [String: Int] = [:]

    /// Packets larger than this are not scanned (an extended XMP may legally reach 4 GB).
    static let sizeLimit = 16 << 20
    /// An element property's end tag is looked for `elementLimit` bytes ahead, for
    /// `elementSearchLimit` elements at most, and no more than `propertyLimit` properties (or
    /// values of one) are kept: a hostile packet costs a bounded scan, never a quadratic one.
    static let elementLimit = 64 << 10
    static let propertyLimit = 10_000
    static let elementSearchLimit = 2_000

    init(_ data: some Collection<UInt8>) {
        guard data.count <= Self.sizeLimit else { return }
        let text = Array(data)
        var index = 0
        var elementSearches = 0
        while let open = text[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            guard let close = Self.endOfTag(text, from: index) else { return }
            let tag = Array(text[index..<close])
            index = close + 1
            guard let first = tag.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else { continue }
            let (name, attributes) = Self.parseTag(tag)
            for (attribute, value) in attributes where Self.isProperty(attribute) { add(attribute, value) }
            guard Self.isProperty(name), tag.last != UInt8(ascii: "/"), elementSearches < Self.elementSearchLimit else { continue }
            elementSearches += 1
            // An element property: its text, or the rdf:li items inside it, up to its end tag.
            let endTag = Array("</\(name)>".utf8)
            guard let end = Self.find(endTag, in: text, from: index, within: Self.elementLimit) else { continue }
            let inner = Array(text[index..<end])
            let items = Self.listItems(inner)
            if !items.isEmpty {
                items.forEach { add(name, $0) }
            } else {
                let value = Self.plainText(inner)
                if !value.isEmpty { add(name, value) }
            }
            index = end + endTag.count
        }
    }

    func values(_ name: String) -> [String] {
        positions[name].map { properties[$0].values } ?? []
    }

    private mutating func add(_ name: String, _ value: String) {
        if let index = positions[name] {
            if properties[index].values.count < Self.propertyLimit { properties[index].values.append(value) }
        } else if properties.count < Self.propertyLimit {
            positions[name] = properties.count
            properties.append((name, [value]))
        }
    }

    /// Properties are prefixed names outside the RDF and XML machinery.
    private static func isProperty(_ name: String) -> Bool {
        guard let colon = name.firstIndex(of: ":") else { return false }
        let prefix = name[..<colon]
        return !["rdf", "xmlns", "x", "xml", "stRef", "stEvt"].contains(String(prefix)) && name.count > prefix.count + 1
    }

    /// The `>` ending a tag that starts at `start`, outside quoted attribute values.
    private static func endOfTag(_ text: [UInt8], from start: Int) -> Int? {
        var quote: UInt8?
        var index = start
        while index < text.count {
            let byte = text[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            }
            index += 1
        }
        return nil
    }

    /// A tag's name and its `name="value"` attributes.
    private static func parseTag(_ tag: [UInt8]) -> (String, [(String, String)]) {
        var index = 0
        func skipSpaces() { while index < tag.count, [0x20, 0x09, 0x0A, 0x0D].contains(tag[index]) { index += 1 } }
        func word() -> String {
            let start = index
            while index < tag.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ">")].contains(tag[index]) { index += 1 }
            return String(decoding: tag[start..<index], as: UTF8.self)
        }
        let name = word()
        var attributes: [(String, String)] = []
        while true {
            skipSpaces()
            guard index < tag.count, tag[index] != UInt8(ascii: "/") else { break }
            let attribute = word()
            skipSpaces()
            guard index < tag.count, tag[index] == UInt8(ascii: "="), !attribute.isEmpty else { break }
            index += 1
            skipSpaces()
            guard index < tag.count, tag[index] == UInt8(ascii: "\"") || tag[index] == UInt8(ascii: "'") else { break }
            let quote = tag[index]
            index += 1
            let start = index
            while index < tag.count, tag[index] != quote { index += 1 }
            attributes.append((attribute, XMLText.unescape(tag[start..<index])))
            index += 1
        }
        return (name, attributes)
    }

    /// The text of each `rdf:li` element.
    private static func listItems(_ inner: [UInt8]) -> [String] {
        var items: [String] = []
        var index = 0
        let open = Array("<rdf:li".utf8), close = Array("</rdf:li>".utf8)
        while let start = find(open, in: inner, from: index), let tagEnd = endOfTag(inner, from: start + 1) {
            if inner[tagEnd - 1] == UInt8(ascii: "/") {
                index = tagEnd + 1
                continue
            }
            // No end tag after this one means none after any later one either.
            guard let end = find(close, in: inner, from: tagEnd) else { break }
            let value = plainText(Array(inner[tagEnd + 1..<end]))
            if !value.isEmpty { items.append(value) }
            index = end + close.count
        }
        return items
    }

    /// The text of some XML with its tags removed, unescaped and with spaces collapsed.
    private static func plainText(_ xml: [UInt8]) -> String {
        var text: [UInt8] = []
        var inTag = false
        for byte in xml {
            if byte == UInt8(ascii: "<") { inTag = true; text.append(0x20) } else if byte == UInt8(ascii: ">") { inTag = false } else if !inTag { text.append(byte) }
        }
        return XMLText.unescape(text[...]).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    /// The first place of `needle` at or after `start` that ends within `within` bytes of it
    /// (memchr for its first byte, then a comparison).
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, within: Int = .max) -> Int? {
        guard !needle.isEmpty, start >= 0, haystack.count >= needle.count else { return nil }
        let limit = start > haystack.count - within ? haystack.count : start + within
        return haystack.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var index = start
            while index + needle.count <= limit {
                guard let found = memchr(base + index, Int32(needle[0]), limit - index - needle.count + 1) else { return nil }
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + position, needle, needle.count) == 0 { return position }
                index = position + 1
            }
            return nil
        }
    }
}

/// XML's five named entities and numeric character references.
enum XMLText {
    static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else { result += "&"; rest = rest.dropFirst(); continue }
            let entity = rest[rest.index(after: rest.startIndex)..<semicolon]
            result += replacement(String(entity)) ?? String(rest[...semicolon])
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func replacement(_ entity: String) -> String? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
            guard entity.hasPrefix("#"), let code = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                  let scalar = Unicode.Scalar(code) else { return nil }
            return String(Character(scalar))
        }
    }
}
