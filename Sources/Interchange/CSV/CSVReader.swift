/// One record of a CSV file and the line it starts on (1-based), for messages.
public struct CSVRecord: Equatable, Sendable {
    public let line: Int
    public let fields: [String]
}

/// RFC 4180 CSV, read strictly. Hand-written because the CSV packages at hand bring all of
/// Foundation with them (ICU and tens of megabytes) for a short job.
///
/// Fields are separated by commas; records end with CRLF, LF or a lone CR; a UTF-8 byte-order
/// mark is dropped; a field in double quotes may hold commas, line breaks (kept as they are)
/// and `""` for a quote. Blank lines between records are skipped. Anything else is an error
/// naming its line and column, and no record is returned: a quote inside a field that does not
/// start with one, text after a closing quote, a quoted field still open at the end, and bytes
/// that are not UTF-8. Readers that take such files as Python's csv module does (a stray quote
/// kept, text after a closing quote appended) turn a password holding an undoubled quote into
/// a field that swallows the rows after it, without a word; an import must rather stop.
public enum CSVReader {
    public static func records(in bytes: [UInt8]) throws(CSVError) -> [CSVRecord] {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let firstInvalid = firstByteNotUTF8(in: bytes, from: start)
        var scan = Scan(bytes: bytes, start: start)
        // Only the bytes before the first one that is not UTF-8 are read, so that a problem
        // before it is the one reported, and each field read is whole UTF-8.
        try scan.read(upTo: firstInvalid ?? bytes.count)
        if let firstInvalid { throw scan.error(.notUTF8, at: firstInvalid) }
        return try scan.finish()
    }

    /// The offset of the first byte from `start` on that does not begin a valid UTF-8
    /// sequence, or nil when they all do.
    private static func firstByteNotUTF8(in bytes: [UInt8], from start: Int) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes[start...].makeIterator()
        var offset = start
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

/// The reading of one file: where it is in the bytes and in the lines, and what it has read.
private struct Scan {
    private enum State {
        /// Before a field's first character.
        case fieldStart
        case unquoted
        /// Inside quotes; where the opening quote is.
        case quoted(opening: Place)
        /// Just after a quoted field's closing quote.
        case closed
    }

    /// A byte's offset, and the line it is on.
    struct Place {
        let offset: Int
        let line: Int
        let lineStart: Int
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")

    let bytes: [UInt8]
    private var index: Int
    private var state = State.fieldStart
    private var line = 1
    /// The offset of the current line's first byte.
    private var lineStart: Int
    private var records: [CSVRecord] = []
    private var fields: [String] = []
    private var field: [UInt8] = []
    private var recordLine = 1
    /// Whether the record so far is more than a blank line: a comma, a character or quotes.
    private var recordHasContent = false

    init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        index = start
        lineStart = start
    }

    /// Reads the bytes up to `end`, stopping at the first departure from RFC 4180.
    mutating func read(upTo end: Int) throws(CSVError) {
        while index < end {
            let byte = bytes[index]
            switch state {
            case .quoted:
                if byte == Self.quote {
                    if index + 1 < end && bytes[index + 1] == Self.quote {
                        field.append(byte)
                        index += 1
                    } else {
                        state = .closed
                    }
                } else {
                    field.append(byte)
                    if byte == 0x0A || byte == 0x0D {
                        // A CRLF inside quotes is kept whole, and is one line break.
                        if isCRLF(at: index, before: end) {
                            field.append(0x0A)
                            index += 1
                        }
                        startLine(at: index + 1)
                    }
                }
            case .fieldStart, .unquoted, .closed:
                if byte == Self.comma {
                    finishField()
                    recordHasContent = true
                } else if byte == 0x0A || byte == 0x0D {
                    if isCRLF(at: index, before: end) { index += 1 }
                    finishRecord()
                    startLine(at: index + 1)
                    recordLine = line
                } else if case .closed = state {
                    throw error(.textAfterClosingQuote, at: index)
                } else if byte == Self.quote {
                    guard case .fieldStart = state else { throw error(.quoteInUnquotedField, at: index) }
                    state = .quoted(opening: place(of: index))
                    recordHasContent = true
                } else {
                    field.append(byte)
                    state = .unquoted
                    recordHasContent = true
                }
            }
            index += 1
        }
    }

    /// The records, once every byte has been read.
    mutating func finish() throws(CSVError) -> [CSVRecord] {
        if case .quoted(let opening) = state { throw error(.unclosedQuote, at: opening) }
        finishRecord()
        return records
    }

    /// The byte at `offset`, which is on the current line.
    func place(of offset: Int) -> Place {
        Place(offset: offset, line: line, lineStart: lineStart)
    }

    /// `problem` at the byte at `offset` on the current line.
    func error(_ problem: CSVError.Problem, at offset: Int) -> CSVError {
        error(problem, at: place(of: offset))
    }

    /// `problem` at `place`, its column counted only now: reading need not count characters.
    func error(_ problem: CSVError.Problem, at place: Place) -> CSVError {
        // Each character starts with a byte that is not a UTF-8 continuation byte (10xxxxxx).
        let column = bytes[place.lineStart..<place.offset].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return CSVError(line: place.line, column: column, problem)
    }

    /// Whether a CR at `offset` has its LF after it, before `end`.
    private func isCRLF(at offset: Int, before end: Int) -> Bool {
        bytes[offset] == 0x0D && offset + 1 < end && bytes[offset + 1] == 0x0A
    }

    private mutating func startLine(at offset: Int) {
        line += 1
        lineStart = offset
    }

    /// The bytes read are whole UTF-8: reading stops before the first byte that is not.
    private mutating func finishField() {
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
        state = .fieldStart
    }

    /// Ends the record, which is kept unless it was a blank line.
    private mutating func finishRecord() {
        finishField()
        if recordHasContent { records.append(CSVRecord(line: recordLine, fields: fields)) }
        fields.removeAll(keepingCapacity: true)
        recordHasContent = false
    }
}
