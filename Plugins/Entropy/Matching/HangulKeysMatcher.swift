/// Finds Korean typed on US keys with the 2-set (Dubeolsik) layout where no word of the lists
/// explains it: keys that the input method composes into two Hangul syllables or more in a row
/// (`rkawkxkd` is 감자탕), each charged by how common its syllable is in the Korean words of the
/// lists, as an attacker who types Korean keys tries common syllables first. A syllable no
/// listed word holds costs 2,350, the precomposed syllables of KS X 1001, the set that covers
/// nearly all Korean in use.
struct HangulKeysMatcher: Sendable, PasswordMatcher {
    /// Each syllable's rank among the syllables of the Korean words, weighted by the words'
    /// ranks (a syllable of the 1st word counts 1, of the 100th 1/100).
    let syllableRanks: [UInt32: Int]
    private let korean = LayoutMapping(KeyboardLayouts.korean, .fromUS)
    /// Runs of syllables are offered whole and in parts of up to this many syllables: a word's
    /// length, so that the search can still cut a run at a word.
    static let longestPart = 6

    /// The model read from the bundled table's Korean words, once.
    static let bundled = HangulKeysMatcher(words: .bundled)

    init(words: RankedWords) {
        var weights: [UInt32: Double] = [:]
        for (word, hit) in words.words(startingIn: HangulSyllables.firstSyllable...HangulSyllables.lastSyllable)
        where hit.list == .wordsOf(.korean) {
            for syllable in word where syllable >= HangulSyllables.firstSyllable && syllable <= HangulSyllables.lastSyllable {
                weights[syllable, default: 0] += 1 / Double(hit.rank)
            }
        }
        let ordered = weights.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        syllableRanks = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element.key, $0.offset + 1) })
    }

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        guard password.isASCII, password.count >= 4 else { return }
        let pieces = HangulSyllables.compose(korean.typedKeys(password.codes[...]))
        var runStart = 0
        for end in 0...pieces.count {
            if end < pieces.count && (HangulSyllables.firstSyllable...HangulSyllables.lastSyllable).contains(pieces[end].code) { continue }
            let run = pieces[runStart..<end]
            if run.count >= 2 {
                for first in run.indices {
                    for last in (first + 1)..<run.endIndex where last - first < Self.longestPart || (first == run.startIndex && last == run.endIndex - 1) {
                        found.append(match(pieces[first...last]))
                    }
                }
            }
            runStart = end + 1
        }
    }

    /// Two syllables' worth of Korean keys: their ranks multiplied, × 2 (Korean keys or not).
    private func match(_ syllables: ArraySlice<HangulSyllables.Piece>) -> Match {
        let log10Guesses = syllables.reduce(Log10.of(2)) { $0 + Log10.of(Double(syllableRanks[$1.code] ?? Self.commonSyllables)) }
        let text = String(String.UnicodeScalarView(syllables.map { Unicode.Scalar($0.code)! }))
        return Match(start: syllables.first!.units.lowerBound, end: syllables.last!.units.upperBound, log10Guesses: log10Guesses,
                     pattern: .hangulKeys(syllables: syllables.count, hangul: text))
    }

    /// What a syllable no listed word holds costs: the 2,350 syllables of KS X 1001.
    static let commonSyllables = 2_350
}
