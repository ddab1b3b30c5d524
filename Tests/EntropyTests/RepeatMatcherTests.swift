import Testing
@testable import Entropy

/// The repeat matcher: the shortest block whose repetition covers most, how many times it
/// repeats, and a block's guesses taken from estimating it as a password of its own.
@Suite("repeat matcher")
struct RepeatMatcherTests {
    private func repeats(_ password: String) -> [Match] { Pinned.repeats.matches(in: PasswordText(password)) }

    @Test("the block and its count", arguments: [
        ("aaaa", 0...3, "a", 4),
        ("abcabcabc", 0...8, "abc", 3),
        ("aabaab", 0...5, "aab", 2),
        ("hellohello", 0...9, "hello", 2),
        ("xyzxyzq", 0...5, "xyz", 2),
        ("abababab", 0...7, "ab", 4),
    ])
    func block(password: String, span: ClosedRange<Int>, block: String, count: Int) throws {
        let found = try #require(repeats(password).first { $0.span == span }, "\(repeats(password).map(\.span))")
        let facts = try #require(found.repeatFacts)
        #expect(facts.blockLength == block.count)
        #expect(facts.count == count)
        #expect(String(password.dropFirst(span.lowerBound).prefix(facts.blockLength)) == block)
    }

    @Test("a repeat inside a longer password is found where it is")
    func inside() throws {
        let found = repeats("hello!!!!world").filter { $0.span == 5...8 }
        #expect(found.count == 1 && found.first?.repeatFacts?.count == 4 && found.first?.repeatFacts?.blockLength == 1,
                "\(repeats("hello!!!!world").map(\.span))")
        #expect(repeats("horse").isEmpty, "no repeat without a repeated block")
    }

    @Test("guesses: the block's own estimate times the count", arguments: ["aaaa", "abcabcabc", "aabaab", "hellohello"])
    func guesses(password: String) throws {
        let found = try #require(repeats(password).first)
        let facts = try #require(found.repeatFacts)
        let block = String(password.prefix(facts.blockLength))
        let base = Pinned.estimator.estimate(block).log10Guesses
        #expect(isClose(facts.baseLog10Guesses, base))
        #expect(isClose(found.log10Guesses, base + log10Of(Double(facts.count))))
    }

    @Test("the base is a full estimate, so blocks are explained recursively: abc is a sequence, a is brute force")
    func recursion() throws {
        let abc = try #require(repeats("abcabcabc").first?.repeatFacts)
        #expect(isClose(abc.baseLog10Guesses, log10Of(4 * 3 + 1)), "sequence abc: 4·3 guesses, plus 1")
        let a = try #require(repeats("aaaa").first?.repeatFacts)
        #expect(isClose(a.baseLog10Guesses, log10Of(11 + 1)), "one character: 11 guesses, plus 1")
        // A block that holds a repeat itself: its estimate explains it with that repeat.
        let nested = try #require(repeats("aaaaaaxaaaaaax").first { $0.span == 0...13 }?.repeatFacts)
        #expect(nested.blockLength == 7 && nested.count == 2)
        let block = Pinned.estimator.estimate("aaaaaax")
        #expect(block.patternTokens == ["repeat:aaaaaa", "bruteforce:x"])
        #expect(isClose(nested.baseLog10Guesses, block.log10Guesses))
    }
}
