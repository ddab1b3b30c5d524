import Testing
@testable import Entropy

/// Korean typed on US keys with the 2-set layout, where no listed word explains it: runs of
/// composed syllables charged by how common each syllable is among the lists' Korean words.
/// Keys are built here from the layout table and the syllable algorithm, not written out.
@Suite("Hangul keys")
struct HangulKeysMatcherTests {
    private let matcher = HangulKeysMatcher.bundled

    /// The US key (with Shift or not) that types each jamo on the 2-set layout.
    static let keyFor: [UInt32: UInt32] = {
        let us = Dictionary(uniqueKeysWithValues: zip(KeyboardLayouts.qwerty.keyPlaces, KeyboardLayouts.qwerty.keyCharacters))
        var keys: [UInt32: UInt32] = [:]
        for (place, typed) in zip(KeyboardLayouts.korean.keyPlaces, KeyboardLayouts.korean.keyCharacters) {
            guard let usTyped = us[place] else { continue }
            for (shift, jamo) in typed.enumerated() where keys[jamo] == nil && shift < usTyped.count { keys[jamo] = usTyped[shift] }
        }
        return keys
    }()

    /// The keys that type `syllables`.
    static func keys(for syllables: [UInt32]) -> String {
        String(String.UnicodeScalarView(syllables.flatMap { HangulSyllables.decompose($0)! }.map { Unicode.Scalar(keyFor[$0]!)! }))
    }

    @Test("the syllables are ranked from the lists' Korean words")
    func model() {
        #expect(matcher.syllableRanks.count > 300, "\(matcher.syllableRanks.count)")
        #expect(matcher.syllableRanks.keys.allSatisfy { (HangulSyllables.firstSyllable...HangulSyllables.lastSyllable).contains($0) })
        #expect(Set(matcher.syllableRanks.values) == Set(1...matcher.syllableRanks.count))
    }

    @Test("keys of common syllables are found whole, at 2 × the product of their ranks")
    func common() throws {
        let syllables = matcher.syllableRanks.sorted { $0.value < $1.value }.prefix(4).map(\.key)
        let typed = Self.keys(for: syllables)
        let text = PasswordText(typed)
        let found = try #require(matcher.matches(in: text).first { $0.span == 0...(text.count - 1) }, "\(typed)")
        let expected = syllables.reduce(log10Of(2)) { $0 + log10Of(Double(matcher.syllableRanks[$1]!)) }
        #expect(isClose(found.log10Guesses, expected))
        let estimate = Pinned.estimator.estimate(typed)
        #expect(estimate.log10Guesses < Double(text.count), "cheaper than its keys: \(estimate.patternTokens)")
    }

    @Test("a syllable no listed word holds costs KS X 1001's 2,350")
    func unlisted() throws {
        let unlisted = try #require((HangulSyllables.firstSyllable...HangulSyllables.lastSyllable).first { matcher.syllableRanks[$0] == nil })
        let listed = try #require(matcher.syllableRanks.first { $0.value == 1 }).key
        let text = PasswordText(Self.keys(for: [listed, unlisted]))
        let found = try #require(matcher.matches(in: text).first { $0.span == 0...(text.count - 1) })
        #expect(isClose(found.log10Guesses, log10Of(2 * 1 * 2_350)))
    }

    @Test("no run of two syllables, or not ASCII: nothing", arguments: ["1234", "zzzz", "rk1rk", "감자감자"])
    func nothing(password: String) {
        #expect(matcher.matches(in: PasswordText(password)).isEmpty)
    }
}
