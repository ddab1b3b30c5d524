import SeededRandom
import Testing
@testable import Breach

/// `SortedHashFile` on files that are not the sorted SHA-1 download: malformed lines (NTLM
/// hashes, a header, a truncated line, garbage) are `malformedData` with the line's byte
/// offset, and a file out of order is `unsortedData` rather than a wrong answer.
@Suite("SortedHashFile: wrong files")
struct SortedHashFileErrorTests {
    static let expected = "40 hex characters, a colon and a count"
    static let after = HashLines.repeated("F", 40)

    @Test("an NTLM file (32 hex characters a line) is refused as it is opened")
    func ntlm() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("ntlm.txt", HashLines.random(count: 50, keyLength: 32, seed: 32).bytes())
        #expect(open(path).failure == .malformedData(path: path, offset: 0, expected: Self.expected))
    }

    @Test("a header line is refused as the file is opened", arguments: ["hash:count", "SHA1:COUNT", "# Pwned Passwords v8"])
    func header(header: String) throws {
        let folder = try ScratchFolder()
        let path = try folder.write("header.txt", Array((header + "\n").utf8) + HashLines.random(count: 20, keyLength: 40, seed: 1).bytes())
        #expect(open(path).failure == .malformedData(path: path, offset: 0, expected: Self.expected))
    }

    @Test("garbage is refused as it is opened")
    func garbage() throws {
        var random = SeededRandom(seed: 7)
        let folder = try ScratchFolder()
        let path = try folder.write("garbage.bin", (0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        #expect(open(path).failure == .malformedData(path: path, offset: 0, expected: Self.expected))
    }

    @Test("range files (35-character suffixes) given as the single file are refused")
    func rangeFileAsWholeFile() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("5BAA6.txt", HashLines.random(count: 20, keyLength: 35, seed: 2).bytes())
        #expect(open(path).failure == .malformedData(path: path, offset: 0, expected: Self.expected))
    }

    @Test("a truncated last line is an error for a lookup that reaches it", arguments: [
        "ABCDEF0123", "FEDCBA9876543210FEDCBA9876543210FEDCBA98", "FEDCBA9876543210FEDCBA9876543210FEDCBA98:",
    ])
    func truncated(tail: String) throws {
        let data = HashLines.random(count: 200, keyLength: 40, seed: 3)
        let bytes = data.bytes()
        let folder = try ScratchFolder()
        let path = try folder.write("truncated.txt", bytes + Array(tail.utf8))
        let file = try open(path).get()
        #expect(lookUp(file, Self.after) == .failure(.malformedData(path: path, offset: bytes.count, expected: Self.expected)))
        #expect(lookUp(file, data.lines[0].key) == .success(data.lines[0].count), "the search for the first line never reaches the end")
    }

    static let badMiddleLines = [
        "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8 52256179",  // no colon
        "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FDX:52256179",  // not hex
        "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8:5225617x",  // not a count
        "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8:99999999999999999999",  // a count of 20 digits
        "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8:",  // no count
    ]

    @Test("a malformed line where a search lands is an error with its offset", arguments: Self.badMiddleLines)
    func malformedMiddle(bad: String) throws {
        // Three lines of about the same length, so that the first probe lands in the second.
        let count = String(repeating: "1", count: min(18, max(1, bad.count - 41)))
        let lines = ["0000000000000000000000000000000000000001:" + count, bad, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE:" + count]
        let text = lines.joined(separator: "\n") + "\n"
        try #require((lines[0].count + 1..<lines[0].count + 1 + bad.count).contains(text.utf8.count / 2))
        let folder = try ScratchFolder()
        let path = try folder.write("middle.txt", text)
        let file = try open(path).get()
        for key in ["5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8", HashLines.repeated("0", 40), Self.after] {
            #expect(lookUp(file, key) == .failure(.malformedData(path: path, offset: lines[0].count + 1, expected: Self.expected)), "\(key)")
        }
    }

    /// Whether `error` is `unsortedData` for `path` at the start of a line of `bytes`.
    private func isUnsorted(_ error: BreachError?, path: String, bytes: [UInt8]) -> Bool {
        guard case .unsortedData(let reported, let offset)? = error, reported == path,
              offset >= 0, offset < bytes.count else { return false }
        return offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n")
    }

    @Test("a shuffled file of 3,000 lines gives unsortedData, never a count, for every lookup")
    func shuffled() throws {
        let data = HashLines.random(count: 3_000, keyLength: 40, seed: 3_000)
        var lines = data.lines
        var random = SeededRandom(seed: 2_024)
        random.shuffle(&lines)
        #expect(lines != data.lines)
        let bytes = HashLines(lines).bytes()
        let folder = try ScratchFolder()
        let path = try folder.write("shuffled.txt", bytes)
        let file = try open(path).get()
        let present = stride(from: 0, to: 3_000, by: 250).map { data.lines[$0].key }
        let absent = [HashLines.repeated("0", 40), Self.after] + [10, 1_500, 2_990].map(data.absentKey(near:))
        for key in present + absent {
            let outcome = lookUp(file, key)
            #expect(isUnsorted(outcome.failure, path: path, bytes: bytes), "\(key): \(outcome)")
        }
        let message = try #require(lookUp(file, present[0]).failure).message
        #expect(message.contains(path) && message.contains("is not sorted by hash"), "\(message)")
    }

    @Test("a file in descending order gives unsortedData for every lookup")
    func descending() throws {
        let data = HashLines.random(count: 1_000, keyLength: 40, seed: 1_000)
        let bytes = HashLines(data.lines.reversed()).bytes()
        let folder = try ScratchFolder()
        let path = try folder.write("descending.txt", bytes)
        let file = try open(path).get()
        for key in [data.lines[0].key, data.lines[999].key, data.lines[123].key, HashLines.repeated("0", 40), Self.after] {
            let outcome = lookUp(file, key)
            #expect(isUnsorted(outcome.failure, path: path, bytes: bytes), "\(key): \(outcome)")
        }
    }
}
