/// Draws the picker's state as one frame of text and escape sequences for a full screen: the
/// pattern on the first line after `> ` (its end, when it is wider than the screen), a count of
/// matches out of all entries below it (as fzf shows it), then as many matches as fit, each a
/// name and its username, the selected one in reverse video behind a `>`. Names, usernames and
/// the pattern are shown through `TerminalText.visible`; nothing else of an entry is shown.
public enum PickerView {
    static let home = "\u{1B}[H"
    static let clearLine = "\u{1B}[K"
    static let clearBelow = "\u{1B}[J"
    static let reverse = "\u{1B}[7m"
    static let dim = "\u{1B}[2m"
    static let normalIntensity = "\u{1B}[22m"
    static let reset = "\u{1B}[0m"

    /// How many matches fit on a screen of `size` below the pattern and the count.
    public static func listRows(_ size: ScreenSize) -> Int { max(0, size.rows - 2) }

    /// The frame for `state` on a screen of `size`, which leaves the cursor after the pattern.
    /// The state should have been scrolled to `listRows(size)` first.
    public static func frame(_ state: PickerState, size: ScreenSize) -> String {
        let width = max(1, size.columns)
        let pattern = ColumnWidth.suffix(of: TerminalText.visible(state.pattern), fitting: max(0, width - 3))
        var lines = ["> " + pattern]
        if size.rows >= 2 {
            lines.append(dim + ColumnWidth.prefix(of: "  \(state.matches.count)/\(state.candidates.count)", fitting: width) + reset)
        }
        let shown = state.matches.indices.dropFirst(state.top).prefix(listRows(size))
        for place in shown {
            lines.append(line(for: state.candidates[state.matches[place].index], selected: place == state.selected, width: width))
        }
        let cursor = "\u{1B}[1;\(min(width, 3 + ColumnWidth.of(pattern)))H"
        return home + lines.map { $0 + clearLine }.joined(separator: "\r\n") + clearBelow + cursor
    }

    /// One match: marker, name and, where there is room, the username dimmed.
    private static func line(for candidate: PickerCandidate, selected: Bool, width: Int) -> String {
        let room = max(0, width - 2)
        let name = ColumnWidth.prefix(of: TerminalText.visible(candidate.name), fitting: room)
        var text = name
        let left = room - ColumnWidth.of(name) - 2
        if let username = candidate.username, !username.isEmpty, left > 0 {
            text += "  " + dim + ColumnWidth.prefix(of: TerminalText.visible(username), fitting: left) + normalIntensity
        }
        return selected ? reverse + "> " + text + reset : "  " + text
    }
}
