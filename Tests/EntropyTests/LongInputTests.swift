import Testing
@testable import Entropy

/// 1,000-character passwords: no length limit, and results that are finite and make sense for
/// what the password is (periodic text is cheap, random text close to brute force). Speed is
/// measured in the benchmarks, not here.
@Suite("long input")
struct LongInputTests {
    /// A fixed pseudo-random stream, so that the "random" passwords are the same on every run.
    private struct Stream {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    private static func random(from alphabet: String, count: Int) -> String {
        var stream = Stream()
        let characters = Array(alphabet)
        return String((0..<count).map { _ in characters[stream.next(characters.count)] })
    }

    /// The Fibonacci word (a, ab, aba, abaab, …): never periodic, but full of local repeats.
    private static func fibonacciWord(count: Int) -> String {
        var (previous, current) = ("a", "ab")
        while current.count < count { (previous, current) = (current, current + previous) }
        return String(current.prefix(count))
    }

    @Test("the same character 1,000 times: \"a\" (12 guesses as a password) repeated 1,000 times")
    func sameCharacter() {
        let estimate = Pinned.estimator.estimate(String(repeating: "a", count: 1000))
        #expect(estimate.length == 1000)
        #expect(estimate.patternTokens.count == 1 && estimate.segments[0].pattern == "repeat")
        #expect(isClose(estimate.log10Guesses, log10Of(12 * 1000 + 1)))
    }

    @Test("a word repeated 125 times: password (3 guesses) times 125")
    func repeatedWord() {
        let estimate = Pinned.estimator.estimate(String(repeating: "password", count: 125))
        #expect(estimate.length == 1000)
        #expect(isClose(estimate.log10Guesses, log10Of(3 * 125 + 1)))
        #expect(estimate.score == 0)
    }

    @Test("digits 0-9 a hundred times: a sequence repeated")
    func repeatedSequence() {
        let estimate = Pinned.estimator.estimate(String(repeating: "0123456789", count: 100))
        #expect(isClose(estimate.log10Guesses, log10Of(41 * 100 + 1)), "block: 4·10 + 1")
    }

    @Test("random letters and random digits: close to brute force (10 per character); random printable ASCII: 95 per character", arguments: [
        ("abcdefghijklmnopqrstuvwxyz", 10.0), ("0123456789", 10.0),
        ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%", 95.0),
    ])
    func random(alphabet: String, perCharacter: Double) {
        let estimate = Pinned.estimator.estimate(Self.random(from: alphabet, count: 1000))
        #expect(estimate.length == 1000)
        #expect(estimate.log10Guesses.isFinite)
        let bruteforce = 1000 * log10Of(perCharacter)
        #expect((bruteforce * 0.9...bruteforce + 0.01).contains(estimate.log10Guesses), "\(estimate.log10Guesses)")
        #expect(estimate.score == 4)
        #expect(estimate.guesses == nil, "10^900 does not fit in a double")
        #expect(estimate.bits > 2900)
    }

    @Test("the Fibonacci word: cheaper than random text, dearer than a periodic one, parts covering it all")
    func fibonacci() {
        let estimate = Pinned.estimator.estimate(Self.fibonacciWord(count: 1000))
        #expect(estimate.length == 1000)
        #expect(estimate.log10Guesses.isFinite)
        #expect((10...500).contains(estimate.log10Guesses), "\(estimate.log10Guesses)")
        #expect(estimate.segments.first?.start == 0 && estimate.segments.last?.end == 999)
        #expect(zip(estimate.segments, estimate.segments.dropFirst()).allSatisfy { $0.end + 1 == $1.start })
    }

    @Test("1,000 multi-scalar characters are 1,000 units")
    func clusters() {
        let estimate = Pinned.estimator.estimate(String(repeating: "e\u{301}", count: 1000))
        #expect(estimate.length == 1000)
        #expect(isClose(estimate.log10Guesses, log10Of(12 * 1000 + 1)))
    }
}
