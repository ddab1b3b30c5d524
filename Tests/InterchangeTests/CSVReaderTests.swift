import SeededRandom
import Testing
@testable import Interchange

/// RFC 4180 and what exporters do beyond it.
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

    @Test func strayQuotesAreKeptAsPythonsCSVKeepsThem() throws {
        #expect(try fields("5\" disk,x\n") == [["5\" disk", "x"]])
        #expect(try fields("\"quoted\"tail,x\n") == [["quotedtail", "x"]])
    }

    @Test func spacesAndUnicodeAreKeptExactly() throws {
        #expect(try fields(" a , пароль ,👩‍👩‍👧,e\u{301}\n") == [[" a ", " пароль ", "👩‍👩‍👧", "e\u{301}"]])
    }

    @Test func errorsNameTheLineAndNeverTheText() {
        #expect(throws: CSVError(line: 2, reason: "a quoted field is not closed")) {
            try CSVReader.records(in: Array("ok,1\n\"never closed,secret-value\nmore".utf8))
        }
        #expect(throws: CSVError(line: 2, reason: "the text is not UTF-8")) {
            try CSVReader.records(in: Array("ok\n".utf8) + [0x61, 0xFF, 0x62])
        }
        do {
            _ = try CSVReader.records(in: Array("\"secret-value".utf8))
        } catch {
            #expect(!error.reason.contains("secret"))
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
        let table = try CSVTable(records: CSVReader.records(in: Array(" Name ,URL\nx\n".utf8)))
        #expect(table.column("name") == 0 && table.column("url") == 1 && table.column("other") == nil)
        #expect(table.value(table.column("url"), in: table.rows[0]) == "")
        #expect(throws: CSVError(line: 1, reason: "the file is empty")) { try CSVTable(records: []) }
    }
}
