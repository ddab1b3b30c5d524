/// Advice for a weak password: a warning naming its biggest weakness and suggestions. Strong
/// passwords (score 3 or 4) get none.
public struct Feedback: Sendable {
    public let warning: String?
    public let suggestions: [String]

    static let addWords = "Add another word or two; uncommon words are better."

    init(score: Int, segments: [Segment]) {
        guard !segments.isEmpty else {
            warning = nil
            suggestions = ["Use a few words, avoiding common phrases.", "Symbols, digits and capitals are not needed."]
            return
        }
        guard score <= 2 else {
            warning = nil
            suggestions = []
            return
        }
        let longest = segments.dropFirst().reduce(segments[0]) { $1.length > $0.length ? $1 : $0 }
        let (warning, advice) = Self.advice(for: longest, isSole: segments.count == 1)
        self.warning = warning
        suggestions = [Self.addWords] + advice
    }

    private static func advice(for segment: Segment, isSole: Bool) -> (String?, [String]) {
        switch segment.match?.pattern {
        case .dictionary(let word)?: return dictionaryAdvice(word, segment: segment, isSole: isSole)
        case .spatial(_, let turns, _)?:
            return (turns == 1 ? "Straight rows of keys are easy to guess." : "Short keyboard patterns are easy to guess.",
                    ["Use a longer keyboard pattern with more turns."])
        case .repeated(let blockLength, _, _)?:
            return (blockLength == 1 ? "Repeated characters like \"aaa\" are easy to guess."
                        : "Repeated blocks like \"abcabc\" are barely harder to guess than one.",
                    ["Avoid repeated words and characters."])
        case .sequence?: return ("Sequences like \"abc\" or \"6543\" are easy to guess.", ["Avoid sequences."])
        case .year?: return ("Recent years are easy to guess.", ["Avoid recent years, and years that are associated with you."])
        case .date?: return ("Dates are often easy to guess.", ["Avoid dates and years that are associated with you."])
        case .constant?: return ("Digits of a famous number like pi are easy to guess.", ["Avoid well-known numbers."])
        case .counting?: return ("Counting like \"12345678910\" or \"10 20 30\" is easy to guess.", ["Avoid sequences."])
        case .columns?: return ("Columns of keys like \"1qaz2wsx\" are easy to guess.", ["Avoid keyboard patterns."])
        case .hangulKeys?: return ("Korean typed on the wrong keyboard is tried like Korean itself.", ["Avoid words and syllables of any language."])
        case .numberWords?: return ("Counting in words like \"onetwothree\" is easy to guess.", ["Avoid sequences."])
        case .rows?: return ("Rows of keys like \"qwertyuiopasdfgh\" are easy to guess.", ["Avoid keyboard patterns."])
        case nil: return (nil, [])
        }
    }

    private static func dictionaryAdvice(_ word: DictionaryWord, segment: Segment, isSole: Bool) -> (String?, [String]) {
        let isPlain = !word.reversed && word.substitutions.isEmpty && word.typedAs == nil
        var warning: String? = nil
        switch word.list {
        case .passwords, .passwordsOf:
            if isSole && isPlain {
                warning = word.rank <= 10 ? "This is a top-10 common password."
                    : word.rank <= 100 ? "This is a top-100 common password." : "This is a very common password."
            } else if segment.log10Guesses <= 4 {
                warning = "This is similar to a commonly used password."
            }
        case .englishWikipedia, .wordsOf:
            if isSole { warning = "A word on its own is easy to guess." }
        case .famousPhrases:
            warning = "Famous phrases and passwords are among the first an attacker tries."
        case .userInputs:
            warning = "Passwords built from the entry's name, username or site are easy to guess."
        case .surnames, .maleNames, .femaleNames:
            warning = isSole ? "Names and surnames on their own are easy to guess." : "Common names and surnames are easy to guess."
        case .tvAndFilm:
            break
        }
        let token = segment.token.unicodeScalars.map(\.value)
        let capitals = token.count(where: LetterCase.isUpper)
        var suggestions: [String] = []
        if capitals == 1 && token.count > 1 && LetterCase.isUpper(token[0]) {
            suggestions.append("Capitalisation does not help very much.")
        } else if capitals > 0 && !token.contains(where: LetterCase.isLower) {
            suggestions.append("All capitals are almost as easy to guess as all lower case.")
        }
        if word.typedAs != nil {
            suggestions.append("A word typed with another keyboard layout active is as easy to guess as the word.")
        }
        if word.reversed && segment.length >= 4 { suggestions.append("Reversed words are not much harder to guess.") }
        if !word.substitutions.isEmpty {
            suggestions.append("Predictable substitutions like \"@\" for \"a\" do not help very much.")
        }
        return (warning, suggestions)
    }
}
