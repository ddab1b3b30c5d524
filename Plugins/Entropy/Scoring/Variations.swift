/// How many spellings of a word an attacker tries besides the plain one.
enum Variations {
    /// Capitalisation: none, only the first or last letter, all letters, or capitals and small
    /// letters in turn (`QwErTy`, `pAsSwOrD`) cost a factor of two at most; any other mix costs
    /// the number of ways to place that many capitals. Letters of any script with case count
    /// (`LetterCase`).
    static func log10Uppercase(_ codes: ArraySlice<UInt32>) -> Double {
        let upper = codes.count(where: LetterCase.isUpper)
        if upper == 0 { return 0 }
        let lower = codes.count(where: LetterCase.isLower)
        let first = codes.first!, last = codes.last!
        if codes.count > 1 && upper == 1 && (LetterCase.isUpper(first) || LetterCase.isUpper(last)) { return Log10.of(2) }
        if lower == 0 { return Log10.of(2) }
        if alternates(codes.lazy.filter { LetterCase.isUpper($0) || LetterCase.isLower($0) }.map(LetterCase.isUpper)) { return Log10.of(2) }
        return Combinatorics.log10Placements(upper, lower)
    }

    /// Whether `flags` (capitals, or keys typed with Shift) take turns, four of them at least:
    /// the one rule a person follows when Shift goes up and down with every key.
    static func alternates(_ flags: some Sequence<Bool>) -> Bool {
        var count = 0, previous: Bool? = nil
        for flag in flags {
            if flag == previous { return false }
            previous = flag
            count += 1
        }
        return count >= 4
    }

    /// l33t: for each substitution, all or none of the letter substituted doubles the space;
    /// a mix costs the ways to place the substituted ones.
    static func log10L33t(_ lowered: ArraySlice<UInt32>, substitutions: [Substitution]) -> Double {
        var total = 0.0
        for substitution in substitutions {
            let subbed = substitution.l33t.unicodeScalars.first!.value
            let plain = substitution.letter.unicodeScalars.first!.value
            let s = lowered.count { $0 == subbed }, u = lowered.count { $0 == plain }
            total += s == 0 || u == 0 ? Log10.of(2) : Combinatorics.log10Placements(s, u)
        }
        return total
    }
}
