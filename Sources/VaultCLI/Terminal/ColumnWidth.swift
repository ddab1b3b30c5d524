/// How many terminal columns text takes: two for East Asian wide and full-width characters
/// and emoji, none for a combining mark alone, one for the rest. An estimate (terminals
/// differ), close enough to cut a line before the edge.
public enum ColumnWidth {
    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if [.nonspacingMark, .enclosingMark].contains(scalar.properties.generalCategory) { return 0 }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest start of `text` that fits in `columns`.
    public static func prefix(of text: String, fitting columns: Int) -> String {
        var used = 0
        var kept = ""
        for character in text {
            used += of(character)
            if used > columns { break }
            kept.append(character)
        }
        return kept
    }

    /// The longest end of `text` that fits in `columns`.
    public static func suffix(of text: String, fitting columns: Int) -> String {
        var used = 0
        var start = text.endIndex
        for index in text.indices.reversed() {
            used += of(text[index])
            if used > columns { break }
            start = index
        }
        return String(text[start...])
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
}
