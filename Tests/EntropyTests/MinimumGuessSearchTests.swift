import Testing
@testable import Entropy

/// The minimum-guess search: the cheapest explanation of the whole password under
/// l!·Π guesses + 10000^(l−1), brute force (10 per character, 11 for a single one) between
/// matches, and the floors that keep a part of a longer password from being nearly free.
@Suite("minimum-guess search")
struct MinimumGuessSearchTests {
    /// A made-up match for the search, whose pattern does not matter to it.
    private func part(_ span: ClosedRange<Int>, _ log10Guesses: Double) -> Match {
        Match(start: span.lowerBound, end: span.upperBound, log10Guesses: log10Guesses, pattern: .year(2000))
    }

    @Test("the empty password needs one guess (log10 0), and has no parts")
    func empty() {
        let estimate = Pinned.estimator.estimate("")
        #expect(estimate.log10Guesses == 0)
        #expect(estimate.segments.isEmpty && estimate.length == 0 && estimate.score == 0)
        #expect(MinimumGuessSearch.search(length: 0, matches: []).parts.isEmpty)
    }

    @Test("one character is brute force: 11 guesses")
    func single() {
        let estimate = Pinned.estimator.estimate("x")
        #expect(estimate.patternTokens == ["bruteforce:x"])
        #expect(isClose(estimate.segments[0].log10Guesses, log10Of(11)))
        #expect(isClose(estimate.log10Guesses, log10Of(12)), "1!·11 + 10000^0")
    }

    @Test("no matches: the whole password is one brute-force part of 10^n")
    func bruteforce() {
        let result = MinimumGuessSearch.search(length: 10, matches: [])
        #expect(result.parts.count == 1 && result.parts[0].match == nil)
        #expect(isClose(result.log10Guesses, log10Of(1e10 + 1)))
    }

    @Test("two parts: 2!·Π guesses + 10000")
    func twoParts() {
        let result = MinimumGuessSearch.search(length: 10, matches: [part(0...4, 2), part(5...9, 2)])
        #expect(result.parts.map { $0.start...$0.end } == [0...4, 5...9])
        #expect(isClose(result.log10Guesses, log10Of(2 * 100 * 100 + 10_000)))
    }

    @Test("a cheaper covering wins over a single expensive match")
    func cheapest() {
        let result = MinimumGuessSearch.search(length: 10, matches: [part(0...9, 9), part(0...4, 2), part(5...9, 2)])
        #expect(result.parts.count == 2)
        let whole = MinimumGuessSearch.search(length: 10, matches: [part(0...9, 4), part(0...4, 2), part(5...9, 2)])
        #expect(whole.parts.count == 1 && isClose(whole.log10Guesses, log10Of(10_000 + 1)))
    }

    @Test("floors: a part of a longer password costs at least 50 guesses, or 10 for one character")
    func floors() {
        // A free 4-unit match then one brute-forced character: 2!·50·11 + 10000.
        let result = MinimumGuessSearch.search(length: 5, matches: [part(0...3, 0)])
        #expect(result.parts.map { $0.start...$0.end } == [0...3, 4...4])
        #expect(isClose(result.log10Guesses, log10Of(2 * 50 * 11 + 10_000)))
        // A free one-unit match beside a free four-unit one: 2!·10·50 + 10000.
        let single = MinimumGuessSearch.search(length: 5, matches: [part(0...0, 0), part(1...4, 0)])
        #expect(isClose(single.log10Guesses, log10Of(2 * 10 * 50 + 10_000)))
        // The floor does not apply to a match of the whole password.
        #expect(isClose(MinimumGuessSearch.search(length: 5, matches: [part(0...4, 0)]).log10Guesses, log10Of(2)))
    }

    @Test("known explanations of whole passwords", arguments: [
        ("football2", ["dictionary:football", "bruteforce:2"]),
        ("michael88", ["dictionary:michael", "repeat:88"]),
        ("hello!!!!world", ["dictionary:hello", "repeat:!!!!", "dictionary:world"]),
        ("staple horse correct battery",
         ["dictionary:staple", "bruteforce: horse ", "dictionary:correct", "bruteforce: ", "dictionary:battery"]),
        ("correct horse battery staple", ["dictionary:correct horse battery staple"]),
        ("thisisapassphrase", ["dictionary:this", "bruteforce:isa", "dictionary:pass", "dictionary:phrase"]),
        ("1.1.1999", ["repeat:1.1.", "year:1999"]),
        ("Summer2024!", ["dictionary:Summer", "bruteforce:2024!"]),
        // zxcvbn's search prunes a longer sequence that later wins; this one is exact and
        // finds i·love·mydog (8.2332) where zxcvbn stops at ilove·mydog (8.2577).
        ("ilovemydog", ["dictionary:i", "dictionary:love", "dictionary:mydog"]),
    ])
    func explanations(password: String, parts: [String]) {
        #expect(Pinned.estimator.estimate(password).patternTokens == parts)
    }

    @Test("the parts cover the password exactly, in order, and their guesses give the total", arguments: [
        "football2", "correct horse battery staple", "hello!!!!world", "xyz aaaa 123", "Tr0ub4dor&3", "ilovemydog",
    ])
    func covering(password: String) {
        let estimate = Pinned.estimator.estimate(password)
        var next = 0
        for segment in estimate.segments {
            #expect(segment.start == next)
            next = segment.end + 1
        }
        #expect(next == estimate.length)
        let l = estimate.segments.count
        let product = estimate.segments.reduce(0) { $0 + $1.log10Guesses }
        let total = Log10.sum(Log10.factorial(l) + product, Double(l - 1) * 4)
        #expect(isClose(estimate.log10Guesses, total), "\(estimate.log10Guesses) vs \(total)")
    }
}
