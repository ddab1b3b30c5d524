import Testing
@testable import Entropy

/// Counting spelled out in words, built here from the bundled table of number words (every
/// language, every spelling), together, with separators, down, by two and capitalised.
@Suite("number word matcher")
struct NumberWordMatcherTests {
    private let matcher = NumberWordMatcher.bundled

    /// Each language's spellings of each number, from the bundled data.
    static let table: [(language: String, numbers: [[String]])] = NumberWordData.text.description.split(separator: "\n").map { line in
        let fields = line.split(separator: " ")
        return (String(fields[0]), fields.dropFirst().map { $0.split(separator: "|").map(String.init) })
    }

    private func whole(_ password: String) -> Match? {
        let text = PasswordText(password)
        return matcher.matches(in: text).first { $0.span == 0...(text.count - 1) }
    }

    @Test("every language counts five numbers from zero, one and four, in every spelling")
    func everyLanguage() throws {
        for (language, numbers) in Self.table {
            for first in [0, 1, 4] {
                let values = first..<(first + 5)
                for spelling in 0..<values.map({ numbers[$0].count }).max()! {
                    let words = values.map { numbers[$0][min(spelling, numbers[$0].count - 1)] }
                    let found = whole(words.joined())
                    #expect(found?.numberWordFacts?.terms == 5 && found?.numberWordFacts?.first == first, "\(language): \(words)")
                    #expect((found?.log10Guesses ?? 99) < 4, "\(language): \(words)")
                }
            }
        }
    }

    @Test("separators, counting down, by two, and capitals")
    func variants() throws {
        let english = try #require(Self.table.first { $0.language == "english" }).numbers
        let cases: [([Int], String, Int)] = [([1, 2, 3, 4], "-", 1), ([10, 9, 8, 7, 6], " ", -1), ([2, 4, 6, 8], "", 2), ([3, 4, 5], "_", 1)]
        for (values, separator, step) in cases {
            let password = values.map { english[$0][0] }.joined(separator: separator)
            let facts = try #require(whole(password)?.numberWordFacts, "\(password)")
            #expect(facts.step == step && facts.separator == separator && facts.terms == values.count)
        }
        let plain = try #require(whole("onetwothree")).log10Guesses
        #expect(isClose(try #require(whole("OneTwoThree")).log10Guesses - plain, log10Of(2)))
        #expect(isClose(try #require(whole("ONETWOTHREE")).log10Guesses - plain, log10Of(2)))
        #expect(try #require(whole("oNetwothree")).log10Guesses - plain > log10Of(2))
    }

    @Test("no count: two numbers, a broken step, mixed separators or languages", arguments: [
        "onetwo", "onetwofour", "one-two_three", "oneduethree", "one2three",
    ])
    func nearMisses(password: String) {
        #expect(whole(password) == nil)
    }

    @Test("the estimate explains counting in words as one part")
    func estimate() {
        let estimate = Pinned.estimator.estimate("onetwothreefourfive")
        #expect(estimate.patternTokens == ["number_words:onetwothreefourfive"])
        #expect(estimate.score == 0)
    }
}
