import Testing
@testable import Entropy

/// The spatial matcher: walks of three keys or more on every layout, with their turns and
/// shifted keys, and zxcvbn's estimate for them.
@Suite("spatial matcher")
struct SpatialMatcherTests {
    private let matcher = SpatialMatcher(layouts: KeyboardLayouts.all)

    /// The walk found on `layout`, covering exactly `span` (the whole password unless given).
    private func walk(_ password: String, on layout: String, _ span: ClosedRange<Int>? = nil) -> Match? {
        let span = span ?? 0...(PasswordText(password).count - 1)
        return matcher.matches(in: PasswordText(password)).first { $0.spatialFacts?.layout == layout && $0.span == span }
    }

    @Test("walks found whole, with their turns and shifted keys", arguments: [
        ("qwertyuiop", "qwerty", 1, 0),
        (";lkjhgfdsa", "qwerty", 1, 0),
        ("zxcvfr", "qwerty", 2, 0),
        ("qwErTy", "qwerty", 1, 2),
        ("!QAZ", "qwerty", 1, 4),
        ("qwertzuiop", "qwertz", 1, 0),
        ("ysxdcfvgbhnjmk", "qwertz", 13, 0),
        ("azertyuiop", "azerty", 1, 0),
        ("&é\"'(-è_çà", "azerty", 1, 0),
        ("aoeuidhtns", "dvorak", 1, 0),
        ("pyfgcrl", "dvorak", 1, 0),
        ("7896321", "keypad", 3, 0),
        ("8520", "keypad", 1, 0),
        ("=789", "mac keypad", 2, 0),
        ("=/*", "mac keypad", 1, 0),
    ])
    func walks(password: String, layout: String, turns: Int, shifted: Int) throws {
        let all = matcher.matches(in: PasswordText(password))
        let found = try #require(walk(password, on: layout), "\(password) on \(layout): \(all.map(\.pattern))")
        let facts = try #require(found.spatialFacts)
        #expect(facts.turns == turns)
        #expect(facts.shifted == shifted)
    }

    @Test("a layout only sees its own walks: qwertzuiop breaks on QWERTY at z, = is no key of the PC keypad")
    func layoutSpecific() {
        #expect(walk("qwertzuiop", on: "qwerty") == nil)
        #expect(walk("qwertzuiop", on: "qwerty", 0...4) != nil, "qwert is still a QWERTY walk")
        #expect(walk("qwertyuiop", on: "qwertz") == nil)
        #expect(walk("azertyuiop", on: "qwerty") == nil)
        #expect(walk("=789", on: "keypad") == nil)
        #expect(walk("=789", on: "keypad", 1...3) != nil)
    }

    @Test("two keys are no walk")
    func tooShort() {
        #expect(matcher.matches(in: PasswordText("qw")).isEmpty)
        #expect(matcher.matches(in: PasswordText("q")).isEmpty)
    }

    @Test("guesses are zxcvbn's spatial_guesses for the same walk", arguments: [
        // (token, layout, turns, shifted, log10 of zxcvbn.scoring.spatial_guesses)
        ("zxcvfr", "qwerty", 2, 0, 4.476470249344339),
        ("qwErTy", "qwerty", 1, 2, 4.65667304588485),
        ("!QAZ", "qwerty", 1, 4, 3.413634997198556),
        ("qwertyuiop", "qwerty", 1, 0, 3.589726256254237),
        ("aoeuidhtns", "dvorak", 1, 0, 3.589726256254237),
        ("7896321", "keypad", 3, 0, 4.872106628853463),
        ("8520", "keypad", 1, 0, 2.357934847000454),
    ])
    func guesses(token: String, layout: String, turns: Int, shifted: Int, zxcvbn: Double) throws {
        let keyboard = try #require(KeyboardLayouts.all.first { $0.name == layout })
        let formula = SpatialMatcher.log10Guesses(length: token.count, turns: turns, shifted: shifted, on: keyboard)
        #expect(isClose(formula, zxcvbn), "\(formula) vs \(zxcvbn)")
        let found = try #require(walk(token, on: layout))
        #expect(isClose(found.log10Guesses, zxcvbn), "the matcher uses the formula: \(found.log10Guesses)")
    }

    @Test("more turns and more shifted keys never make a walk cheaper")
    func monotone() {
        let qwerty = KeyboardLayouts.qwerty
        for turns in 1..<6 {
            #expect(SpatialMatcher.log10Guesses(length: 8, turns: turns + 1, shifted: 0, on: qwerty)
                    > SpatialMatcher.log10Guesses(length: 8, turns: turns, shifted: 0, on: qwerty))
        }
        #expect(SpatialMatcher.log10Guesses(length: 8, turns: 1, shifted: 2, on: qwerty)
                > SpatialMatcher.log10Guesses(length: 8, turns: 1, shifted: 1, on: qwerty))
    }

    @Test("a row of another script's keyboard is a walk there, in a password beyond ASCII", arguments: KeyboardLayouts.otherScripts)
    func otherScripts(layout: KeyboardLayout) throws {
        let row = RowWalkMatcherTests.string(RowWalkMatcherTests.text(of: layout, rows: [2]))
        let estimate = Pinned.estimator.estimate(row)
        let segment = try #require(estimate.segments.first)
        #expect(estimate.segments.count == 1 && ["spatial", "dictionary"].contains(segment.pattern), "\(row): \(estimate.patternTokens)")
        #expect(estimate.score <= 1, "\(row): \(estimate.log10Guesses)")
    }

    @Test("Shift taking turns along a walk costs 2, as Shift held does")
    func alternatingShift() throws {
        let matcher = SpatialMatcher(layouts: [KeyboardLayouts.qwerty])
        let plain = try #require(matcher.matches(in: PasswordText("zxcvbn")).first).log10Guesses
        let turns = try #require(matcher.matches(in: PasswordText("ZxCvBn")).first).log10Guesses
        let held = try #require(matcher.matches(in: PasswordText("ZXCVBN")).first).log10Guesses
        #expect(isClose(turns - plain, log10Of(2)) && isClose(held - plain, log10Of(2)))
    }
}
