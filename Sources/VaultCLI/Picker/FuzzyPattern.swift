/// What a person typed into the picker, matched the way fzf matches: the characters must all
/// appear in the text, in order, not necessarily together, ignoring case. Among the ways they
/// can appear, the best scores: each character matched counts, characters matched one after
/// the other count more, a character at the start of a word (the text's start, after a space,
/// `/`, `-`, `_`, `.`, `@` or `:`, or an upper-case letter after a lower-case one) counts more
/// still, twice so for the first character typed, and a gap costs 3, and 1 more for each
/// character beyond the first it skips.
public struct FuzzyPattern: Sendable {
    private let characters: [String]

    public init(_ text: String) {
        characters = text.map { $0.lowercased() }
    }

    /// Whether the pattern is empty, and so matches everything equally.
    public var isEmpty: Bool { characters.isEmpty }

    static let matchScore = 16
    static let consecutiveBonus = 8
    static let wordStartBonus = 10
    static let caseChangeBonus = 8
    static let gapStartPenalty = 3

    /// The score of the best way the pattern appears in `text`, or nil when it does not; an
    /// empty pattern scores 0 everywhere.
    public func score(_ text: String) -> Int? {
        guard !characters.isEmpty else { return 0 }
        let original = Array(text)
        let lowered = original.map { $0.lowercased() }
        guard lowered.count >= characters.count else { return nil }
        let bonuses = original.indices.map { Self.bonus(at: $0, in: original) }
        let none = Int.min / 2
        // best[j]: the best score of the pattern so far with its last character at j.
        var best = lowered.indices.map { lowered[$0] == characters[0] ? Self.matchScore + 2 * bonuses[$0] : none }
        for character in characters.dropFirst() {
            var next = [Int](repeating: none, count: lowered.count)
            // The best of best[k] + k over k ≤ j - 2, for a match after a gap.
            var beforeGap = none
            for j in lowered.indices {
                if j >= 2, best[j - 2] > none { beforeGap = max(beforeGap, best[j - 2] + (j - 2)) }
                guard lowered[j] == character else { continue }
                var previous = none
                if j >= 1, best[j - 1] > none { previous = best[j - 1] + Self.consecutiveBonus }
                if beforeGap > none {
                    // best[k] - gapStart - gap × (j - k - 2), the gap being j - k - 1 characters.
                    previous = max(previous, beforeGap - j + 2 - Self.gapStartPenalty)
                }
                if previous > none { next[j] = previous + Self.matchScore + bonuses[j] }
            }
            best = next
        }
        let top = best.max() ?? none
        return top > none ? top : nil
    }

    /// How much a match at `index` is worth beyond the match itself.
    private static func bonus(at index: Int, in text: [Character]) -> Int {
        guard index > 0 else { return wordStartBonus }
        let before = text[index - 1]
        if " /-_.@:".contains(before) { return wordStartBonus }
        if before.isLowercase && text[index].isUppercase { return caseChangeBonus }
        return 0
    }
}
