/// One part of a password in the chosen explanation: which pattern, which characters, and what it
/// costs an attacker.
public struct Segment: Sendable {
    /// dictionary, spatial, repeat, sequence, year, date or bruteforce.
    public let pattern: String
    /// The characters of the password this part covers (for showing a person who typed it).
    public let token: String
    /// Unit (grapheme cluster) bounds, inclusive.
    public let start: Int
    public let end: Int
    /// log10 of the guesses for this part.
    public let log10Guesses: Double
    /// What the pattern was, in a few words: `"password" (#2 of common passwords), l33t @→a`.
    public let explanation: String
    /// Machine-readable facts for --json.
    public let details: KeyValuePairs<String, DetailValue>
    /// The dictionary list, for advice.
    let list: WordList?
    let rank: Int?
    let isPlainWord: Bool
    let isCapitalised: Bool
    let isAllUppercase: Bool
    let isReversed: Bool
    let hasSubstitutions: Bool
    let spatialTurns: Int?
    let repeatBlockLength: Int?

    public var bits: Double { log10Guesses * 3.321928094887362 }
    var length: Int { end - start + 1 }

    init(text: PasswordText, start: Int, end: Int, match: Match?) {
        self.start = start
        self.end = end
        token = text.token(start...end)
        let floor = end - start + 1 == text.count ? 0
            : (end == start ? MinimumGuessSearch.singleUnitFloor : MinimumGuessSearch.multiUnitFloor)
        log10Guesses = match.map { max($0.log10Guesses, floor) } ?? MinimumGuessSearch.log10Bruteforce(length: end - start + 1)
        var list: WordList? = nil, rank: Int? = nil, turns: Int? = nil, block: Int? = nil
        var capitalised = false, allUpper = false, reversed = false, substituted = false
        switch match?.pattern {
        case .dictionary(let word)?:
            pattern = "dictionary"
            list = word.list
            rank = word.rank
            reversed = word.reversed
            substituted = !word.substitutions.isEmpty
            let codes = Array(token.unicodeScalars.map(\.value))
            let upper = codes.count { $0 >= 0x41 && $0 <= 0x5A }
            capitalised = upper == 1 && codes.first.map { $0 >= 0x41 && $0 <= 0x5A } == true
            allUpper = upper > 0 && !codes.contains { $0 >= 0x61 && $0 <= 0x7A }
            let listWord = word.word(spelledAs: token)
            var notes = ["\"\(listWord)\" (#\(word.rank) of \(word.list.title))"]
            if reversed { notes.append("reversed") }
            if word.log10UppercaseVariations > 0 { notes.append("capitals") }
            if substituted { notes.append("l33t " + word.substitutions.map { "\($0.l33t)→\($0.letter)" }.joined(separator: " ")) }
            explanation = notes.joined(separator: ", ")
            details = ["word": .text(listWord), "list": .text(word.list.rawValue), "rank": .integer(word.rank),
                       "reversed": .flag(word.reversed), "l33t": .flag(substituted),
                       "uppercase_variations": .number(Log10.power(word.log10UppercaseVariations).rounded()),
                       "l33t_variations": .number(Log10.power(word.log10L33tVariations).rounded())]
        case .spatial(let layout, let spatialTurns, let shifted)?:
            pattern = "spatial"
            turns = spatialTurns
            explanation = "keyboard walk on \(layout), \(spatialTurns) turn\(spatialTurns == 1 ? "" : "s")"
                + (shifted > 0 ? ", \(shifted) shifted" : "")
            details = ["keyboard": .text(layout), "turns": .integer(spatialTurns), "shifted": .integer(shifted)]
        case .repeated(let blockLength, let count, let blockGuesses)?:
            pattern = "repeat"
            block = blockLength
            let blockText = text.token(start...(start + blockLength - 1))
            explanation = "\"\(blockText)\" \(count) times"
            details = ["block": .text(blockText), "count": .integer(count),
                       "block_guesses_log10": .number(blockGuesses.rounded(places: 4))]
        case .sequence(let name, let step)?:
            pattern = "sequence"
            explanation = "\(name) sequence, step \(step)"
            details = ["sequence": .text(name), "step": .integer(step)]
        case .year(let year)?:
            pattern = "year"
            explanation = "a recent year"
            details = ["year": .integer(year)]
        case .date(let year, let month, let day, let separator)?:
            pattern = "date"
            explanation = "a date (day \(day), month \(month), year \(year))"
            details = ["year": .integer(year), "month": .integer(month), "day": .integer(day), "separator": .text(separator)]
        case nil:
            pattern = "bruteforce"
            explanation = "no pattern: every character guessed"
            details = [:]
        }
        self.list = list
        self.rank = rank
        isPlainWord = list != nil && !reversed && !substituted
        isCapitalised = capitalised
        isAllUppercase = allUpper
        isReversed = reversed
        hasSubstitutions = substituted
        spatialTurns = turns
        repeatBlockLength = block
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
        }
    }
}

/// A fact of a segment, typed as JSON will carry it.
public enum DetailValue: Sendable, Equatable {
    case text(String)
    case integer(Int)
    case number(Double)
    case flag(Bool)
}
