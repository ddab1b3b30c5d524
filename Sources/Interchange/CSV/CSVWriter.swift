/// Writes RFC 4180 CSV: CRLF line ends, a field quoted when it holds a comma, a quote, a line
/// break or space at either end, quotes doubled. Values are written exactly: no defence against
/// spreadsheet formulas (a leading `=` stays), since that would change passwords.
public enum CSVWriter {
    /// One record, ending in CRLF. A record of one empty field is written `""`: as an empty
    /// line, readers would skip it.
    public static func line(_ fields: [String]) -> String {
        if fields == [""] { return "\"\"\r\n" }
        return fields.map(quotedIfNeeded).joined(separator: ",") + "\r\n"
    }

    /// A header and its rows.
    public static func document(header: [String], rows: [[String]]) -> String {
        line(header) + rows.map(line).joined()
    }

    private static func quotedIfNeeded(_ field: String) -> String {
        let needsQuotes = field.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            || field.unicodeScalars.first == " " || field.unicodeScalars.last == " "
        guard needsQuotes else { return field }
        return "\"" + doublingQuotes(field) + "\""
    }

    /// The text with every quote doubled. Quotes are found among the Unicode scalars: a quote
    /// followed by a combining mark is one Character with it, which splitting the text at
    /// Characters would miss.
    private static func doublingQuotes(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\"" { result.append(scalar) }
            result.append(scalar)
        }
        return String(result)
    }
}
