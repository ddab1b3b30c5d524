import Testing
@testable import Entropy

/// The sequence matcher: runs of code points with one step of at most five either way, in any
/// script, and zxcvbn's estimate (4 for an obvious start, 10 for another digit, 26 otherwise,
/// doubled when descending, times the length).
@Suite("sequence matcher")
struct SequenceMatcherTests {
    private func sequences(_ password: String) -> [Match] { SequenceMatcher().matches(in: PasswordText(password)) }

    static let knownRuns: [(password: String, name: String, step: Int, guesses: Double)] = [
        ("abcdef", "lower", 1, 4.0 * 6),
        ("zyxw", "lower", -1, 4.0 * 2 * 4),
        ("13579", "digits", 2, 4.0 * 5),
        ("mnop", "lower", 1, 26.0 * 4),
        ("5678", "digits", 1, 10.0 * 4),
        ("9876", "digits", -1, 4.0 * 2 * 4),
        ("DEFG", "upper", 1, 26.0 * 4),
        ("ACEGIK", "upper", 2, 4.0 * 6),
        ("afkpu", "lower", 5, 4.0 * 5),
        ("αβγδ", "unicode", 1, 26.0 * 4),
        ("абвгд", "unicode", 1, 26.0 * 5),
        ("ЯЮЭЬ", "unicode", -1, 26.0 * 2 * 4),
    ]

    @Test("runs found whole, with their kind, step and guesses", arguments: Self.knownRuns)
    func runs(password: String, name: String, step: Int, guesses: Double) throws {
        let found = sequences(password)
        let whole = try #require(found.first { $0.span == 0...(password.count - 1) }, "\(found.map(\.span))")
        let facts = try #require(whole.sequenceFacts)
        #expect(facts.name == name)
        #expect(facts.step == step)
        #expect(isClose(whole.log10Guesses, log10Of(guesses)), "\(whole.log10Guesses) vs log10(\(guesses))")
    }

    @Test("two characters are a sequence only with a step of one")
    func twoCharacters() {
        #expect(sequences("ab").map(\.sequenceFacts?.step) == [1])
        #expect(sequences("ba").map(\.sequenceFacts?.step) == [-1])
        #expect(sequences("ac").isEmpty)
        #expect(sequences("ace").map(\.span) == [0...2], "three with a step of two are")
    }

    @Test("no sequence with a step of zero or more than five")
    func steps() {
        #expect(sequences("aaaa").isEmpty)
        #expect(sequences("agmsy").isEmpty, "step 6")
        #expect(sequences("a").isEmpty)
        #expect(sequences("").isEmpty)
    }

    @Test("runs next to each other are split where the step changes")
    func split() {
        let found = sequences("abcdcba")
        #expect(found.map(\.span) == [0...3, 3...6], "\(found.map(\.span))")
        #expect(found.map(\.sequenceFacts?.step) == [1, -1])
    }
}
