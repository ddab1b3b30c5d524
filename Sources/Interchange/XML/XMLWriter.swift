/// Writes an XML document the way KeePass lays its files out: a UTF-8 declaration, one element
/// per line, tabs for indentation. Text is escaped so that it reads back exactly: `&`, `<`,
/// `>`, quotes in attributes, and carriage returns as `&#13;` (a parser would otherwise turn
/// them into line feeds). XML 1.0 cannot carry other control characters at all: callers check
/// `isRepresentable` first.
public struct XMLWriter {
    private var lines: [String] = ["<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"]
    private var open: [String] = []

    public init() {}

    /// Whether `text` can be written: no control characters but tab, line feed and carriage
    /// return, and no U+FFFE or U+FFFF.
    public static func isRepresentable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: return true
            case 0..<0x20, 0xFFFE, 0xFFFF: return false
            default: return true
            }
        }
    }

    /// Opens an element; children go inside it until `close()`.
    public mutating func open(_ name: String, attributes: KeyValuePairs<String, String> = [:]) {
        lines.append(indentation + "<" + name + Self.attributeText(attributes) + ">")
        open.append(name)
    }

    /// An element holding only `text` (an empty one is written `<name/>`).
    public mutating func element(_ name: String, text: String, attributes: KeyValuePairs<String, String> = [:]) {
        let start = indentation + "<" + name + Self.attributeText(attributes)
        lines.append(text.isEmpty ? start + "/>" : start + ">" + Self.escaped(text, quotes: false) + "</" + name + ">")
    }

    /// Closes the innermost open element.
    public mutating func close() {
        let name = open.removeLast()
        lines.append(indentation + "</" + name + ">")
    }

    /// The document so far, ending in a line feed.
    public var document: String { lines.joined(separator: "\n") + "\n" }

    private var indentation: String { String(repeating: "\t", count: open.count) }

    private static func attributeText(_ attributes: KeyValuePairs<String, String>) -> String {
        attributes.map { " \($0.key)=\"\(escaped($0.value, quotes: true))\"" }.joined()
    }

    static func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            case "\"" where quotes: result += "&quot;"
            case "\n" where quotes: result += "&#10;"
            case "\t" where quotes: result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
