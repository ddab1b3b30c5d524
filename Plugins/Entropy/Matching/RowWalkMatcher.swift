/// Finds keyboard rows typed one after another: `qwertyuiopasdfghjklzxcvbnm`,
/// `1234567890qwertyuiop`, `mnbvcxzlkjhgfdsa`, `йцукенфывапр`, also with Shift taking turns
/// (`QwErTyUiOpAsDfGhJkL`), which zxcvbn charges as a walk per row, each row a separate part.
///
/// Each row is a straight run of at least four keys along it; the next row is the one below (or
/// above, the same way throughout), walked the same way and starting within two keys of where
/// the last one started. Two rows at least.
struct RowWalkMatcher: PasswordMatcher {
    let layouts: [KeyboardLayout]
    static let minimumRowKeys = 4

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        // Two rows of four keys at least.
        guard password.count >= 2 * Self.minimumRowKeys else { return }
        for layout in layouts { walks(in: password, on: layout, into: &found) }
    }

    private func walks(in password: PasswordText, on layout: KeyboardLayout, into found: inout [Match]) {
        let keys = password.codes.map { layout.key(for: $0) }
        // How many keys from each place run along a row, rightwards and leftwards.
        let runs = [layout.straight.right, layout.straight.left].map { Self.runs(towards: $0, in: keys, on: layout) }
        var start = 0
        while start < keys.count {
            var longest = (rows: 0, end: -1)
            for run in runs {
                let chain = Self.chain(from: start, runs: run, in: keys, on: layout)
                if chain.rows >= 2 && chain.end > longest.end { longest = chain }
            }
            guard longest.rows >= 2 else {
                start += 1
                continue
            }
            let shifted = keys[start...longest.end].map { $0!.shifted }
            let shiftedCount = shifted.count { $0 }
            found.append(Match(start: start, end: longest.end,
                               log10Guesses: Self.log10Guesses(rows: longest.rows, shifted: shiftedCount, length: shifted.count,
                                                               alternating: Variations.alternates(shifted), on: layout),
                               pattern: .rows(layout: layout.name, rows: longest.rows, shiftedCount: shiftedCount)))
            start = longest.end + 1
        }
    }

    /// For each place, how many keys from it follow one another `towards` a side (0 where no key is).
    private static func runs(towards side: Int, in keys: [(key: Int, shifted: Bool)?], on layout: KeyboardLayout) -> [Int] {
        var runs = [Int](repeating: 0, count: keys.count + 1)
        for index in keys.indices.reversed() {
            guard let key = keys[index] else { continue }
            let continues = index + 1 < keys.count && keys[index + 1].map { layout.neighbours[key.key][side] == $0.key } == true
            runs[index] = continues ? runs[index + 1] + 1 : 1
        }
        return runs
    }

    /// The rows walked from `start` (runs along one side), and where the last one ends.
    private static func chain(from start: Int, runs: [Int], in keys: [(key: Int, shifted: Bool)?],
                              on layout: KeyboardLayout) -> (rows: Int, end: Int) {
        var rows = 0, position = start
        var last: (row: Int, column: Int)? = nil, rowStep: Int? = nil
        while position < keys.count, runs[position] >= minimumRowKeys, let first = keys[position] {
            let place = layout.keyPlaces[first.key]
            let (row, column) = (place / 100, place % 100)
            if let last {
                let step = row - last.row
                guard abs(step) == 1, rowStep == nil || step == rowStep, abs(column - last.column) <= 2 else { break }
                rowStep = step
            }
            last = (row, column)
            rows += 1
            position += runs[position]
        }
        return (rows, position - 1)
    }

    /// An attacker picks the first key, the way along the rows (2) and from row to row (2), how
    /// many rows, for each row how far along it to go (4: to its end, or one, two or three keys
    /// short), and for each row after the first where it starts (5: within two keys of where the
    /// last one started): keys × 4 × rows × 4^rows × 5^(rows − 1), × the ways to place shifted
    /// keys.
    static func log10Guesses(rows: Int, shifted: Int, length: Int, alternating: Bool, on layout: KeyboardLayout) -> Double {
        Log10.of(Double(layout.neighbours.count * 4 * rows)) + Double(rows) * Log10.of(4) + Double(rows - 1) * Log10.of(5)
            + SpatialMatcher.log10ShiftedVariations(shifted: shifted, of: length, alternating: alternating)
    }
}
