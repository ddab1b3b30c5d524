import SeededRandom
import Testing
@testable import Breach

/// `RangeResponse`: the body of a range answer read into counts per suffix. Line endings and
/// the case of hex digits do not matter, padding (count 0) is dropped, and any line that is not
/// `SUFFIX:COUNT` refuses the whole answer with its line number.
@Suite("RangeResponse")
struct RangeResponseTests {
    static let password = PasswordHash(of: "password".utf8)
    /// The suffix of "password" in range 5BAA6.
    static let suffix = "1E4C9B93F3F0682250B6CF8331B7EE68FD8"
    /// Two other suffixes of the same range, made up.
    static let others = ["003D68EB55068C33ACE09247EE4C639306B", "FFE2A12F6E1F9A3B8D1A6E54D47E09E1D7A"]

    private func parse(_ text: String) throws(BreachError) -> RangeResponse {
        try RangeResponse(body: Array(text.utf8), prefix: "5BAA6")
    }

    /// The counts keyed by suffix text, for comparing whole answers.
    private func counts(_ response: RangeResponse) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: response.counts.map { (String(decoding: $0.key, as: UTF8.self), $0.value) })
    }

    @Test("CRLF or LF, with or without a final line break, read the same", arguments: [
        ("\r\n", true), ("\r\n", false), ("\n", true), ("\n", false),
    ])
    func lineEndings(separator: String, finalBreak: Bool) throws {
        let lines = ["\(Self.others[0]):7", "\(Self.suffix):52256179", "\(Self.others[1]):1"]
        let response = try parse(lines.joined(separator: separator) + (finalBreak ? separator : ""))
        #expect(response.count(of: Self.password) == 52_256_179)
        #expect(counts(response) == [Self.others[0]: 7, Self.suffix: 52_256_179, Self.others[1]: 1])
    }

    @Test("lower-case suffixes are found by the upper-case hash")
    func lowerCase() throws {
        let response = try parse("\(Self.others[0].lowercased()):2\n\(Self.suffix.lowercased()):3")
        #expect(response.count(of: Self.password) == 3)
        #expect(counts(response) == [Self.others[0]: 2, Self.suffix: 3])
    }

    @Test("padding lines (count 0) are dropped, even one for the very suffix looked up")
    func padding() throws {
        let response = try parse("\(Self.others[0]):0\r\n\(Self.suffix):0\r\n\(Self.others[1]):12")
        #expect(response.count(of: Self.password) == 0)
        #expect(counts(response) == [Self.others[1]: 12])
    }

    @Test("a padded answer of 900 lines keeps only the lines with a count")
    func paddedAnswer() throws {
        var random = SeededRandom(seed: 900)
        var lines = HashLines.random(count: 900, keyLength: 35, seed: 9).lines
        for index in lines.indices { lines[index].count = index % 100 == 0 ? 1 + Int(random.next() % 1_000) : 0 }
        let text = lines.map { "\($0.key):\($0.count)" }.joined(separator: "\r\n")
        let response = try parse(text)
        let expected = Dictionary(uniqueKeysWithValues: lines.filter { $0.count > 0 }.map { ($0.key, $0.count) })
        #expect(expected.count == 9)
        #expect(counts(response) == expected)
        #expect(response.count(of: Self.password) == 0)
    }

    @Test("an empty body is refused: a padded range never is empty, so it cannot be an answer", arguments: ["", "\r\n", "\n\n"])
    func empty(body: String) {
        #expect(throws: BreachError.notRangeFormat(prefix: "5BAA6", line: 1)) { try parse(body) }
    }

    @Test("the largest count that fits is read exactly")
    func largeCount() throws {
        #expect(try parse("\(Self.suffix):999999999999999999").count(of: Self.password) == 999_999_999_999_999_999)
    }

    static let malformedLines: [(String, String)] = [
        ("an HTML page", "<!DOCTYPE html>"),
        ("an HTML line", "<html><body><h1>Service unavailable</h1></body></html>"),
        ("no colon", "1E4C9B93F3F0682250B6CF8331B7EE68FD852256179"),
        ("a colon in the wrong place", "1E4C9B93F3F068225:0B6CF8331B7EE68FD852256179"),
        ("a 34-character suffix", "1E4C9B93F3F0682250B6CF8331B7EE68FD:12"),
        ("a 36-character suffix", "1E4C9B93F3F0682250B6CF8331B7EE68FD80:12"),
        ("a whole 40-character hash", "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8:12"),
        ("a non-hex character", "1E4C9B93F3F0682250B6CF8331B7EE68FG8:12"),
        ("a non-digit count", "1E4C9B93F3F0682250B6CF8331B7EE68FD8:12a"),
        ("a negative count", "1E4C9B93F3F0682250B6CF8331B7EE68FD8:-12"),
        ("a count with a sign", "1E4C9B93F3F0682250B6CF8331B7EE68FD8:+12"),
        ("no count", "1E4C9B93F3F0682250B6CF8331B7EE68FD8:"),
        ("a space before the count", "1E4C9B93F3F0682250B6CF8331B7EE68FD8: 12"),
        ("a huge count", "1E4C9B93F3F0682250B6CF8331B7EE68FD8:99999999999999999999999"),
        ("a count past Int.max", "1E4C9B93F3F0682250B6CF8331B7EE68FD8:9223372036854775808"),
        ("JSON", #"{"statusCode": 429, "message": "Rate limit is exceeded."}"#),
    ]

    @Test("a malformed line refuses the whole answer, naming its line", arguments: Self.malformedLines)
    func malformed(kind: String, line: String) {
        for separator in ["\n", "\r\n"] {
            let text = ["\(Self.others[0]):3", "", line, "\(Self.others[1]):4"].joined(separator: separator)
            #expect(throws: BreachError.notRangeFormat(prefix: "5BAA6", line: 3), "\(kind), lines split by \(separator.debugDescription)") {
                try parse(text)
            }
        }
    }

    @Test("fake-hibp's malformed answer is refused at its first line, and the message says so")
    func fakeServersMalformedAnswer() {
        let body = [
            "this line has no colon", "0018A45C4D1DEF81644B54AB7F969B88D65:not-a-number", "0018A45C4D1DEF81644B54AB7F969B88:3",
        ].joined(separator: "\r\n")
        let error = #expect(throws: BreachError.self) { try RangeResponse(body: Array(body.utf8), prefix: "0018A") }
        #expect(error == .notRangeFormat(prefix: "0018A", line: 1))
        #expect(error?.message.contains("the answer for range 0018A is not a Pwned Passwords range (line 1 is not HASH:COUNT)") == true)
    }
}
