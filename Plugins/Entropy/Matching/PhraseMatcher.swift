/// Finds well-known phrases and famous passwords (the ranked list `FamousPhraseData`: quotations,
/// lyric openings, passwords made famous by comics and articles) in a password, written with or
/// without separators between their words: `correcthorsebatterystaple`, `correct horse battery
/// staple`, `Correct_Horse_Battery_Staple`, `To be, or not to be`.
///
/// The password is read without its separators (space, `-`, `_`, `.`, `,`) and apostrophes, and
/// each phrase is looked for in what is left; a separator may only stand between two of the
/// phrase's words. Guesses: rank × separator choices × capitalisation variants.
struct PhraseMatcher: PasswordMatcher {
    /// A phrase as the lower-case codes of its characters, without separators and apostrophes.
    struct Phrase {
        let codes: [UInt32]
        /// Whether a word of the phrase starts at each index of `codes`.
        let startsWord: [Bool]
        let rank: Int
    }

    /// The separators a phrase may be written with.
    static let separators: [UInt32] = [0x20, 0x2D, 0x5F, 0x2E, 0x2C]  // space - _ . ,
    /// Characters left out without counting, wherever they are (`i'll`, `ill`).
    static let apostrophes: [UInt32] = [0x27, 0x2019]

    /// The phrases by their first three codes.
    let phrases: [UInt64: [Phrase]]

    /// The bundled list, read once.
    static let bundled = PhraseMatcher(FamousPhraseData.text.description)

    /// `text`: one phrase a line, most famous first, words separated by spaces.
    init(_ text: String) {
        var phrases: [UInt64: [Phrase]] = [:]
        for (index, line) in text.split(separator: "\n").enumerated() {
            var codes: [UInt32] = [], startsWord: [Bool] = []
            var atWordStart = true
            for code in PasswordText(String(line)).lowered {
                if Self.separators.contains(code) {
                    atWordStart = true
                } else if !Self.apostrophes.contains(code) {
                    codes.append(code)
                    startsWord.append(atWordStart)
                    atWordStart = false
                }
            }
            guard codes.count >= 3 else { continue }
            phrases[Self.key(codes[0...]), default: []].append(Phrase(codes: codes, startsWord: startsWord, rank: index + 1))
        }
        self.phrases = phrases
    }

    /// The first three codes packed (all three must be scalars, below 2^21).
    private static func key(_ codes: ArraySlice<UInt32>) -> UInt64 {
        let start = codes.startIndex
        return UInt64(codes[start]) | UInt64(codes[start + 1]) << 21 | UInt64(codes[start + 2]) << 42
    }

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        // The password's units other than separators and apostrophes, and where each one is.
        var codes: [UInt32] = [], positions: [Int] = []
        codes.reserveCapacity(password.count)
        positions.reserveCapacity(password.count)
        for (position, code) in password.lowered.enumerated()
        where !Self.separators.contains(code) && !Self.apostrophes.contains(code) {
            codes.append(code)
            positions.append(position)
        }
        guard codes.count >= 3 else { return }
        for start in 0...(codes.count - 3) where codes[start...(start + 2)].allSatisfy({ $0 < 0x20_0000 }) {
            for phrase in phrases[Self.key(codes[start...])] ?? [] where start + phrase.codes.count <= codes.count
            && codes[start..<(start + phrase.codes.count)].elementsEqual(phrase.codes) {
                if let match = match(phrase, at: start, positions: positions, in: password) { found.append(match) }
            }
        }
    }

    /// The match of `phrase` read from `start` (an index of the units kept), or nil when a
    /// separator stands inside one of its words.
    private func match(_ phrase: Phrase, at start: Int, positions: [Int], in password: PasswordText) -> Match? {
        var gaps: [[UInt32]] = []
        for offset in 1..<phrase.codes.count {
            let gap = password.lowered[(positions[start + offset - 1] + 1)..<positions[start + offset]]
                .filter { !Self.apostrophes.contains($0) }
            if phrase.startsWord[offset] {
                gaps.append(gap)
            } else if !gap.isEmpty {
                return nil
            }
        }
        let bounds = positions[start]...positions[start + phrase.codes.count - 1]
        let letters = positions[start..<(start + phrase.codes.count)].map { password.codes[$0] }
        let separators = Self.log10SeparatorVariations(gaps)
        let uppercase = Self.log10UppercaseVariations(letters, startsWord: phrase.startsWord)
        return Match(start: bounds.lowerBound, end: bounds.upperBound,
                     log10Guesses: Log10.of(Double(phrase.rank)) + separators + uppercase,
                     pattern: .dictionary(DictionaryWord(
                        list: .famousPhrases, rank: phrase.rank, reversed: false, substitutions: [],
                        log10UppercaseVariations: uppercase, log10L33tVariations: 0,
                        log10SeparatorVariations: separators)))
    }

    /// None between the words costs nothing; the same separator between every two words costs
    /// the choice of separator; any other mix, a choice of none or a separator for each gap.
    static func log10SeparatorVariations(_ gaps: [[UInt32]]) -> Double {
        guard gaps.contains(where: { !$0.isEmpty }) else { return 0 }
        if gaps.allSatisfy({ $0 == gaps[0] }) { return Log10.of(Double(separators.count)) }
        return Double(gaps.count) * Log10.of(Double(separators.count + 1))
    }

    /// Capitals at the start of every word, or of the first word only, double the guesses like a
    /// capitalised word; other capitals count as in any word.
    static func log10UppercaseVariations(_ letters: [UInt32], startsWord: [Bool]) -> Double {
        let capitals = letters.indices.filter { LetterCase.isUpper(letters[$0]) }
        if capitals.isEmpty { return 0 }
        let wordStarts = startsWord.indices.filter { startsWord[$0] }
        if capitals == wordStarts || capitals == [0] { return Log10.of(2) }
        return Variations.log10Uppercase(letters[...])
    }
}
