import FoundationEssentials
import VaultCore
import VaultSystem

/// What the CSV formats share: reading the table, finding the columns a format must have, and
/// naming a row in messages.
struct CSVImport {
    let format: ImportFormat
    let table: CSVTable

    /// Reads `bytes`, refusing the whole file at its first departure from RFC 4180, and checks
    /// that the header has every one of `required` (without regard to case).
    init(_ bytes: [UInt8], format: ImportFormat, required: [String]) throws(InterchangeError) {
        self.format = format
        let records: [CSVRecord]
        do {
            records = try CSVReader.records(in: bytes)
        } catch {
            throw .malformedCSV(format, error)
        }
        guard let table = CSVTable(records: records) else { throw .empty }
        self.table = table
        let missing = required.filter { table.column($0) == nil }
        if !missing.isEmpty {
            throw .notTheFormat(format, reason: "the header has no column \(missing.map { "'\($0)'" }.joined(separator: ", "))")
        }
    }

    /// The rows with a function that reads a column of the current one by name.
    func rows() -> [(row: CSVRecord, value: (String) -> String)] {
        var columns: [String: Int] = [:]
        for (index, name) in table.header.enumerated() where columns[name.lowercased()] == nil {
            columns[name.lowercased()] = index
        }
        return table.rows.map { row in (row, { name in table.value(columns[name.lowercased()], in: row) }) }
    }

    /// "line 12 ('github.com')": where a row starts in the file, and what it is called.
    static func record(_ row: CSVRecord, named name: String) -> String {
        "line \(row.line)" + (name.isEmpty ? "" : " ('\(name)')")
    }

    /// The host of a web address, for formats whose rows have no name of their own.
    static func host(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let withoutUser = host.split(separator: "@").last ?? host
        return String(withoutUser.split(separator: ":").first ?? withoutUser)
    }

    /// The text split into lines; CRLF counts as one break.
    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    /// The lines of a value that runs over several, joined, without the empty lines at its end
    /// (those between one value and the next); a value of one empty line is the empty value.
    static func joinedWithoutTrailingEmptyLines(_ lines: [Substring]) -> String {
        var lines = lines[...]
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
