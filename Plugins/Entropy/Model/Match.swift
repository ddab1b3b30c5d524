/// A part of a password that follows a pattern an attacker guesses (brute force, the fallback,
/// needs no match), with the number of guesses
/// that pattern needs. Bounds are unit indices, both inclusive.
struct Match: Sendable {
    var start: Int
    var end: Int
    /// log10 of the guesses for this part on its own (before the floor a part of a longer
    /// password gets).
    var log10Guesses: Double
    var pattern: Pattern

    var length: Int { end - start + 1 }
}

/// Which pattern a match follows, with what the explanation needs.
enum Pattern: Sendable {
    /// A word of a ranked list, maybe capitalised, reversed or with l33t substitutions.
    case dictionary(DictionaryWord)
    /// A run of adjacent keys on a keyboard layout.
    case spatial(layout: String, turns: Int, shiftedCount: Int)
    /// A block repeated `count` times; `baseLog10Guesses` is the block's own estimate.
    case repeated(blockLength: Int, count: Int, baseLog10Guesses: Double)
    /// Code points in a constant step: abc, 9753, αβγ.
    case sequence(name: String, step: Int)
    /// A year.
    case year(Int)
    /// A day, month and year, with or without a separator.
    case date(year: Int, month: Int, day: Int, separator: String)
    /// The first digits of a famous constant (pi, e, sqrt2, phi), with or without the digit before
    /// the point, and the point or comma typed (`separator`) if any.
    case constant(name: String, digits: Int, integerPart: Bool, separator: String)
    /// Numbers counted from `first` by `step` (negative counting down), `terms` of them, with
    /// the same separator between them or none: 12345678910, 10 20 30, 100999897.
    case counting(first: Int, step: Int, terms: Int, separator: String)
    /// Columns of keys walked one after another, `height` keys each: 1qaz2wsx, zaq12wsx.
    case columns(layout: String, columns: Int, height: Int, shiftedCount: Int)
    /// Numbers spelled out in words, counted from `first` by `step`: onetwothreefour.
    case numberWords(language: String, first: Int, step: Int, terms: Int, separator: String)
    /// Korean typed on US keys, `syllables` Hangul syllables that read as `hangul`: rkawkxkd.
    case hangulKeys(syllables: Int, hangul: String)
    /// Keyboard rows typed one after another: qwertyuiopasdfghjkl.
    case rows(layout: String, rows: Int, shiftedCount: Int)
}

/// The facts of a dictionary match.
struct DictionaryWord: Sendable {
    var list: WordList
    var rank: Int
    var reversed: Bool
    /// l33t characters and the letters they stand for, in the order met.
    var substitutions: [Substitution]

    /// The layouts, when the word was typed with the wrong one active (`gfhjkm` for `пароль`).
    var typedAs: LayoutTyping? = nil

    /// The list's word, given the token that matched it.
    func word(spelledAs token: String) -> String {
        let spelling = typedAs?.spelling ?? token
        if spelling.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (most words): lower-cased, substituted and reversed byte by byte.
            var bytes = spelling.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
            for substitution in substitutions {
                guard let l33t = substitution.l33t.asciiValue, let letter = substitution.letter.asciiValue else { continue }
                for index in bytes.indices where bytes[index] == l33t { bytes[index] = letter }
            }
            if reversed { bytes.reverse() }
            return String(decoding: bytes, as: UTF8.self)
        }
        let letters = LetterCase.lowercased(spelling).map { character in substitutions.first { $0.l33t == character }?.letter ?? character }
        return String(reversed ? letters.reversed() : letters)
    }
    /// log10 of the ways the word's capitalisation could have been chosen.
    var log10UppercaseVariations: Double
    /// log10 of the ways its substitutions could have been chosen.
    var log10L33tVariations: Double
    /// log10 of the ways the separators between a phrase's words could have been chosen.
    var log10SeparatorVariations: Double = 0
}

/// A word typed with one keyboard layout active and meant for another, and how it reads there.
struct LayoutTyping: Sendable {
    /// The layout that was active, and the one the word was typed for (`qwerty`, `russian`).
    let typedOn: String
    let meantFor: String
    /// The password's token as it reads on `meantFor`.
    let spelling: String
}

/// A l33t character and the letter it stands for (`@` for `a`).
struct Substitution: Sendable {
    let l33t: Character
    let letter: Character
}

/// The bundled ranked word lists.
enum WordList: Sendable, Hashable {
    case passwords
    case englishWikipedia
    case tvAndFilm
    case surnames
    case maleNames
    case femaleNames
    /// The entry's own name, username and site.
    case userInputs
    /// Passwords common among people who speak the language.
    case passwordsOf(Language)
    /// Frequent words of the language: in its own script, romanised, or both.
    case wordsOf(Language)
    /// Well-known phrases and famous passwords (`PhraseMatcher`).
    case famousPhrases

    /// The list's name in --json: `passwords`, `passwords_zh`, `words_ru`.
    var name: String {
        switch self {
        case .passwords: "passwords"
        case .englishWikipedia: "english_wikipedia"
        case .tvAndFilm: "us_tv_and_film"
        case .surnames: "surnames"
        case .maleNames: "male_names"
        case .femaleNames: "female_names"
        case .userInputs: "user_inputs"
        case .passwordsOf(let language): "passwords_\(language.rawValue)"
        case .wordsOf(let language): "words_\(language.rawValue)"
        case .famousPhrases: "famous_phrases"
        }
    }

    /// The letter that names the list in RankedWordData (scripts/entropy-wordlists).
    init?(letter: UInt8) {
        switch letter {
        case UInt8(ascii: "p"): self = .passwords
        case UInt8(ascii: "e"): self = .englishWikipedia
        case UInt8(ascii: "t"): self = .tvAndFilm
        case UInt8(ascii: "s"): self = .surnames
        case UInt8(ascii: "m"): self = .maleNames
        case UInt8(ascii: "f"): self = .femaleNames
        case UInt8(ascii: "C"): self = .passwordsOf(.chinese)
        case UInt8(ascii: "D"): self = .passwordsOf(.german)
        case UInt8(ascii: "F"): self = .passwordsOf(.french)
        case UInt8(ascii: "P"): self = .passwordsOf(.portuguese)
        case UInt8(ascii: "H"): self = .passwordsOf(.hindi)
        case UInt8(ascii: "A"): self = .passwordsOf(.arabic)
        case UInt8(ascii: "I"): self = .passwordsOf(.hebrew)
        case UInt8(ascii: "Z"): self = .wordsOf(.chinese)
        case UInt8(ascii: "S"): self = .wordsOf(.spanish)
        case UInt8(ascii: "O"): self = .wordsOf(.portuguese)
        case UInt8(ascii: "G"): self = .wordsOf(.german)
        case UInt8(ascii: "R"): self = .wordsOf(.french)
        case UInt8(ascii: "J"): self = .wordsOf(.japanese)
        case UInt8(ascii: "N"): self = .wordsOf(.hindi)
        case UInt8(ascii: "U"): self = .wordsOf(.russian)
        case UInt8(ascii: "Y"): self = .wordsOf(.ukrainian)
        case UInt8(ascii: "E"): self = .wordsOf(.greek)
        case UInt8(ascii: "V"): self = .wordsOf(.hebrew)
        case UInt8(ascii: "B"): self = .wordsOf(.arabic)
        case UInt8(ascii: "K"): self = .wordsOf(.korean)
        default: return nil
        }
    }
}
