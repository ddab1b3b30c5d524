/// Trimming with the standard library alone: Foundation's `trimmingCharacters(in:)` is not in
/// FoundationEssentials, and vault links nothing more of Foundation (no ICU at start).
extension StringProtocol {
    /// The text without the leading and trailing characters that match.
    public func trimmingCharacters(while matches: (Character) -> Bool) -> String {
        String(drop(while: matches).reversed().drop(while: matches).reversed())
    }
}

extension Character {
    /// A blank within a line: a tab or a space separator (Unicode Zs), the characters of
    /// Foundation's `CharacterSet.whitespaces`.
    public var isBlank: Bool {
        self == "\t" || unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
    }
}
