import Testing
@testable import Entropy

/// Famous phrases and passwords, with or without separators: found whole, priced by rank,
/// separators and capitals, and not found when a separator splits a word or a word is wrong.
@Suite("famous phrases")
struct PhraseMatcherTests {
    static let matcher = PhraseMatcher.bundled

    /// The phrase match covering units `span` of `password`, if there is one.
    static func phrase(_ password: String, _ span: ClosedRange<Int>? = nil) -> Match? {
        let text = PasswordText(password)
        return matcher.matches(in: text).first { $0.span == (span ?? 0...(text.count - 1)) }
    }

    @Test("the xkcd password in every usual spelling scores 0 or 1", arguments: [
        "correcthorsebatterystaple", "correct horse battery staple", "correct-horse-battery-staple",
        "Correct_Horse_Battery_Staple", "correct.horse.battery.staple", "CorrectHorseBatteryStaple",
        "correct, horse, battery, staple",
    ])
    func xkcd(password: String) throws {
        let match = try #require(Self.phrase(password))
        #expect(match.dictionaryFacts?.list == .famousPhrases && match.dictionaryFacts?.rank == 1)
        let estimate = Pinned.estimator.estimate(password)
        #expect(estimate.score <= 1, "\(estimate.log10Guesses)")
    }

    @Test("guesses: rank × separator choices × capitalisation", arguments: [
        ("correcthorsebatterystaple", 1.0 as Double), ("correct horse battery staple", 5), ("Correct_Horse_Battery_Staple", 10),
        ("Correct horse battery staple", 10), ("correct-horse_battery.staple", 216), ("hunter2", 2), ("Tr0ub4dor&3", 8),
        ("to be or not to be", 30), ("tobeornottobe", 6),
    ])
    func guesses(password: String, expected: Double) throws {
        let match = try #require(Self.phrase(password))
        #expect(isClose(match.log10Guesses, log10Of(expected)), "\(match.log10Guesses)")
    }

    @Test("well-known phrases around other characters", arguments: [
        ("May the Force be with you!", 0...24), ("Lorem ipsum dolor sit amet", 0...25), ("I'll be back", 0...11),
        ("illbeback", 0...8), ("trustno1", 0...7), ("open sesame", 0...10), ("2024tobeornottobe", 4...16),
        ("The quick brown fox jumps over the lazy dog.", 0...42), ("let it be", 0...8), ("All You Need Is Love", 0...19),
    ])
    func around(password: String, span: ClosedRange<Int>) throws {
        let match = try #require(Self.phrase(password, span))
        #expect(match.dictionaryFacts?.list == .famousPhrases)
        #expect(Pinned.estimator.estimate(password).score <= 1)
    }

    @Test("near misses: a separator inside a word, a word misspelt, a phrase cut short", arguments: [
        "cor rect horse battery staple", "correct horse batery staple", "correct horse battery", "to be or not to",
        "hunter 2", "lett it be",
    ])
    func nearMiss(password: String) {
        let text = PasswordText(password)
        #expect(!Self.matcher.matches(in: text).contains { $0.length >= text.count - 2 }, "\(password)")
    }

    @Test("the explanation names the list and the separators")
    func explanation() throws {
        let estimate = Pinned.estimator.estimate("correct horse battery staple")
        let segment = try #require(estimate.segments.first)
        #expect(segment.explanation == "\"correct horse battery staple\" (#1 of famous phrases and passwords), separators")
        #expect(estimate.feedback.warning == "Famous phrases and passwords are among the first an attacker tries.")
    }

    @Test("a 64 KiB line of a phrase repeated: one match per copy")
    func longLine() {
        let text = PasswordText(String(repeating: "let it be ", count: 6_553))
        #expect(Self.matcher.matches(in: text).count == 6_553)
    }
}
