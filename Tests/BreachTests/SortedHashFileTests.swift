import Testing
@testable import Breach

/// `SortedHashFile` on generated files of `HASH:COUNT` lines sorted by hash: every line is
/// found with its count, absent keys anywhere give 0, and line endings, the case of hex digits,
/// a missing final newline and repeated keys change nothing.
@Suite("SortedHashFile: lookups")
struct SortedHashFileTests {
    static let data = HashLines.random(count: 500, keyLength: 40, seed: 40)

    @Test("every line of a 500-line file is found with its count, the first and the last too")
    func everyLine() throws {
        let folder = try ScratchFolder()
        let file = try open(try folder.write("sorted.txt", Self.data.bytes())).get()
        for line in Self.data.lines {
            #expect(lookUp(file, line.key) == .success(line.count), "\(line.key)")
        }
    }

    @Test("absent keys before the first line, after the last and between lines give 0")
    func absent() throws {
        let folder = try ScratchFolder()
        let file = try open(try folder.write("sorted.txt", Self.data.bytes())).get()
        let between = [0, 1, 250, 498].map(Self.data.absentKey(near:))
        for key in [HashLines.repeated("0", 40), HashLines.repeated("F", 40)] + between {
            #expect(lookUp(file, key) == .success(0), "\(key)")
        }
    }

    @Test("CRLF, lower-case hex and a missing final newline read the same", arguments: [
        (true, false, true), (false, true, true), (true, true, true), (false, false, false), (true, true, false),
    ])
    func variants(crlf: Bool, lowercase: Bool, finalNewline: Bool) throws {
        let folder = try ScratchFolder()
        let bytes = Self.data.bytes(crlf: crlf, lowercase: lowercase, finalNewline: finalNewline)
        let file = try open(try folder.write("variant.txt", bytes)).get()
        for line in Self.data.lines {
            #expect(lookUp(file, line.key) == .success(line.count), "\(line.key)")
        }
        for key in [HashLines.repeated("0", 40), HashLines.repeated("F", 40), Self.data.absentKey(near: 100)] {
            #expect(lookUp(file, key) == .success(0), "\(key)")
        }
    }

    @Test("a file of one line", arguments: ["\n", "\r\n", ""])
    func oneLine(ending: String) throws {
        let folder = try ScratchFolder()
        let key = "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8"
        let file = try open(try folder.write("one.txt", key + ":52256179" + ending)).get()
        #expect(lookUp(file, key) == .success(52_256_179))
        #expect(lookUp(file, "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD7") == .success(0))
        #expect(lookUp(file, "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD9") == .success(0))
        #expect(lookUp(file, HashLines.repeated("0", 40)) == .success(0))
        #expect(lookUp(file, HashLines.repeated("F", 40)) == .success(0))
    }

    @Test("an empty file, or one of blank lines, is refused: it would answer 'not found' for everything",
          arguments: ["", "\n", "\r\n\r\n"])
    func empty(contents: String) throws {
        let folder = try ScratchFolder()
        let path = try folder.write("empty.txt", contents)
        #expect(throws: BreachError.self) { try SortedHashFile(path: path, keyLength: 40) }
    }

    @Test("blank lines at the end are not a line: every lookup works")
    func trailingBlankLines() throws {
        let folder = try ScratchFolder()
        let data = HashLines.random(count: 200, keyLength: 40, seed: 7)
        let text = String(decoding: data.bytes(), as: UTF8.self) + "\n\r\n"
        let file = try open(try folder.write("pwned.txt", text)).get()
        for line in data.lines { #expect(lookUp(file, line.key) == .success(line.count)) }
        #expect(lookUp(file, HashLines.repeated("F", 40)) == .success(0))
    }

    @Test("a key repeated at the start, at the end and in the middle is still found, the rest too",
          arguments: [2, 3, 64])
    func repeatedKeys(lineCount: Int) throws {
        // The first two and the last two lines repeat a key, and so does the middle one.
        var lines = HashLines.random(count: lineCount, keyLength: 40, seed: UInt64(lineCount)).lines
        lines.insert(lines[0], at: 0)
        lines.append(lines[lines.count - 1])
        lines.insert(lines[lines.count / 2], at: lines.count / 2)
        let data = HashLines(lines)
        let folder = try ScratchFolder()
        let file = try open(try folder.write("repeated.txt", data.bytes())).get()
        for line in lines {
            #expect(lookUp(file, line.key) == .success(line.count), "\(line.key)")
        }
        #expect(lookUp(file, HashLines.repeated("0", 40)) == .success(0))
        #expect(lookUp(file, HashLines.repeated("F", 40)) == .success(0))
    }

    @Test("a file of one key on every line")
    func oneKeyOnly() throws {
        let key = "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8"
        let folder = try ScratchFolder()
        let file = try open(try folder.write("same.txt", String(repeating: key + ":7\n", count: 9))).get()
        #expect(lookUp(file, key) == .success(7))
        #expect(lookUp(file, HashLines.repeated("0", 40)) == .success(0))
        #expect(lookUp(file, HashLines.repeated("F", 40)) == .success(0))
    }

    @Test("range files: 35-character keys")
    func rangeFileKeys() throws {
        let data = HashLines.random(count: 800, keyLength: 35, seed: 35)
        let folder = try ScratchFolder()
        let file = try open(try folder.write("5BAA6.txt", data.bytes(crlf: true)), keyLength: 35).get()
        for line in data.lines.enumerated().filter({ $0.offset % 7 == 0 || $0.offset == 799 }).map(\.element) {
            #expect(lookUp(file, line.key) == .success(line.count), "\(line.key)")
        }
        #expect(lookUp(file, HashLines.repeated("0", 35)) == .success(0))
        #expect(lookUp(file, data.absentKey(near: 400)) == .success(0))
    }
}
