/// A CSV file whose first record names the columns.
public struct CSVTable: Sendable {
    public let header: [String]
    public let rows: [CSVRecord]

    /// The table of `records`; nil when there are none (an empty file has no header).
    public init?(records: [CSVRecord]) {
        guard let first = records.first else { return nil }
        header = first.fields.map { $0.trimmingCharacters(while: \.isWhitespace) }
        rows = Array(records.dropFirst())
    }

    /// The index of the column called `name` (without regard to case), if there is one.
    public func column(_ name: String) -> Int? {
        let wanted = name.lowercased()
        return header.firstIndex { $0.lowercased() == wanted }
    }

    /// The value of `column` in `row`: empty for a missing column or a short row.
    public func value(_ column: Int?, in row: CSVRecord) -> String {
        guard let column, column < row.fields.count else { return "" }
        return row.fields[column]
    }
}
