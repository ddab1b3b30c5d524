/// How a pick ended: with an entry chosen (by name), or left without a choice.
public enum PickerOutcome: Equatable, Sendable {
    case chosen(String)
    case cancelled
}

/// The picker between keys: the pattern typed so far, the candidates that match it in rank
/// order, which of them is selected, and which is the first shown. Keys change it
/// (`handle`); drawing it is `PickerView`'s job.
public struct PickerState: Sendable {
    public let candidates: [PickerCandidate]
    public private(set) var pattern: String
    public private(set) var matches: [PickerMatch]
    /// The selected match's place in `matches` (0 when there are none).
    public private(set) var selected = 0
    /// The first match shown; `scroll(rows:)` keeps the selected one in view.
    public private(set) var top = 0
    /// How many matches the list shows, for the page keys.
    public private(set) var rows = 1

    /// The picker over `candidates` (in name order) with `pattern` already typed.
    public init(candidates: [PickerCandidate], pattern: String = "") {
        self.candidates = candidates
        self.pattern = String(pattern.filter { !$0.isControlLike })
        matches = []
        rank()
    }

    /// The selected candidate, if any matches.
    public var selection: PickerCandidate? {
        matches.indices.contains(selected) ? candidates[matches[selected].index] : nil
    }

    /// Applies one key; returns how the pick ended, or nil while it goes on. Enter with nothing
    /// matching does nothing.
    public mutating func handle(_ key: PickerKey) -> PickerOutcome? {
        switch key {
        case .character(let character):
            pattern.append(character)
            rank()
        case .backspace:
            guard !pattern.isEmpty else { return nil }
            pattern.removeLast()
            rank()
        case .clearPattern:
            pattern = ""
            rank()
        case .deleteWord:
            let kept = pattern.reversed().drop(while: { $0 == " " }).drop(while: { $0 != " " })
            pattern = String(kept.reversed())
            rank()
        case .up: move(by: -1)
        case .down: move(by: 1)
        case .pageUp: move(by: -rows)
        case .pageDown: move(by: rows)
        case .enter:
            return selection.map { .chosen($0.name) }
        case .cancel:
            return .cancelled
        }
        return nil
    }

    /// Sets how many matches the list shows, and moves it so the selected one is among them.
    public mutating func scroll(rows: Int) {
        self.rows = max(1, rows)
        if selected < top { top = selected }
        if selected >= top + self.rows { top = selected - self.rows + 1 }
        top = max(0, min(top, matches.count - self.rows))
    }

    /// The selection moved by `offset`, stopping at either end.
    private mutating func move(by offset: Int) {
        guard !matches.isEmpty else { return }
        selected = max(0, min(matches.count - 1, selected + offset))
        scroll(rows: rows)
    }

    /// The matches of the pattern now, with the best one selected and shown first.
    private mutating func rank() {
        matches = PickerRanking.matches(of: FuzzyPattern(pattern), in: candidates)
        selected = 0
        top = 0
    }
}

extension Character {
    /// A control or format character, which never goes into the pattern.
    var isControlLike: Bool {
        unicodeScalars.contains { [.control, .format].contains($0.properties.generalCategory) }
    }
}
