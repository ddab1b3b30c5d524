/// One part of a password in the chosen explanation: which pattern, which characters, and what it
/// costs an attacker. The words describing it are worked out only when asked for, so that an
/// estimate nobody prints costs no text.
public struct Segment: Sendable {
    /// Unit (grapheme cluster) bounds, inclusive.
    public let start: Int
    public let end: Int
    /// log10 of the guesses for this part.
    public let log10Guesses: Double
    /// The pattern it follows; nil for brute force.
    let match: Match?
    /// For brute force, the largest alphabet one of its units was charged (10 unless the text
    /// looks random: see `RandomText`).
    let bruteforceAlphabet: Int
    private let text: PasswordText

    init(text: PasswordText, start: Int, end: Int, match: Match?, bruteforce: RandomText? = nil) {
        self.text = text
        self.start = start
        self.end = end
        self.match = match
        let floor = end - start + 1 == text.count ? 0
            : (end == start ? MinimumGuessSearch.singleUnitFloor : MinimumGuessSearch.multiUnitFloor)
        if let match {
            log10Guesses = max(match.log10Guesses, floor)
            bruteforceAlphabet = 0
        } else if let bruteforce {
            log10Guesses = bruteforce.log10Bruteforce(start, end)
            bruteforceAlphabet = bruteforce.cardinalities[start...end].max() ?? 0
        } else {
            log10Guesses = MinimumGuessSearch.log10Bruteforce(length: end - start + 1)
            bruteforceAlphabet = Int(MinimumGuessSearch.bruteforceCardinality)
        }
    }

    /// Whether this brute force was charged by an alphabet rather than 10 per unit.
    private var isRandomText: Bool { bruteforceAlphabet > Int(MinimumGuessSearch.bruteforceCardinality) }

    public var bits: Double { log10Guesses * 3.321928094887362 }
    var length: Int { end - start + 1 }

    /// The characters of the password this part covers (for showing a person who typed it).
    public var token: String { text.token(start...end) }

    /// dictionary, spatial, repeat, sequence, year, date, constant, counting, number_words, hangul_keys, columns, rows or bruteforce.
    public var pattern: String {
        switch match?.pattern {
        case .dictionary?: "dictionary"
        case .spatial?: "spatial"
        case .repeated?: "repeat"
        case .sequence?: "sequence"
        case .year?: "year"
        case .date?: "date"
        case .constant?: "constant"
        case .counting?: "counting"
        case .columns?: "columns"
        case .rows?: "rows"
        case .numberWords?: "number_words"
        case .hangulKeys?: "hangul_keys"
        case nil: "bruteforce"
        }
    }

    /// What the pattern was, in a few words: `"password" (#2 of common passwords), l33t @→a`.
    public var explanation: String {
        switch match?.pattern {
        case .dictionary(let word)?:
            // Built by appending (one per password in batch mode), not from a list of notes.
            var text = "\"\(word.word(spelledAs: token))\" (#\(word.rank) of \(word.list.title))"
            if let typed = word.typedAs { text += ", typed on " + typed.typedOn + " for " + typed.meantFor }
            if word.reversed { text += ", reversed" }
            if word.log10UppercaseVariations > 0 { text += ", capitals" }
            if word.log10SeparatorVariations > 0 { text += ", separators" }
            if !word.substitutions.isEmpty {
                text += ", l33t " + word.substitutions.map { "\($0.l33t)→\($0.letter)" }.joined(separator: " ")
            }
            return text
        case .spatial(let layout, let turns, let shifted)?:
            return "keyboard walk on \(layout), \(turns) turn\(turns == 1 ? "" : "s")" + (shifted > 0 ? ", \(shifted) shifted" : "")
        case .repeated(let blockLength, let count, _)?:
            return "\"\(text.token(start...(start + blockLength - 1)))\" \(count) times"
        case .sequence(let name, let step)?:
            return "\(name) sequence, step \(step)"
        case .year?:
            return "a recent year"
        case .date(let year, let month, let day, _)?:
            return "a date (day \(day), month \(month), year \(year))"
        case .constant(let name, let digits, let integerPart, _)?:
            return integerPart ? "the first \(digits) digits of \(name)" : "the first \(digits) decimals of \(name)"
        case .counting(let first, let step, let terms, _)?:
            return "counting \(step < 0 ? "down" : "up") by \(abs(step)) from \(first), \(terms) numbers"
        case .columns(let layout, let columns, let height, let shifted)?:
            return "\(columns) columns of \(height) keys on \(layout)" + (shifted > 0 ? ", \(shifted) shifted" : "")
        case .rows(let layout, let rows, let shifted)?:
            return "\(rows) rows of keys on \(layout)" + (shifted > 0 ? ", \(shifted) shifted" : "")
        case .hangulKeys(let syllables, let hangul)?:
            return "\(syllables) Hangul syllables \(hangul), typed on qwerty for korean"
        case .numberWords(let language, let first, let step, let terms, _)?:
            return "counting \(step < 0 ? "down" : "up") by \(abs(step)) from \(first) in \(language) words, \(terms) numbers"
        case nil where isRandomText:
            return "random text: characters of an alphabet of up to \(bruteforceAlphabet)"
        case nil:
            return "no pattern: every character guessed"
        }
    }

    /// Machine-readable facts for --json, in order: each one's name and value handed to `fact`.
    func forEachDetail(_ fact: (StaticString, DetailValue) -> Void) {
        switch match?.pattern {
        case .dictionary(let word)?:
            fact("word", .text(word.word(spelledAs: token)))
            fact("list", .text(word.list.name))
            fact("rank", .integer(word.rank))
            fact("reversed", .flag(word.reversed))
            fact("l33t", .flag(!word.substitutions.isEmpty))
            fact("uppercase_variations", .number(Log10.power(word.log10UppercaseVariations).rounded()))
            fact("l33t_variations", .number(Log10.power(word.log10L33tVariations).rounded()))
            fact("typed_on", word.typedAs.map { .text($0.typedOn) } ?? .null)
            fact("meant_for", word.typedAs.map { .text($0.meantFor) } ?? .null)
            fact("separator_variations", .number(Log10.power(word.log10SeparatorVariations).rounded()))
        case .spatial(let layout, let turns, let shifted)?:
            fact("keyboard", .text(layout))
            fact("turns", .integer(turns))
            fact("shifted", .integer(shifted))
        case .repeated(let blockLength, let count, let blockGuesses)?:
            fact("block", .text(text.token(start...(start + blockLength - 1))))
            fact("count", .integer(count))
            fact("block_guesses_log10", .number(blockGuesses.rounded(places: 4)))
        case .sequence(let name, let step)?:
            fact("sequence", .text(name))
            fact("step", .integer(step))
        case .year(let year)?:
            fact("year", .integer(year))
        case .date(let year, let month, let day, let separator)?:
            fact("year", .integer(year))
            fact("month", .integer(month))
            fact("day", .integer(day))
            fact("separator", .text(separator))
        case .constant(let name, let digits, let integerPart, let separator)?:
            fact("constant", .text(name))
            fact("digits", .integer(digits))
            fact("integer_part", .flag(integerPart))
            fact("separator", .text(separator))
        case .counting(let first, let step, let terms, let separator)?:
            fact("first", .integer(first))
            fact("step", .integer(step))
            fact("terms", .integer(terms))
            fact("separator", .text(separator))
        case .columns(let layout, let columns, let height, let shifted)?:
            fact("keyboard", .text(layout))
            fact("columns", .integer(columns))
            fact("height", .integer(height))
            fact("shifted", .integer(shifted))
        case .rows(let layout, let rows, let shifted)?:
            fact("keyboard", .text(layout))
            fact("rows", .integer(rows))
            fact("shifted", .integer(shifted))
        case .hangulKeys(let syllables, let hangul)?:
            fact("syllables", .integer(syllables))
            fact("hangul", .text(hangul))
            fact("typed_on", .text("qwerty"))
            fact("meant_for", .text("korean"))
        case .numberWords(let language, let first, let step, let terms, let separator)?:
            fact("language", .text(language))
            fact("first", .integer(first))
            fact("step", .integer(step))
            fact("terms", .integer(terms))
            fact("separator", .text(separator))
        case nil where isRandomText:
            fact("alphabet", .integer(bruteforceAlphabet))
        case nil:
            break
        }
    }

    /// The dictionary word this part is, if it is one.
    var word: DictionaryWord? {
        if case .dictionary(let word)? = match?.pattern { return word }
        return nil
    }
}

extension WordList {
    var title: String {
        switch self {
        case .passwords: "common passwords"
        case .englishWikipedia: "English words"
        case .tvAndFilm: "words of TV and film"
        case .surnames: "surnames"
        case .maleNames, .femaleNames: "first names"
        case .userInputs: "this entry's name, username and site"
        case .passwordsOf(let language): "common \(language.name) passwords"
        case .wordsOf(let language): "\(language.name) words"
        case .famousPhrases: "famous phrases and passwords"
        }
    }
}

/// A fact of a segment, typed as JSON will carry it.
public enum DetailValue: Sendable, Equatable {
    case text(String)
    case integer(Int)
    case number(Double)
    case flag(Bool)
    case null
}
