/// One record of a CSV file and the line it starts on (1-based), for messages.
public struct CSVRecord: Equatable, Sendable {
    public let line: Int
    public let fields: [String]
}

/// Why a CSV file could not be read. The reason never quotes the file, which holds passwords.
public struct CSVError: Error, Equatable, Sendable {
    public let line: Int
    public let reason: String
}

/// RFC 4180 CSV as password managers write it. Hand-written because the CSV packages at hand
/// bring all of Foundation with them (ICU and tens of megabytes) for an 80-line job.
///
/// Fields are separated by commas; records end with CRLF, LF or a lone CR; a UTF-8 byte-order
/// mark is dropped; a field in double quotes may hold commas, line breaks (kept as they are)
/// and `""` for a quote. Like Python's csv module, a quote inside an unquoted field is an
/// ordinary character (LastPass writes such fields) and text after a closing quote is appended
/// to the field. Blank lines between records are skipped. An unclosed quote and bytes that are
/// not UTF-8 are errors.
public enum CSVReader {
    public static func records(in bytes: [UInt8]) throws(CSVError) -> [CSVRecord] {
        var records: [CSVRecord] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var recordLine = 1
        var fieldLine = 1
        var quoted = false
        var sawQuote = false
        var recordHasContent = false
        var sawQuoteInRecord = false

        func finishField() throws(CSVError) {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw CSVError(line: fieldLine, reason: "the text is not UTF-8")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
            sawQuote = false
        }
        func finishRecord() throws(CSVError) {
            try finishField()
            if recordHasContent || fields.count > 1 || sawQuoteInRecord {
                records.append(CSVRecord(line: recordLine, fields: fields))
            }
            fields.removeAll(keepingCapacity: true)
            recordHasContent = false
            sawQuoteInRecord = false
        }

        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) { line += 1 }
                    field.append(byte)
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: ","):
                try finishField()
                recordHasContent = true
                fieldLine = line
            case 0x0A, 0x0D:
                if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                try finishRecord()
                line += 1
                recordLine = line
                fieldLine = line
            case UInt8(ascii: "\"") where field.isEmpty && !sawQuote:
                quoted = true
                sawQuote = true
                sawQuoteInRecord = true
                fieldLine = line
            default:
                field.append(byte)
                recordHasContent = true
            }
            index += 1
        }
        if quoted { throw CSVError(line: fieldLine, reason: "a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty || sawQuoteInRecord { try finishRecord() }
        return records
    }
}

/// A CSV file whose first record names the columns.
public struct CSVTable: Sendable {
    public let header: [String]
    public let rows: [CSVRecord]

    public init(records: [CSVRecord]) throws(CSVError) {
        guard let first = records.first else { throw CSVError(line: 1, reason: "the file is empty") }
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
