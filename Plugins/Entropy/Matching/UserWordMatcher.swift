/// Finds the words that belong to an entry (its name, username and site, which an attacker
/// targeting that account tries first) in its password: as they are, reversed, or with l33t
/// substitutions. They rank as a list of their own, in the order given.
struct UserWordMatcher: PasswordMatcher {
    /// Each word as lower-case unit codes; rank = position + 1.
    let words: [[UInt32]]

    /// Words shorter than three characters are left out: they would match almost anything.
    init(_ inputs: [String]) {
        var words: [[UInt32]] = []
        for input in inputs {
            let codes = PasswordText(input).lowered
            if codes.count >= 3 && !words.contains(codes) { words.append(codes) }
        }
        self.words = words
    }

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        let lowered = password.lowered
        for (index, word) in words.enumerated() where word.count <= lowered.count {
            for start in 0...(lowered.count - word.count) {
                let bounds = start...(start + word.count - 1)
                if let substitutions = Self.spelling(of: word, in: lowered[bounds]) {
                    found.append(.dictionary(bounds, list: .userInputs, rank: index + 1, reversed: false,
                                             substitutions: substitutions, in: password))
                }
                if word.count > 1, lowered[bounds].elementsEqual(word.reversed()) {
                    found.append(.dictionary(bounds, list: .userInputs, rank: index + 1, reversed: true,
                                             substitutions: [], in: password))
                }
            }
        }
    }

    /// How `token` spells `word`: the l33t substitutions used (none for the word itself), or nil
    /// when it is not the word. A symbol must stand for the same letter throughout.
    private static func spelling(of word: [UInt32], in token: ArraySlice<UInt32>) -> [Substitution]? {
        var substitutions: [Substitution] = []
        for (letter, code) in zip(word, token) where letter != code {
            guard letter < 0x80, DictionaryMatcher.letters(for: code).contains(UInt8(letter)) else { return nil }
            let l33t = Character(Unicode.Scalar(code)!), plain = Character(Unicode.Scalar(letter)!)
            if let earlier = substitutions.first(where: { $0.l33t == l33t }) {
                if earlier.letter != plain { return nil }
            } else {
                substitutions.append(Substitution(l33t: l33t, letter: plain))
            }
        }
        return substitutions
    }
}
