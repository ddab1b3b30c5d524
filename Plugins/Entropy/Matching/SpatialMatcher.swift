/// Finds keyboard walks of three keys or more (`qwerty`, `1qaz2wsx`, `zxcvbn`, `azertyuiop`, `7896`),
/// counting turns and shifted characters, on every known layout.
struct SpatialMatcher: PasswordMatcher {
    let layouts: [KeyboardLayout]

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        for layout in layouts { walks(in: password, on: layout, into: &found) }
    }

    private func walks(in password: PasswordText, on layout: KeyboardLayout, into found: inout [Match]) {
        let codes = password.codes
        var start = 0
        while start < codes.count - 1 {
            var end = start + 1
            var lastDirection: Int? = nil
            var turns = 0
            var shifted = layout.key(for: codes[start])?.shifted == true ? 1 : 0
            while end < codes.count,
                  let previous = layout.key(for: codes[end - 1]), let current = layout.key(for: codes[end]),
                  let direction = layout.direction(from: previous.key, to: current.key) {
                if current.shifted { shifted += 1 }
                if direction != lastDirection {
                    turns += 1
                    lastDirection = direction
                }
                end += 1
            }
            if end - start > 2 {
                let alternating = Variations.alternates(codes[start..<end].map { layout.key(for: $0)!.shifted })
                found.append(Match(start: start, end: end - 1,
                                   log10Guesses: Self.log10Guesses(length: end - start, turns: turns, shifted: shifted,
                                                                   alternating: alternating, on: layout),
                                   pattern: .spatial(layout: layout.name, turns: turns, shiftedCount: shifted)))
            }
            start = end
        }
    }

    /// The walks of this length or shorter with this many turns or fewer, from any starting key,
    /// times the ways to place the shifted keys. zxcvbn sums s·d^j·C(i−1, j−1) over lengths
    /// i ≤ L and turns j ≤ min(t, i−1); summing over i first (the hockey-stick identity) gives
    /// s·d^j·(C(L, j) − 1), so the cost is linear in the turns, not in length × turns.
    static func log10Guesses(length: Int, turns: Int, shifted: Int, alternating: Bool = false, on layout: KeyboardLayout) -> Double {
        let s = Log10.of(Double(layout.startingPositions)), d = Log10.of(layout.averageDegree)
        var total = -Double.infinity
        for j in stride(from: 1, through: min(turns, length - 1), by: 1) {
            total = Log10.sum(total, Log10.binomialMinusOne(length, j) + s + Double(j) * d)
        }
        return total + log10ShiftedVariations(shifted: shifted, of: length, alternating: alternating)
    }

    /// The ways to place `shifted` keys with Shift among `length`: 2 when all are (Shift held
    /// or not) or when Shift takes turns with the plain keys, as for capitals.
    static func log10ShiftedVariations(shifted: Int, of length: Int, alternating: Bool = false) -> Double {
        guard shifted > 0 else { return 0 }
        if alternating { return Log10.of(2) }
        let unshifted = length - shifted
        return unshifted == 0 ? Log10.of(2) : Combinatorics.log10Placements(shifted, unshifted)
    }
}
