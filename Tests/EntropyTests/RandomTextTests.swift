import Testing
@testable import Entropy

/// Random text is charged by its alphabet, not zxcvbn's 10 per character: ideographs, Hangul
/// syllables and emoji by their own alphabets (in the search, so a listed word of them wins),
/// mixed scripts and well-mixed printable ASCII by the union of all the password's alphabets.
/// Human text (a word with a digit put in, one script) keeps 10 per character.
@Suite("Random text")
struct RandomTextTests {
    @Test("text of a large alphabet: each unexplained character is one of that alphabet", arguments: [
        ("龘靐齉爩麤", 20_992.0),  // CJK ideographs no list holds
        ("뷁퉯퓛욹튽", 11_172.0),  // Hangul syllables
        ("🦒🪐🧿🫖🛼", 3_782.0),  // emoji
    ])
    func largeAlphabet(password: String, alphabet: Double) throws {
        let estimate = Pinned.estimator.estimate(password)
        #expect(isClose(estimate.log10Guesses, MinimumGuessSearch.log10Total(partGuesses: [5 * log10Of(alphabet)])),
                "\(estimate.patternTokens)")
        #expect(estimate.score == 4)
        let segment = try #require(estimate.segments.first)
        #expect(segment.details.first { $0.key == "alphabet" }?.value == .integer(Int(alphabet)))
        #expect(segment.explanation.hasPrefix("random text"))
    }

    @Test("mixed scripts: every character is one of the union of the alphabets", arguments: [
        ("жξщπлθ", 74.0 + 49.0),  // Cyrillic and Greek
        ("qжwξeπ", 26.0 + 74.0 + 49.0),  // Latin, Cyrillic and Greek
    ])
    func mixedScripts(password: String, alphabet: Double) {
        let estimate = Pinned.estimator.estimate(password)
        #expect(isClose(estimate.log10Guesses, MinimumGuessSearch.log10Total(partGuesses: [6 * log10Of(alphabet)])),
                "\(estimate.patternTokens)")
    }

    @Test("well-mixed printable ASCII of four or more: 95 per character", arguments: ["k#9Q", "x7$Lp", "Zq8#vL2", "Zq8#vL2m", "kT9$wQ4z!pR", "k#8Lq!2v@Z9p"])
    func printableASCII(password: String) {
        let estimate = Pinned.estimator.estimate(password)
        let expected = MinimumGuessSearch.log10Total(partGuesses: [Double(password.count) * log10Of(95)])
        #expect(isClose(estimate.log10Guesses, expected), "\(estimate.patternTokens)")
        let scores: [Int: Int] = [4: 2, 5: 3]  // 95^4 and 95^5 are below 10^8 and 10^10
        #expect(estimate.score == scores[password.count, default: 4])
    }

    @Test("human text keeps 10 per character", arguments: [
        "Mxyzptlk#2019",  // a word with a symbol and a year: the kind rarely changes
        "Zq8",  // three characters: too short to tell
        "xqzv12AB",  // three kinds, but the kind changes only twice in eight
        "She!",  // short, and two letters together
        "Ken_1955",  // short text beside a year, its letters together
        "qwpoeiruty",  // one kind of character
        "ЖЩЛБДФГ",  // one script
        "rWibMFACxAUGZmxhVncy",  // two kinds of ASCII only
    ])
    func human(password: String) {
        let estimate = Pinned.estimator.estimate(password)
        #expect(estimate.segments.allSatisfy { $0.details.first { $0.key == "alphabet" } == nil }, "\(estimate.patternTokens)")
    }

    @Test("a large-alphabet unit costs its alphabet even beside a pattern; the other units there keep 10")
    func besidePatterns() {
        let emoji = Pinned.estimator.estimate("password🦒")
        #expect(emoji.patternTokens == ["dictionary:password", "bruteforce:🦒"])
        #expect(isClose(emoji.segments[1].log10Guesses, log10Of(3_783)))
        let latin = Pinned.estimator.estimate("passwordxqz🦒")
        #expect(latin.patternTokens == ["dictionary:password", "bruteforce:xqz🦒"])
        #expect(isClose(latin.segments[1].log10Guesses, 3 + log10Of(3_782)))
    }

    @Test("a word of ideographs in a list is cheaper than guessing its characters, even when two are fewer guesses at 10 each")
    func listedIdeographs() {
        let estimate = Pinned.estimator.estimate("中国")
        #expect(estimate.patternTokens == ["dictionary:中国"])
        #expect(estimate.score < 2)
    }

    @Test("in a mostly random password, only the large-alphabet units cost their alphabet")
    func perUnit() {
        let estimate = Pinned.estimator.estimate("xq🦒")
        #expect(isClose(estimate.log10Guesses,
                        MinimumGuessSearch.log10Total(partGuesses: [2 * log10Of(10) + log10Of(3_782)])),
                "\(estimate.patternTokens)")
    }

    @Test("a repeated random block is priced as the block is on its own")
    func repeatedRandomBlock() {
        for block in ["Zq8#vL2m", "жξщπлθ"] {
            let alone = Pinned.estimator.estimate(block).log10Guesses
            #expect(Pinned.estimator.estimate(block + block).log10Guesses > alone, "\(block)")
        }
    }

    @Test("a word beside random text leaves the random text charged: only the unexplained part's kinds are counted")
    func wordBesideRandomText() {
        let random = Pinned.estimator.estimate("Zq8#vL2m").log10Guesses
        #expect(Pinned.estimator.estimate("Zq8#vL2mpassword").log10Guesses > random)
    }

    @Test("a keycap is an emoji; an ASCII digit with a combining mark is not")
    func keycapsAndMarks() {
        let keycaps = Pinned.estimator.estimate("1\u{FE0F}\u{20E3}")
        #expect(keycaps.segments.first?.details.first { $0.key == "alphabet" }?.value == .integer(3_782))
        let marked = Pinned.estimator.estimate("1\u{332}2\u{332}3\u{332}4\u{332}5\u{332}6\u{332}")
        #expect(marked.segments.allSatisfy { $0.details.first { $0.key == "alphabet" } == nil }, "\(marked.patternTokens)")
    }

    @Test("charging random text never lowers an estimate")
    func neverLower() {
        for password in ["Zq8#vL2m", "жξщπлθ", "龘靐齉爩麤", "password🦒", "ab🦒"] {
            let text = PasswordText(password)
            let search = StrengthEstimator.Context(estimator: Pinned.estimator, userWords: nil).search(text, bruteforce: nil)
            #expect(Pinned.estimator.estimate(password).log10Guesses >= search.log10Guesses, "\(password)")
        }
    }
}
