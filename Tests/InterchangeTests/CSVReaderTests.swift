import SeededRandom
import Testing
@testable import Interchange

/// RFC 4180, strictly: what breaks it is refused at its line and column.
struct CSVReaderTests {
    private func fields(_ text: String) throws -> [[String]] {
        try CSVReader.records(in: Array(text.utf8)).map(\.fields)
    }

    @Test func everyLineEndEndsARecord() throws {
        for end in ["\r\n", "\n", "\r"] {
            #expect(try fields("a,b" + end + "c,d" + end) == [["a", "b"], ["c", "d"]], "\(end.debugDescription)")
            #expect(try fields("a,b" + end + "c,d") == [["a", "b"], ["c", "d"]], "no final line end")
        }
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        #expect(try fields("\"a,b\",\"say \"\"hi\"\"\",\"two\r\nlines\",\"\"\n") == [["a,b", "say \"hi\"", "two\r\nlines", ""]])
    }

    @Test func lineNumbersCountLineBreaksInsideQuotes() throws {
        let records = try CSVReader.records(in: Array("h1,h2\n\"x\ny\nz\",1\nnext,2\n\n\nlast,3".utf8))
        #expect(records.map(\.line) == [1, 2, 5, 8])
        #expect(records.map(\.fields) == [["h1", "h2"], ["x\ny\nz", "1"], ["next", "2"], ["last", "3"]])
    }

    @Test func blankLinesAreSkippedButAnEmptyQuotedFieldIsARecord() throws {
        #expect(try fields("a\n\n\"\"\n\n") == [["a"], [""]])
        #expect(try fields(",\n") == [["", ""]])
    }

    @Test func aByteOrderMarkIsDropped() throws {
        #expect(try CSVReader.records(in: [0xEF, 0xBB, 0xBF] + Array("name,url\n".utf8)).first?.fields == ["name", "url"])
    }

    @Test func aQuoteInsideAnUnquotedFieldIsRefusedAtTheQuote() {
        #expect(throws: CSVError(line: 2, column: 4, .quoteInUnquotedField)) { try fields("h1,h2\nx,5\" disk\n") }
        // A space before the opening quote makes the field unquoted.
        #expect(throws: CSVError(line: 1, column: 4, .quoteInUnquotedField)) { try fields("a, \"b\"\n") }
    }

    @Test func textAfterAClosingQuoteIsRefusedAtThatText() {
        #expect(throws: CSVError(line: 1, column: 9, .textAfterClosingQuote)) { try fields("\"quoted\"tail,x\n") }
        #expect(throws: CSVError(line: 1, column: 3, .textAfterClosingQuote)) { try fields("\"\"x\n") }
        #expect(throws: CSVError(line: 1, column: 4, .textAfterClosingQuote)) { try fields("\"a\" ,b\n") }
    }

    @Test func aQuotedFieldOpenAtTheEndIsRefusedAtItsOpeningQuote() {
        #expect(throws: CSVError(line: 2, column: 3, .unclosedQuote)) { try fields("ok,1\nx,\"never closed,secret-value\nmore") }
        #expect(throws: CSVError(line: 1, column: 1, .unclosedQuote)) { try fields("\"") }
    }

    /// What Chrome's CSV looks like when a password's quote is not doubled: the quote opens a
    /// field that runs over the rows below it, and the quote that closes it is followed by more
    /// of the field. Read leniently, the rows vanish into one password.
    @Test func aFieldThatSwallowsRowsIsRefusedWhereItsClosingQuoteIsFollowed() {
        let csv = "name,url,username,password,note\na.example,https://a.example,u,\"abc,def\n"
            + "b.example,https://b.example,u,pw-b,\nc.example,https://c.example,u,pw-c,\nd.example,https://d.example,u,pw\"d,note\n"
        #expect(throws: CSVError(line: 5, column: 34, .textAfterClosingQuote)) { try fields(csv) }
    }

    @Test func columnsCountCharactersFromTheLineStartEvenAfterLinesInsideQuotes() {
        #expect(throws: CSVError(line: 1, column: 9, .quoteInUnquotedField)) { try fields("пароль,x\"y\n") }
        #expect(throws: CSVError(line: 3, column: 3, .textAfterClosingQuote)) { try fields("h\n\"a\r\nb\"c\n") }
        // The byte-order mark is not a character of the first line.
        #expect(throws: CSVError(line: 1, column: 2, .quoteInUnquotedField)) {
            try CSVReader.records(in: [0xEF, 0xBB, 0xBF] + Array("a\"".utf8))
        }
    }

    @Test func spacesAndUnicodeAreKeptExactly() throws {
        #expect(try fields(" a , пароль ,👩‍👩‍👧,e\u{301}\n") == [[" a ", " пароль ", "👩‍👩‍👧", "e\u{301}"]])
    }

    @Test func bytesThatAreNotUTF8AreRefusedAtTheFirstOfThem() {
        #expect(throws: CSVError(line: 2, column: 2, .notUTF8)) { try CSVReader.records(in: Array("ok\n".utf8) + [0x61, 0xFF, 0x62]) }
        // A problem before them is the one reported.
        #expect(throws: CSVError(line: 1, column: 2, .quoteInUnquotedField)) { try CSVReader.records(in: Array("a\"\n".utf8) + [0xFF]) }
    }

    @Test func reasonsNeverQuoteTheFile() {
        let refusals = ["\"secret-value", "a,secret\"value\n", "\"secret\"value\n"]
        for text in refusals {
            do {
                _ = try CSVReader.records(in: Array(text.utf8))
                Issue.record("\(text.debugDescription) was read")
            } catch {
                #expect(!error.reason.contains("secret") && !error.reason.contains("value"), "\(error.reason)")
            }
        }
    }

    @Test func theWriterRoundTripsAwkwardValues() throws {
        var generator = SeededRandom(seed: 7)
        let alphabet: [Character] = ["a", ",", "\"", "\n", "\r", " ", "é", "😀", "=", "\t"]
        for _ in 0..<300 {
            let row = (0..<Int(generator.next() % 5 + 1)).map { _ in
                String((0..<Int(generator.next() % 8)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            }
            let header = ["h"]
            let text = CSVWriter.document(header: header, rows: [row])
            let records = try CSVReader.records(in: Array(text.utf8))
            // A row of one empty field is written as an empty line, which readers skip.
            if row == [""] { continue }
            #expect(records.map(\.fields) == [header, row], "\(row)")
        }
        #expect(CSVWriter.line(["a", "b,c", "d\"e", " f"]) == "a,\"b,c\",\"d\"\"e\",\" f\"\r\n")
    }

    @Test func tablesFindColumnsWithoutRegardToCaseAndPadShortRows() throws {
        let table = try #require(CSVTable(records: CSVReader.records(in: Array(" Name ,URL\nx\n".utf8))))
        #expect(table.column("name") == 0 && table.column("url") == 1 && table.column("other") == nil)
        #expect(table.value(table.column("url"), in: table.rows[0]) == "")
        #expect(CSVTable(records: []) == nil)
    }
}
