extension Match {
    /// A word of a ranked list found at `bounds`: rank × capitalisation variants × substitution
    /// variants × 2 if it was spelled backwards.
    static func dictionary(_ bounds: ClosedRange<Int>, list: WordList, rank: Int, reversed: Bool,
                           substitutions: [Substitution], in password: PasswordText) -> Match {
        dictionary(bounds, list: list, rank: rank, reversed: reversed, substitutions: substitutions,
                   codes: password.codes, lowered: password.lowered)
    }

    /// The same for a text given as its codes and their lower case.
    static func dictionary(_ bounds: ClosedRange<Int>, list: WordList, rank: Int, reversed: Bool,
                           substitutions: [Substitution], codes: [UInt32], lowered: [UInt32]) -> Match {
        let uppercase = Variations.log10Uppercase(codes[bounds])
        let l33t = Variations.log10L33t(lowered[bounds], substitutions: substitutions)
        let log10Guesses = Log10.of(Double(rank)) + uppercase + l33t + (reversed ? Log10.of(2) : 0)
        return Match(start: bounds.lowerBound, end: bounds.upperBound, log10Guesses: log10Guesses, pattern: .dictionary(
            DictionaryWord(list: list, rank: rank, reversed: reversed, substitutions: substitutions,
                           log10UppercaseVariations: uppercase, log10L33tVariations: l33t)))
    }
}
