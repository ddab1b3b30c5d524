/// Trimming with the standard library alone: Foundation's `trimmingCharacters(in:)` is not in
/// FoundationEssentials, and vault links nothing more of Foundation (no ICU at start).
extension StringProtocol {
    /// The text without the leading and trailing characters that match.
    ///
    /// By indices: the same through reversed views would make the runtime look up the
    /// conformances of their nested generic types, which costs more than the trimming.
    public func trimmingCharacters(while matches: (Character) -> Bool) -> String {
        var start = startIndex
        var end = endIndex
        while start < end, matches(self[start]) { start = index(after: start) }
        while start < end {
            let last = index(before: end)
            guard matches(self[last]) else { break }
            end = last
        }
        return String(self[start..<end])
    }
}

extension Character {
    /// A blank within a line: a tab or a space separator (Unicode Zs), the characters of
    /// Foundation's `CharacterSet.whitespaces`.
    public var isBlank: Bool {
        self == "\t" || unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
    }
}
