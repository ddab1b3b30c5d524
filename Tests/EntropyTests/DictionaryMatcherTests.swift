import Testing
@testable import Entropy

/// The dictionary matcher: words of the ranked lists found as they are, reversed, with l33t
/// substitutions and with capitals, each with its list, rank and the variations an attacker
/// must try; and nothing found where no word of the lists continues.
@Suite("dictionary matcher")
struct DictionaryMatcherTests {
    private let matcher = DictionaryMatcher(words: .bundled)

    /// The match that covers exactly `span`, if the matcher found one (the cheapest, when
    /// several lists hold the word).
    private func match(_ password: String, _ span: ClosedRange<Int>) -> Match? {
        matcher.matches(in: PasswordText(password)).filter { $0.span == span }.min { $0.log10Guesses < $1.log10Guesses }
    }

    @Test("a plain word is found with its list and rank (zxcvbn's lowest rank over its lists)", arguments: [
        ("password", WordList.passwords, 2),
        ("correct", .tvAndFilm, 1140),
        ("battery", .englishWikipedia, 2197),
        ("staple", .englishWikipedia, 6467),
        ("grimm", .surnames, 1272),
        ("sara", .femaleNames, 84),
    ])
    func plainWord(word: String, list: WordList, rank: Int) throws {
        let found = try #require(match(word, 0...(word.count - 1)), "no match for \(word)")
        let facts = try #require(found.dictionaryFacts)
        #expect(facts.list == list)
        #expect(facts.rank == rank)
        #expect(!facts.reversed && facts.substitutions.isEmpty)
        #expect(isClose(found.log10Guesses, log10Of(Double(rank))), "plain lower case costs its rank: \(found.log10Guesses)")
    }

    @Test("a reversed word is found, and costs twice its rank")
    func reversed() throws {
        let found = try #require(match("drowssap", 0...7))
        let facts = try #require(found.dictionaryFacts)
        #expect(facts.reversed && facts.rank == 2 && facts.list == .passwords)
        #expect(facts.word(spelledAs: "drowssap") == "password")
        #expect(isClose(found.log10Guesses, log10Of(4)))
    }

    @Test("l33t: 4 and 0 stand for a and o; each substitution used throughout doubles the guesses")
    func l33t() throws {
        let found = try #require(match("p4ssw0rd", 0...7))
        let facts = try #require(found.dictionaryFacts)
        #expect(facts.rank == 2 && facts.list == .passwords)
        #expect(facts.substitutions.map { "\($0.l33t)→\($0.letter)" } == ["4→a", "0→o"])
        #expect(facts.word(spelledAs: "p4ssw0rd") == "password")
        #expect(isClose(facts.log10L33tVariations, log10Of(4)))
        #expect(isClose(found.log10Guesses, log10Of(8)))
    }

    @Test("l33t where two characters stand for the same letter: Un1v3r$!ty is university")
    func twoCharactersForOneLetter() throws {
        let found = try #require(match("Un1v3r$!ty", 0...9))
        let facts = try #require(found.dictionaryFacts)
        #expect(facts.word(spelledAs: "Un1v3r$!ty") == "university")
        #expect(facts.list == .englishWikipedia && facts.rank == 69)
        #expect(facts.substitutions.map { "\($0.l33t)→\($0.letter)" } == ["1→i", "3→e", "$→s", "!→i"])
        #expect(isClose(facts.log10UppercaseVariations, log10Of(2)))
        #expect(isClose(facts.log10L33tVariations, log10Of(16)))
        #expect(isClose(found.log10Guesses, log10Of(69 * 2 * 16)))
    }

    @Test("l33t: a character stands for the same letter wherever it occurs in the word")
    func l33tConsistent() throws {
        let both = try #require(match("1itt1e", 0...5)?.dictionaryFacts, "1 for l twice reads little")
        #expect(both.word(spelledAs: "1itt1e") == "little")
        #expect(both.substitutions.map { "\($0.l33t)→\($0.letter)" } == ["1→l"])
        let mixed = matcher.matches(in: PasswordText("l1tt1e")).filter { $0.span == 0...5 }
        #expect(mixed.allSatisfy { $0.dictionaryFacts?.word(spelledAs: "l1tt1e") != "little" },
                "1 cannot be i and l in one word: \(mixed.map(\.pattern))")
    }

    static let capitalCases: [(String, Double)] = [
        ("Password", 2), ("passworD", 2), ("PASSWORD", 2),
        ("PaSsWoRd", 2), ("pAsSwOrD", 2),  // capitals and small letters in turn
        ("PassWord", 36),  // C(8,1) + C(8,2)
        ("PAsSwoRd", 162),  // C(8,1) + … + C(8,4)
    ]

    @Test("capitals: first, last, all or every other cost ×2; any other mix the ways to place them", arguments: capitalCases)
    func capitals(password: String, variations: Double) throws {
        let found = try #require(match(password, 0...7))
        let facts = try #require(found.dictionaryFacts)
        #expect(facts.rank == 2)
        #expect(isClose(facts.log10UppercaseVariations, log10Of(variations)))
        #expect(isClose(found.log10Guesses, log10Of(2 * variations)))
    }

    @Test("matching stops at a character no word contains: nothing spans a non-ASCII letter", arguments: [
        ("pässword", 1), ("passwörd", 5), ("horseñbattery", 5),
    ])
    func stopsAtNonASCII(password: String, index: Int) {
        let found = matcher.matches(in: PasswordText(password))
        #expect(!found.contains { $0.span.contains(index) }, "\(found.map(\.span))")
        #expect(found.contains { $0.end < index || $0.start > index }, "the words beside it are still found")
    }

    @Test("single letters: i is a word (rank 2 in TV and film), a and x are not (as in zxcvbn)")
    func singleLetters() throws {
        let i = try #require(match("i", 0...0)?.dictionaryFacts)
        #expect(i.list == .tvAndFilm && i.rank == 2)
        #expect(matcher.matches(in: PasswordText("a")).isEmpty)
        #expect(matcher.matches(in: PasswordText("x")).isEmpty)
    }

    @Test("every word inside a password is found, from every start")
    func wordsInside() {
        let spans = Set(matcher.matches(in: PasswordText("xxbatteryxx")).map(\.span))
        #expect(spans.isSuperset(of: [2...8, 2...7, 3...4]), "battery, batter, at: \(spans)")
    }
}
