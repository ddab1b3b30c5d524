/// Finds words typed with the wrong keyboard layout active: each mapping turns the password into
/// what it reads as on the other layout (linear in its length), the dictionary matcher looks for
/// words there (as they are: not reversed, no substitutions), and a word found counts over the
/// password's own units, at the word's guesses times the number of readings an attacker tries
/// (one more guess per reading, for each word). Keys typed for a Zhuyin input method are read
/// as the pinyin of their syllables (`ZhuyinSyllables`), where the Chinese lists' words are.
struct LayoutMatcher {
    let dictionary: DictionaryMatcher
    let mappings: [LayoutMapping]

    /// Both directions for every layout but Zhuyin, whose keys typed on US keys would read as
    /// bopomofo, which no list holds (Chinese is written in characters an input method offers
    /// for the bopomofo): they are read as pinyin instead.
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
        let log10Mappings = Log10.of(Double(mappings.count + 1))
        var found: [Match] = [], words: [Match] = []
        var mapped = MappedText()
        for mapping in mappings {
            guard mapping.map(password, into: &mapped) else { continue }
            let typing = mapping.direction == .fromUS
                ? (typedOn: KeyboardLayouts.qwerty.name, meantFor: mapping.layout.name) : (typedOn: mapping.layout.name, meantFor: KeyboardLayouts.qwerty.name)
            collect(in: mapped, typing: typing, log10Mappings: log10Mappings, of: password, words: &words, into: &found)
        }
        if password.isASCII && ZhuyinSyllables.pinyin(of: password, into: &mapped) {
            let typing = (typedOn: KeyboardLayouts.qwerty.name, meantFor: KeyboardLayouts.zhuyin.name)
            collect(in: mapped, typing: typing, log10Mappings: log10Mappings, of: password, words: &words, into: &found)
        }
        return found
    }

    /// The words of `mapped`, a reading of `password`, as matches over the password's units.
    private func collect(in mapped: MappedText, typing: (typedOn: String, meantFor: String), log10Mappings: Double,
                         of password: PasswordText, words: inout [Match], into found: inout [Match]) {
        words.removeAll(keepingCapacity: true)
        dictionary.plainMatches(codes: mapped.codes, lowered: mapped.lowered, into: &words)
        for match in words {
            guard case .dictionary(var word) = match.pattern, let bounds = mapped.originalBounds(of: match.start...match.end)
            else { continue }
            let guesses = match.log10Guesses + log10Mappings
            // In an ASCII password brute force costs 10 a unit: a word that costs more than its
            // units is never chosen over them (most short words another layout's reading holds).
            if password.isASCII && guesses > Double(bounds.count) { continue }
            word.typedAs = LayoutTyping(typedOn: typing.typedOn, meantFor: typing.meantFor, spelling: mapped.spelling(match.start...match.end))
            found.append(Match(start: bounds.lowerBound, end: bounds.upperBound, log10Guesses: guesses, pattern: .dictionary(word)))
        }
    }
}
