import Testing
@testable import Entropy

/// The counting matcher: whole numbers counted by a usual step, up or down, together or with
/// one separator, and its estimate (start × step × direction × separator × numbers).
@Suite("counting matcher")
struct CountingMatcherTests {
    private func counts(_ password: String) -> [Match] { CountingMatcher().matches(in: PasswordText(password)) }

    static let known: [(password: String, first: Int, step: Int, terms: Int, separator: String, guesses: Double)] = [
        ("12345678910", 1, 1, 10, "", 4.0 * 10),
        ("123456789101112", 1, 1, 12, "", 4.0 * 12),
        ("2468101214", 2, 2, 7, "", 4.0 * 9 * 7),
        ("102030405060", 10, 10, 6, "", 4.0 * 9 * 6),
        ("1-2-3-4-5-6", 1, 1, 6, "-", 4.0 * 4 * 6),
        ("10 20 30 40", 10, 10, 4, " ", 4.0 * 9 * 4 * 4),
        ("100999897", 100, -1, 4, "", 4.0 * 2 * 4),
        ("5040302010", 50, -10, 5, "", 4.0 * 9 * 2 * 5),
        ("25,50,75,100", 25, 25, 4, ",", 4.0 * 9 * 4 * 4),
        ("2122232425", 21, 1, 5, "", 100.0 * 5),
        ("9899100101", 98, 1, 4, "", 100.0 * 4),
        ("0.5.10.15", 0, 5, 4, ".", 4.0 * 9 * 4 * 4),
    ]

    @Test("counts found whole, with their first number, step, length and separator", arguments: Self.known)
    func found(password: String, first: Int, step: Int, terms: Int, separator: String, guesses: Double) throws {
        let whole = try #require(counts(password).first { $0.span == 0...(password.count - 1) }, "\(counts(password).map(\.span))")
        let facts = try #require(whole.countingFacts)
        #expect(facts.first == first)
        #expect(facts.step == step)
        #expect(facts.terms == terms)
        #expect(facts.separator == separator)
        #expect(isClose(whole.log10Guesses, log10Of(guesses)), "\(whole.log10Guesses) vs log10(\(guesses))")
    }

    @Test("the estimator explains each as one count and scores it 0 (zxcvbn's log10 guesses and score in the comment)", arguments: [
        "12345678910",  // 3.0 (1), a common password
        "123456789101112",  // 6.9 (2)
        "2468101214",  // 6.1 (2)
        "102030405060",  // 4.1 (1)
        "1-2-3-4-5-6",  // 11.0 (4)
        "10 20 30 40",  // 7.8 (2)
        "100999897",  // 7.2 (2)
        "5040302010",  // 4.3 (1)
    ])
    func scored(password: String) {
        expectExplainedWhole(password, as: "counting", warning: "Counting like \"12345678910\" or \"10 20 30\" is easy to guess.")
    }

    @Test("a count inside a longer password, and a count broken off")
    func inside() {
        let estimate = Pinned.estimator.estimate("pass10 20 30 40!")
        #expect(estimate.patternTokens.contains("counting:10 20 30 40"), "\(estimate.patternTokens)")
        #expect(counts("123456789101113").contains { $0.span == 0...12 }, "1 to 11, then 13 for 12")
        #expect(!counts("123456789101113").contains { $0.end > 12 })
        #expect(counts("1-2-3_4_5").map(\.span) == [0...4, 4...8], "one separator throughout")
    }

    @Test("single digits written together are the sequence matcher's; too few numbers, other steps and leading zeros are no count")
    func nearMisses() {
        #expect(counts("1357").isEmpty)
        #expect(counts("123456789").isEmpty)
        #expect(counts("97531").isEmpty)
        #expect(counts("1020").isEmpty, "two numbers")
        #expect(counts("71421").isEmpty, "7, 14, 21: step 7 is not a usual one")
        #expect(counts("010203").isEmpty, "01 02 03 have leading zeros, and 0 10 20 is three numbers without a separator")
        #expect(counts("8910").isEmpty, "three numbers without a separator")
        #expect(counts("12-13-1415").isEmpty, "14 is not a whole number there")
        #expect(counts("91-2-3").isEmpty, "1 is not a whole number there")
        #expect(counts("").isEmpty)
    }

    @Test("random digits hold no count longer than five digits")
    func randomDigits() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let digits = String((0..<5_000).map { _ -> Character in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Character(String((state >> 33) % 10))
        })
        let found = counts(digits)
        #expect(found.allSatisfy { $0.length <= 5 }, "\(found.filter { $0.length > 5 }.map { PasswordText(digits).token($0.span) })")
    }

    /// 1, 2, 3, … written together up to `bytes` bytes.
    private static func count(bytes: Int) -> String {
        var line = ""
        var n = 1
        while line.utf8.count < bytes {
            line += String(n)
            n += 1
        }
        return line
    }

    @Test("a count of 64 KiB is found whole, and its tails are not found again")
    func long() {
        let line = Self.count(bytes: 65_536)
        let found = counts(line)
        #expect(found.filter { $0.end == line.count - 1 }.map(\.start) == [0])
    }
}
