/// Finds counting spelled out in words, one number after the next: `onetwothreefourfive`,
/// `One-Two-Three`, `dixneufhuit`, `odindvatri`, `하나둘셋`, in the languages of
/// `NumberWordData` (sources in Resources/SOURCES.md), up or down by one or two, written together
/// or with the same separator throughout, three numbers at least. zxcvbn finds the words one by
/// one, each a part of its own.
struct NumberWordMatcher: Sendable, PasswordMatcher {
    /// A way to spell a number in a language: the lower-case codes.
    struct Spelling: Sendable {
        let codes: [UInt32]
        let language: Int
        let value: Int
    }

    /// The language names, in the order of the data.
    let languages: [String]
    /// Every spelling, by the language and value it spells.
    private let spellings: [[[[UInt32]]]]
    /// The spellings that start with each ASCII code, and the others by their first code.
    private let asciiStarts: [[Spelling]]
    private let otherStarts: [UInt32: [Spelling]]

    /// The steps people count by.
    static let steps = [1, -1, 2, -2]
    /// What may stand between the words: space, `-`, `_`, `.`, `,`.
    static let separators: [UInt32] = [0x20, 0x2D, 0x5F, 0x2E, 0x2C]
    static let minimumTerms = 3

    /// The bundled data, read once.
    static let bundled = NumberWordMatcher(NumberWordData.text.description)

    /// `text`: a line per language, its name and then the numbers from zero, each written as its
    /// spellings joined by `|`.
    init(_ text: String) {
        var languages: [String] = [], spellings: [[[[UInt32]]]] = []
        var asciiStarts = [[Spelling]](repeating: [], count: 128), otherStarts: [UInt32: [Spelling]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let name = fields.first else { continue }
            let language = languages.count
            languages.append(String(name))
            spellings.append(fields.dropFirst().enumerated().map { value, written in
                written.split(separator: "|").map { spelling in
                    let codes = PasswordText(String(spelling)).lowered
                    let entry = Spelling(codes: codes, language: language, value: value)
                    if codes[0] < 0x80 { asciiStarts[Int(codes[0])].append(entry) } else { otherStarts[codes[0], default: []].append(entry) }
                    return codes
                }
            })
        }
        self.languages = languages
        self.spellings = spellings
        self.asciiStarts = asciiStarts
        self.otherStarts = otherStarts
    }

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        let lowered = password.lowered
        var start = 0
        while start < lowered.count {
            let first = lowered[start]
            let candidates = first < 0x80 ? asciiStarts[Int(first)] : otherStarts[first] ?? []
            var longest: Match? = nil
            for candidate in candidates where Self.spells(candidate.codes, at: start, in: lowered) {
                for step in Self.steps {
                    guard let match = count(from: start, first: candidate, step: step, in: password),
                          match.end > longest?.end ?? -1 else { continue }
                    longest = match
                }
            }
            if let longest {
                found.append(longest)
                start = longest.end + 1
            } else {
                start += 1
            }
        }
    }

    /// The count that starts with `first` at `start` and goes on by `step`, if it has enough terms.
    private func count(from start: Int, first: Spelling, step: Int, in password: PasswordText) -> Match? {
        let lowered = password.lowered
        var end = start + first.codes.count, value = first.value, terms = 1
        var separator: UInt32? = nil
        // Where each word starts, from the second one on (most candidates have none, and an empty
        // list costs nothing).
        var wordStarts: [Int] = []
        while true {
            var next = end
            if next < lowered.count, Self.separators.contains(lowered[next]), separator == nil || separator == lowered[next] {
                if terms == 1 || separator != nil { next += 1 }
            }
            let nextValue = value + step
            // The longest spelling that is there (shest' before shest).
            guard nextValue >= 0, nextValue < spellings[first.language].count else { break }
            var longest: [UInt32]? = nil
            for spelling in spellings[first.language][nextValue]
            where spelling.count > longest?.count ?? -1 && Self.spells(spelling, at: next, in: lowered) {
                longest = spelling
            }
            guard let spelling = longest else { break }
            if next > end { separator = lowered[end] }
            if wordStarts.isEmpty { wordStarts.append(start) }
            wordStarts.append(next)
            end = next + spelling.count
            value = nextValue
            terms += 1
        }
        guard terms >= Self.minimumTerms else { return nil }
        let bounds = start...(end - 1)
        return Match(start: start, end: end - 1,
                     log10Guesses: log10Guesses(first: first.value, step: step, terms: terms, separated: separator != nil)
                         + Self.log10Capitals(password.codes[bounds], wordStarts: wordStarts.map { $0 - start }),
                     pattern: .numberWords(language: languages[first.language], first: first.value, step: step, terms: terms,
                                           separator: separator.map { String(Character(Unicode.Scalar($0)!)) } ?? ""))
    }

    private static func spells(_ codes: [UInt32], at index: Int, in lowered: [UInt32]) -> Bool {
        guard index + codes.count <= lowered.count else { return false }
        for (offset, code) in codes.enumerated() where lowered[index + offset] != code { return false }
        return true
    }

    /// An attacker picks the language, the first number (2 for zero or one, or counting down to
    /// them; 10 otherwise), the step (2: by one or by two), the direction (2), the separator (1
    /// for none, 5 for one of them) and how many numbers.
    func log10Guesses(first: Int, step: Int, terms: Int, separated: Bool) -> Double {
        let last = first + step * (terms - 1)
        let starts = first <= 1 || (step < 0 && last <= 1) ? 2.0 : 10.0
        return Log10.of(Double(languages.count) * starts * 2 * 2 * (separated ? 5 : 1) * Double(terms))
    }

    /// Capitals starting every word, the first only, or every letter cost 2, as for phrases;
    /// any other mix as for a word.
    static func log10Capitals(_ codes: ArraySlice<UInt32>, wordStarts: [Int]) -> Double {
        let capitals = codes.indices.filter { LetterCase.isUpper(codes[$0]) }.map { $0 - codes.startIndex }
        if capitals.isEmpty { return 0 }
        if capitals == wordStarts || capitals == [0] || !codes.contains(where: LetterCase.isLower) { return Log10.of(2) }
        return Variations.log10Uppercase(codes)
    }
}
