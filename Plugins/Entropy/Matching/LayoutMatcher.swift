/// Finds words typed with the wrong keyboard layout active, and counts each over the password's
/// own units at the word's guesses times the 20 readings an attacker tries (one more guess per
/// reading, for each word). The words are looked for as they are: not reversed, no substitutions.
///
/// - A word of another script typed with US QWERTY active (`gfhjkm`, Russian `пароль`): the
///   keys of such words are a table of their own (`LayoutWordKeys`, written from the layouts and
///   the word lists), searched once over an ASCII password; a key sequence found there is read
///   on its layout and the reading looked up in the word lists, which decide list and rank.
/// - The other mappings (a US word typed with another layout active, and the Latin layouts both
///   ways) turn the password into what it reads as on the other layout (linear in its length),
///   where the dictionary matcher looks for words.
/// - Keys typed for a Zhuyin input method are read as the pinyin of their syllables
///   (`ZhuyinSyllables`), where the Chinese lists' words are.
struct LayoutMatcher: PasswordMatcher {
    let dictionary: DictionaryMatcher
    let mappings: [LayoutMapping]
    /// The table of key sequences that type some word on a layout of another script.
    let wordKeys: RankedWords
    /// Those layouts' readings of US keys, by the letter that names the layout in the table.
    let keyedLayouts: [UInt8: LayoutMapping]

    /// The layouts of other scripts whose words are found by their keys, each with the letter
    /// that names it in `LayoutWordKeys`.
    static let keyedScripts: [(letter: UInt8, layout: KeyboardLayout)] = {
        typealias K = KeyboardLayouts
        return [(UInt8(ascii: "r"), K.russian), (UInt8(ascii: "u"), K.ukrainian), (UInt8(ascii: "g"), K.greek),
                (UInt8(ascii: "h"), K.hebrew), (UInt8(ascii: "a"), K.arabic), (UInt8(ascii: "k"), K.korean)]
    }()

    /// A US word typed with each layout active (`.toUS`), and the Latin layouts' words typed on
    /// US keys (`.fromUS`). Not Zhuyin's keys typed on US keys, which would read as bopomofo, which
    /// no list holds (Chinese is written in characters an input method offers for the bopomofo):
    /// they are read as pinyin instead.
    static let mappings: [LayoutMapping] = {
        typealias K = KeyboardLayouts
        let latin = [K.qwertz, K.azerty, K.dvorak].flatMap { [LayoutMapping($0, .fromUS), LayoutMapping($0, .toUS)] }
        return keyedScripts.map { LayoutMapping($0.layout, .toUS) } + latin + [LayoutMapping(K.zhuyin, .toUS)]
    }()

    /// What US keys read as on every layout of `keyedScripts`.
    static let keyedMappings = Dictionary(uniqueKeysWithValues: keyedScripts.map { ($0.letter, LayoutMapping($0.layout, .fromUS)) })

    /// The key each US character is typed on, unshifted (`G` and `g` are both `g`, `:` is `;`);
    /// other codes stay as they are. The table's key sequences are written the same way.
    static let unshiftedKeys: [UInt32] = {
        var keys = (0..<128).map { UInt32($0) }
        for characters in KeyboardLayouts.qwerty.keyCharacters where characters.count == 2 { keys[Int(characters[1])] = characters[0] }
        return keys
    }()

    init(dictionary: DictionaryMatcher, mappings: [LayoutMapping] = Self.mappings,
         wordKeys: RankedWords = .layoutWordKeys, keyedLayouts: [UInt8: LayoutMapping] = Self.keyedMappings) {
        self.dictionary = dictionary
        self.mappings = mappings
        self.wordKeys = wordKeys
        self.keyedLayouts = keyedLayouts
    }

    /// The readings an attacker tries: every mapping, every keyed layout and pinyin.
    var readings: Int { mappings.count + keyedLayouts.count + 1 }
    var log10Readings: Double { Log10.of(Double(readings)) }

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        let log10Readings = log10Readings
        var words: [Match] = []
        // A reading has as many units as the password, or a few more where a Hangul syllable or
        // an accented letter becomes its keys.
        var mapped = MappedText(capacity: 2 * password.count)
        if password.isASCII { keyedWords(in: password, log10Readings: log10Readings, mapped: &mapped, into: &found) }
        for mapping in mappings {
            guard mapping.map(password, into: &mapped) else { continue }
            let typing = mapping.direction == .fromUS
                ? (typedOn: KeyboardLayouts.qwerty.name, meantFor: mapping.layout.name) : (typedOn: mapping.layout.name, meantFor: KeyboardLayouts.qwerty.name)
            // An ASCII password's reading has one unit per key unless dead keys made a letter of
            // two keys (units only merge): then a word's units are the password's own.
            collect(in: mapped, typing: typing, log10Readings: log10Readings, unitForUnit: password.isASCII && mapped.count == password.count,
                    of: password, words: &words, into: &found)
        }
        if password.isASCII && ZhuyinSyllables.pinyin(of: password, into: &mapped) {
            let typing = (typedOn: KeyboardLayouts.qwerty.name, meantFor: KeyboardLayouts.zhuyin.name)
            collect(in: mapped, typing: typing, log10Readings: log10Readings, unitForUnit: false, of: password, words: &words, into: &found)
        }
    }

    /// Words of the keyed layouts' scripts typed on US keys: every run of an ASCII password's
    /// keys that the table holds for a layout, read on that layout and found in the lists.
    private func keyedWords(in password: PasswordText, log10Readings: Double, mapped: inout MappedText, into found: inout [Match]) {
        let keys = password.codes.map { Self.unshiftedKeys[Int($0)] }
        for start in keys.indices {
            var range = wordKeys.everything
            for end in start..<keys.count {
                range = wordKeys.narrow(range, by: keys[end])
                if range.isEmpty { break }
                var line = range.lower
                while line < range.upper, let entry = wordKeys.entry(line: line, depth: range.depth) {
                    line += 1
                    // The table's rank is the best of the words these keys type on the layout: a
                    // word costs at least that, and one that costs more than brute force of its
                    // units (10 a unit in an ASCII password) is never chosen over them.
                    guard DictionaryMatcher.isCheaper(rank: entry.rank, readings: readings, units: end - start + 1),
                          let mapping = keyedLayouts[entry.tag], mapping.map(keys: password.codes[start...end], into: &mapped),
                          let hit = dictionary.words.hit(dictionary.words.narrow(dictionary.words.everything, by: mapped.lowered))
                    else { continue }
                    let match = Match.dictionary(0...(mapped.count - 1), list: hit.list, rank: hit.rank, reversed: false, substitutions: [],
                                                 codes: mapped.codes, lowered: mapped.lowered)
                    let guesses = match.log10Guesses + log10Readings
                    guard case .dictionary(var word) = match.pattern, guesses <= Double(end - start + 1) else { continue }
                    word.typedAs = LayoutTyping(typedOn: KeyboardLayouts.qwerty.name, meantFor: mapping.layout.name, spelling: mapped.spelling())
                    found.append(Match(start: start, end: end, log10Guesses: guesses, pattern: .dictionary(word)))
                }
            }
        }
    }

    /// The words of `mapped`, a reading of `password`, as matches over the password's units;
    /// `unitForUnit` when each unit of the reading is the ASCII password's unit at its place, so
    /// that words dearer than brute force of their units are dropped before they are built.
    private func collect(in mapped: MappedText, typing: (typedOn: String, meantFor: String), log10Readings: Double, unitForUnit: Bool,
                         of password: PasswordText, words: inout [Match], into found: inout [Match]) {
        words.removeAll(keepingCapacity: true)
        let readings = unitForUnit ? readings : nil
        dictionary.plainMatches(codes: mapped.codes, lowered: mapped.lowered, cheaperThanUnitsOver: readings, into: &words)
        for match in words {
            guard case .dictionary(var word) = match.pattern, let bounds = mapped.originalBounds(of: match.start...match.end)
            else { continue }
            let guesses = match.log10Guesses + log10Readings
            // In an ASCII password brute force costs 10 a unit: a word that costs more than its
            // units is never chosen over them (most short words another layout's reading holds).
            if password.isASCII && guesses > Double(bounds.count) { continue }
            word.typedAs = LayoutTyping(typedOn: typing.typedOn, meantFor: typing.meantFor, spelling: mapped.spelling(match.start...match.end))
            found.append(Match(start: bounds.lowerBound, end: bounds.upperBound, log10Guesses: guesses, pattern: .dictionary(word)))
        }
    }
}
