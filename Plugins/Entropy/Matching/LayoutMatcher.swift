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
        var found: [Match] = []
        for mapping in mappings {
            guard let mapped = mapping.map(password) else { continue }
            let (typedOn, meantFor) = mapping.direction == .fromUS
                ? (KeyboardLayouts.qwerty.name, mapping.layout.name) : (mapping.layout.name, KeyboardLayouts.qwerty.name)
            for match in dictionary.plainMatches(in: mapped.text) {
                guard case .dictionary(var word) = match.pattern, let bounds = mapped.originalBounds(of: match.start...match.end)
                else { continue }
                word.typedAs = LayoutTyping(typedOn: typedOn, meantFor: meantFor, spelling: mapped.text.token(match.start...match.end))
                found.append(Match(start: bounds.lowerBound, end: bounds.upperBound,
                                   log10Guesses: match.log10Guesses + log10Mappings, pattern: .dictionary(word)))
            }
        }
        return found
    }
}
