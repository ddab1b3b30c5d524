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
}

/// The facts of a dictionary match.
struct DictionaryWord: Sendable {
    var list: WordList
    var rank: Int
    var reversed: Bool
    /// l33t characters and the letters they stand for, in the order met.
    var substitutions: [Substitution]

    /// The list's word, given the token that matched it.
    func word(spelledAs token: String) -> String {
        let letters = token.lowercased().map { character in substitutions.first { $0.l33t == character }?.letter ?? character }
        return String(reversed ? letters.reversed() : letters)
    }
    /// log10 of the ways the word's capitalisation could have been chosen.
    var log10UppercaseVariations: Double
    /// log10 of the ways its substitutions could have been chosen.
    var log10L33tVariations: Double
}

/// A l33t character and the letter it stands for (`@` for `a`).
struct Substitution: Sendable {
    let l33t: Character
    let letter: Character
}

/// The bundled ranked word lists.
enum WordList: String, Sendable, CaseIterable {
    case passwords
    case englishWikipedia = "english_wikipedia"
    case tvAndFilm = "us_tv_and_film"
    case surnames
    case maleNames = "male_names"
    case femaleNames = "female_names"
    /// The entry's own name, username and site.
    case userInputs = "user_inputs"

    /// The letter that names the list in RankedWordData.
    init?(letter: UInt8) {
        switch letter {
        case UInt8(ascii: "p"): self = .passwords
        case UInt8(ascii: "e"): self = .englishWikipedia
        case UInt8(ascii: "t"): self = .tvAndFilm
        case UInt8(ascii: "s"): self = .surnames
        case UInt8(ascii: "m"): self = .maleNames
        case UInt8(ascii: "f"): self = .femaleNames
        default: return nil
        }
    }
}
