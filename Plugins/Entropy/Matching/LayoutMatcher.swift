/// Finds words typed with the wrong keyboard layout active: each mapping turns the password into
/// what it reads as on the other layout (linear in its length), the dictionary matcher looks for
/// words there (as they are: not reversed, no substitutions), and a word found counts over the password's own units, at the word's guesses
/// times the number of mappings an attacker tries (one more guess per mapping, for each word).
struct LayoutMatcher {
    let dictionary: DictionaryMatcher
    let mappings: [LayoutMapping]

    /// Both directions for every layout but Zhuyin, whose words typed on US keys would read as
    /// bopomofo, which no list holds (Chinese is written in characters an input method offers
    /// for the bopomofo, not in bopomofo).
    static let mappings: [LayoutMapping] = {
        typealias K = KeyboardLayouts
        let both = [K.russian, K.ukrainian, K.greek, K.hebrew, K.arabic, K.korean, K.qwertz, K.azerty, K.dvorak]
        return both.flatMap { [LayoutMapping($0, .fromUS), LayoutMapping($0, .toUS)] } + [LayoutMapping(K.zhuyin, .toUS)]
    }()

    init(dictionary: DictionaryMatcher, mappings: [LayoutMapping] = Self.mappings) {
        self.dictionary = dictionary
        self.mappings = mappings
    }

    func matches(in password: PasswordText) -> [Match] {
        let log10Mappings = Log10.of(Double(mappings.count))
        var found: [Match] = [], words: [Match] = []
        var mapped = MappedText()
        for mapping in mappings {
            guard mapping.map(password, into: &mapped) else { continue }
            let (typedOn, meantFor) = mapping.direction == .fromUS
                ? (KeyboardLayouts.qwerty.name, mapping.layout.name) : (mapping.layout.name, KeyboardLayouts.qwerty.name)
            words.removeAll(keepingCapacity: true)
            dictionary.plainMatches(codes: mapped.codes, lowered: mapped.lowered, into: &words)
            for match in words {
                guard case .dictionary(var word) = match.pattern, let bounds = mapped.originalBounds(of: match.start...match.end)
                else { continue }
                let guesses = match.log10Guesses + log10Mappings
                // In an ASCII password brute force costs 10 a unit: a word that costs more than its
                // units is never chosen over them (most short words another layout's reading holds).
                if password.isASCII && guesses > Double(bounds.count) { continue }
                word.typedAs = LayoutTyping(typedOn: typedOn, meantFor: meantFor, spelling: mapped.spelling(match.start...match.end))
                found.append(Match(start: bounds.lowerBound, end: bounds.upperBound, log10Guesses: guesses, pattern: .dictionary(word)))
            }
        }
        return found
    }
}
