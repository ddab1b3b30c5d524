/// Writes RFC 4180 CSV: CRLF line ends, a field quoted when it holds a comma, a quote, a line
/// break or space at either end, quotes doubled. Values are written exactly: no defence against
/// spreadsheet formulas (a leading `=` stays), since that would change passwords.
public enum CSVWriter {
    /// One record, ending in CRLF.
    public static func line(_ fields: [String]) -> String {
        fields.map(quotedIfNeeded).joined(separator: ",") + "\r\n"
    }

    /// A header and its rows.
    public static func document(header: [String], rows: [[String]]) -> String {
        line(header) + rows.map(line).joined()
    }

    private static func quotedIfNeeded(_ field: String) -> String {
        let needsQuotes = field.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            || field.hasPrefix(" ") || field.hasSuffix(" ")
        guard needsQuotes else { return field }
        return "\"" + field.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
