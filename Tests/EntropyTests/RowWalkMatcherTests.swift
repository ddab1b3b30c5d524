import Testing
@testable import Entropy

/// The row-walk matcher: a keyboard's rows typed one after another, built here from each
/// layout's own rows (the tables in `KeyboardLayouts`), in every direction, with Shift held,
/// released or taking turns.
@Suite("row walk matcher")
struct RowWalkMatcherTests {
    static let typewriters = KeyboardLayouts.typewriters + KeyboardLayouts.otherScripts

    /// The characters of `layout`'s rows `rows`, left to right, unshifted (or shifted).
    static func text(of layout: KeyboardLayout, rows: [Int], shifted: Bool = false) -> [UInt32] {
        rows.flatMap { row in
            zip(layout.keyPlaces, layout.keyCharacters).filter { $0.0 / 100 == row }.sorted { $0.0 < $1.0 }
                .map { shifted && $0.1.count > 1 ? $0.1[1] : $0.1[0] }
        }
    }

    static func string(_ codes: [UInt32]) -> String { String(String.UnicodeScalarView(codes.map { Unicode.Scalar($0)! })) }

    @Test("every layout's rows, top to bottom or bottom to top, either way along, are one part", arguments: typewriters)
    func wholeRows(layout: KeyboardLayout) {
        let matcher = RowWalkMatcher(layouts: [layout])
        for rows in [[1, 2, 3], [0, 1], [1, 2], [3, 2, 1]] {
            for reversed in [false, true] {
                let codes = rows.flatMap { row in reversed ? Self.text(of: layout, rows: [row]).reversed() : Self.text(of: layout, rows: [row]) }
                let found = matcher.matches(in: PasswordText(Self.string(codes)))
                #expect(found.contains { $0.span == 0...(codes.count - 1) && $0.rowFacts?.rows == rows.count },
                        "\(layout.name) \(Self.string(codes)): \(found.map(\.span))")
            }
        }
    }

    @Test("on its keyboard a whole run of rows costs far less than its rows as parts")
    func cheap() throws {
        let password = Self.string(Self.text(of: KeyboardLayouts.qwerty, rows: [1, 2, 3]))
        let estimate = Pinned.estimator.estimate(password)
        #expect(estimate.patternTokens == ["rows:\(password)"])
        #expect(estimate.score <= 1, "\(estimate.log10Guesses)")
    }

    @Test("Shift taking turns costs 2, as held or released; another mix the ways to place it")
    func shift() throws {
        let plain = Self.text(of: KeyboardLayouts.qwerty, rows: [1, 2])
        let shifted = Self.text(of: KeyboardLayouts.qwerty, rows: [1, 2], shifted: true)
        let turns = plain.indices.map { $0 % 2 == 0 ? shifted[$0] : plain[$0] }
        let matcher = RowWalkMatcher(layouts: [KeyboardLayouts.qwerty])
        let base = try #require(matcher.matches(in: PasswordText(Self.string(plain))).first).log10Guesses
        let alternating = try #require(matcher.matches(in: PasswordText(Self.string(turns))).first).log10Guesses
        let held = try #require(matcher.matches(in: PasswordText(Self.string(shifted))).first).log10Guesses
        #expect(isClose(alternating - base, log10Of(2)) && isClose(held - base, log10Of(2)))
        var mixed = plain
        mixed[1] = shifted[1]
        mixed[2] = shifted[2]
        let other = try #require(matcher.matches(in: PasswordText(Self.string(mixed))).first).log10Guesses
        #expect(other - base > log10Of(2))
    }

    @Test("rows out of order, short runs and a lone row are not a run of rows", arguments: [
        "qwertyuiopzxcvbnm",  // skips a row
        "qweasdzxc",  // three keys of each row
        "qwertyuiop",  // one row: the spatial matcher's
        "qwertyuiopzxcvbnmasdfghjkl",
    ])
    func nearMisses(password: String) {
        let text = PasswordText(password)
        #expect(!RowWalkMatcher(layouts: [KeyboardLayouts.qwerty]).matches(in: text).contains { $0.span == 0...(text.count - 1) })
    }
}
