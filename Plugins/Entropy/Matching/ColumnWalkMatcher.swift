/// Finds keyboards walked column by column: `1qaz2wsx3edc`, `qazwsxedc`, `!QAZ@WSX`, `zaq12wsx`
/// (up one column, down the next), `1qazxsw2`, `mju7nhy6` (right to left). Each column is the
/// same rows of keys, walked all down, all up, or down and up in turn; each begins beside the
/// one before, always on the same side; two columns and six keys at least, on every layout.
/// The spatial matcher sees these as walks with a turn per column, or as several walks.
struct ColumnWalkMatcher: PasswordMatcher {
    let layouts: [KeyboardLayout]

    static let minimumKeys = 6

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        var keys: [(key: Int, shifted: Bool)?] = []
        keys.reserveCapacity(password.count)
        for layout in layouts {
            keys.removeAll(keepingCapacity: true)
            keys.append(contentsOf: password.codes.lazy.map { layout.key(for: $0) })
            walks(in: keys, on: layout, into: &found)
        }
    }

    /// Every place, every way up a column and across: a walk crosses each column once, so it is
    /// never longer than the keyboard, and the search from one place is bounded. A walk inside
    /// one found from an earlier place is left out. `keys` are the password's keys on `layout`
    /// (nil for a character it lacks).
    private func walks(in keys: [(key: Int, shifted: Bool)?], on layout: KeyboardLayout, into found: inout [Match]) {
        var furthestEnd = -1
        for start in keys.indices {
            guard keys[start] != nil else { continue }
            for vertical in [layout.straight.down, layout.straight.up] {
                let height = run(from: start, towards: vertical, in: keys, on: layout)
                guard height >= 2 else { continue }
                for across in [layout.straight.left, layout.straight.right] {
                    for alternating in [false, true] {
                        let columns = columnCount(from: start, height: height, vertical: vertical, across: across,
                                                  alternating: alternating, in: keys, on: layout)
                        let end = start + columns * height - 1
                        guard columns >= 2, columns * height >= Self.minimumKeys, end > furthestEnd else { continue }
                        let shifted = keys[start...end].count { $0!.shifted }
                        let alternatingShift = Variations.alternates(keys[start...end].map { $0!.shifted })
                        furthestEnd = end
                        found.append(Match(start: start, end: end,
                                           log10Guesses: Self.log10Guesses(columns: columns, shifted: shifted, alternating: alternatingShift,
                                                                           length: columns * height, on: layout),
                                           pattern: .columns(layout: layout.name, columns: columns, height: height,
                                                             shiftedCount: shifted)))
                    }
                }
            }
        }
    }

    /// How many keys from `start` follow one another in `direction`.
    private func run(from start: Int, towards direction: Int, in keys: [(key: Int, shifted: Bool)?], on layout: KeyboardLayout) -> Int {
        var end = start + 1
        while end < keys.count, let previous = keys[end - 1], let current = keys[end],
              layout.neighbours[previous.key][direction] == current.key {
            end += 1
        }
        return end - start
    }

    /// How many columns of `height` keys follow from `start`, each beside the last one's first
    /// key (or, `alternating`, its last key, walked the other way).
    private func columnCount(from start: Int, height: Int, vertical: Int, across: Int, alternating: Bool,
                             in keys: [(key: Int, shifted: Bool)?], on layout: KeyboardLayout) -> Int {
        let opposite = vertical == layout.straight.down ? layout.straight.up : layout.straight.down
        var columns = 1, direction = vertical
        var first = keys[start]!.key, last = keys[start + height - 1]!.key
        while true {
            let next = start + columns * height
            guard next + height <= keys.count, let beside = layout.neighbours[alternating ? last : first][across],
                  keys[next]?.key == beside else { break }
            if alternating { direction = direction == vertical ? opposite : vertical }
            guard run(from: next, towards: direction, in: keys, on: layout) >= height else { break }
            first = beside
            last = keys[next + height - 1]!.key
            columns += 1
        }
        return columns
    }

    /// An attacker picks the first key, the height of the columns, whether they are walked down,
    /// up or in turn starting either way (4), towards which side (2), and how many columns, as
    /// zxcvbn counts a walk from any key: keys × heights × 8 × columns, × the ways to place
    /// shifted keys.
    static func log10Guesses(columns: Int, shifted: Int, alternating: Bool = false, length: Int, on layout: KeyboardLayout) -> Double {
        Log10.of(Double(layout.neighbours.count * (layout.rowCount - 1) * 8 * columns))
            + SpatialMatcher.log10ShiftedVariations(shifted: shifted, of: length, alternating: alternating)
    }
}
