import Testing
@testable import Entropy

/// Passwords beyond ASCII: length in grapheme clusters after NFC, so a character is one unit
/// however it was typed or composed; sequences in other scripts; and odd scalars (a lone
/// combining mark, a joiner on its own, right-to-left text) estimated like anything else.
@Suite("Unicode")
struct UnicodeTests {
    @Test("a decomposed é is the composed é: same text, same length, same estimate")
    func normalisation() {
        let decomposed = Pinned.estimator.estimate("cafe\u{301}!Z9q")
        let composed = Pinned.estimator.estimate("caf\u{E9}!Z9q")
        #expect(decomposed.length == 8 && composed.length == 8)
        #expect(decomposed.log10Guesses == composed.log10Guesses)
        #expect(decomposed.patternTokens == composed.patternTokens)
        #expect(PasswordText("e\u{301}").text.unicodeScalars.map(\.value) == [0xE9], "NFC")
    }

    @Test("length is in grapheme clusters", arguments: [
        ("e\u{301}", 1),
        ("👨‍👩‍👧", 1),  // man, ZWJ, woman, ZWJ, girl
        ("🇫🇷", 1),
        ("🇫🇷🇩🇪", 2),
        ("👍🏽", 1),  // with a skin-tone modifier
        ("한국어", 3),
        ("a\u{200D}b", 2),  // the joiner extends a
    ])
    func length(password: String, units: Int) {
        let estimate = Pinned.estimator.estimate(password)
        #expect(estimate.length == units)
        #expect(estimate.segments.last?.end == units - 1)
    }

    @Test("one multi-scalar character is one unit: a decomposed letter costs what one ASCII letter costs, an emoji sequence one of the emoji")
    func oneCluster() {
        #expect(isClose(Pinned.estimator.estimate("e\u{301}").log10Guesses, log10Of(12)))
        for password in ["👨‍👩‍👧", "🇫🇷"] {
            #expect(isClose(Pinned.estimator.estimate(password).log10Guesses, log10Of(3_783 + 1)), "\(password)")
        }
    }

    @Test("a repeated multi-scalar character is a repeat")
    func repeatedCluster() throws {
        let estimate = Pinned.estimator.estimate("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧")
        #expect(estimate.length == 4)
        let segment = try #require(estimate.segments.first)
        #expect(estimate.segments.count == 1 && segment.pattern == "repeat")
        #expect(segment.details.first { $0.key == "count" }?.value == .integer(4))
        let different = Pinned.estimator.estimate("🇫🇷👨‍👩‍👧🇩🇪👍🏽")
        #expect(different.length == 4 && different.segments.allSatisfy { $0.pattern != "repeat" }, "four different characters")
    }

    @Test("sequences in other scripts", arguments: [("αβγδ", 1), ("абвгд", 1), ("ЯЮЭЬ", -1), ("あいうえ", 2)])
    func sequences(password: String, step: Int) throws {
        let estimate = Pinned.estimator.estimate(password)
        let segment = try #require(estimate.segments.first)
        #expect(estimate.segments.count == 1 && segment.pattern == "sequence", "\(estimate.patternTokens)")
        #expect(segment.details.first { $0.key == "step" }?.value == .integer(step))
        #expect(segment.details.first { $0.key == "sequence" }?.value == .text("unicode"))
    }

    @Test("odd scalars are estimated like any other character", arguments: [
        ("\u{301}", 1),  // a combining mark with nothing to combine with
        ("\u{200D}", 1),  // a zero-width joiner alone
        ("\u{FEFF}\u{10FFFF}", 2),  // byte-order mark, the last code point
        ("\u{202E}abc", 4),  // right-to-left override
        ("שלום עולם", 9),
        ("مرحبا بالعالم", 13),
    ])
    func oddScalars(password: String, units: Int) {
        let estimate = Pinned.estimator.estimate(password)
        #expect(estimate.length == units)
        #expect(estimate.log10Guesses.isFinite && estimate.log10Guesses > 0)
        let bruteforce = units == 1 ? log10Of(11 + 1) : log10Of(Log10.power(Double(units)) + 1)
        #expect(estimate.log10Guesses <= bruteforce + 1e-9, "never more than brute force")
    }

    @Test("a NUL inside a non-ASCII password does not cut it short")
    func embeddedNUL() {
        let estimate = Pinned.estimator.estimate("é\u{0}Zq8#vL2m")
        #expect(estimate.length == 10, "NFC must keep what follows the NUL")
        #expect(estimate.segments.map(\.token).joined().unicodeScalars.count == 10, "every scalar is in a part")
        #expect(estimate.log10Guesses > 9)
    }

    @Test("Hebrew text with a space: a Hebrew word, then brute force for the five other characters")
    func rightToLeft() throws {
        let estimate = Pinned.estimator.estimate("שלום עולם")
        #expect(estimate.patternTokens == ["dictionary:שלום", "bruteforce: עולם"])
        let word = try #require(estimate.segments[0].word)
        #expect(word.list == .wordsOf(.hebrew))
        #expect(isClose(estimate.log10Guesses, log10Of(2 * Double(word.rank) * 1e5 + 10_000)))
    }
}
