import Testing
@testable import Entropy

/// The column-walk matcher: keyboards walked column by column, down, up or in turn, left to right
/// or right to left, on every layout, for keys × heights × 8 × columns guesses (× shifted
/// variants) however many turns the spatial matcher would count.
@Suite("column walk matcher")
struct ColumnWalkMatcherTests {
    private let matcher = ColumnWalkMatcher(layouts: KeyboardLayouts.all)

    /// The walk on `layout` covering the whole password.
    private func walk(_ password: String, on layout: String) -> Match? {
        matcher.matches(in: PasswordText(password)).first {
            $0.columnFacts?.layout == layout && $0.span == 0...(PasswordText(password).count - 1)
        }
    }

    @Test("walks found whole, with their columns, height and shifted keys", arguments: [
        ("1qaz2wsx3edc4rfv5tgb", "qwerty", 5, 4, 0),
        ("1qaz2wsx", "qwerty", 2, 4, 0),
        ("zaq12wsx", "qwerty", 2, 4, 0),
        ("1qazxsw2", "qwerty", 2, 4, 0),
        ("qazwsxedcrfv", "qwerty", 4, 3, 0),
        ("!QAZ@WSX#EDC", "qwerty", 3, 4, 12),
        ("1QAZ2WSX", "qwerty", 2, 4, 6),
        ("mju7nhy6", "qwerty", 2, 4, 0),
        ("1q2w3e4r5t", "qwerty", 5, 2, 0),
        ("0p;/9ol.", "qwerty", 2, 4, 0),
        ("1qay2wsx", "qwertz", 2, 4, 0),
        ("&aqwézsx", "azerty", 2, 4, 0),
        ("741852963", "keypad", 3, 3, 0),
        ("147258369", "phone keypad", 3, 3, 0),
    ])
    func found(password: String, layout: String, columns: Int, height: Int, shifted: Int) throws {
        let all = matcher.matches(in: PasswordText(password))
        let whole = try #require(walk(password, on: layout), "\(password) on \(layout): \(all.map(\.pattern))")
        let facts = try #require(whole.columnFacts)
        #expect(facts.columns == columns)
        #expect(facts.height == height)
        #expect(facts.shifted == shifted)
    }

    @Test("guesses: keys × heights × 8 × columns, × the ways to place shifted keys")
    func guesses() throws {
        // QWERTY has 47 keys in 4 rows: heights 2, 3 and 4.
        #expect(isClose(try #require(walk("1qaz2wsx3edc4rfv5tgb", on: "qwerty")).log10Guesses, log10Of(47 * 3 * 8 * 5)))
        #expect(isClose(try #require(walk("qazwsxedcrfv", on: "qwerty")).log10Guesses, log10Of(47 * 3 * 8 * 4)))
        #expect(isClose(try #require(walk("!QAZ@WSX#EDC", on: "qwerty")).log10Guesses, log10Of(47 * 3 * 8 * 3 * 2)))
        // The phone keypad has 12 keys in 4 rows.
        #expect(isClose(try #require(walk("147258369", on: "phone keypad")).log10Guesses, log10Of(12 * 3 * 8 * 3)))
    }

    @Test("the estimator scores column walks 0 or 1 (zxcvbn's log10 guesses and score in the comment)", arguments: [
        ("1qaz2wsx3edc4rfv5tgb", true),  // 7.2 (2)
        ("!QAZ@WSX#EDC", true),  // 11.0 (4)
        ("!QAZ@WSX", true),  // 7.1 (2)
        ("qazwsxedcrfv", false),  // 3.2 (1), a common password
        ("zaq12wsx", false),  // 2.7 (0), a common password
        ("1qazxsw2", false),  // 2.5 (0), a common password
        ("mju7nhy6", false),  // 4.7 (1), a common password
    ])
    func scored(password: String, explainedByColumns: Bool) {
        let estimate = Pinned.estimator.estimate(password)
        #expect(estimate.score <= 1, "\(password): \(estimate.log10Guesses), \(estimate.patternTokens)")
        if explainedByColumns {
            #expect(estimate.patternTokens == ["columns:\(password)"], "\(estimate.patternTokens)")
            #expect(estimate.feedback.warning == "Columns of keys like \"1qaz2wsx\" are easy to guess.")
        }
    }

    @Test("a column walk inside a longer password")
    func inside() {
        let estimate = Pinned.estimator.estimate("Tom!QAZ@WSX#EDC")
        #expect(estimate.patternTokens.contains("columns:!QAZ@WSX#EDC"), "\(estimate.patternTokens)")
    }

    @Test("one column, an unfinished or skipped column, a row or a different height is no column walk")
    func nearMisses() {
        let misses = ["1qaz", "1qaz2ws", "1qaz3edc", "qwertyuiop", "1qaz2wsxe", "1qa2wsx", "qa", ""]
        for password in misses {
            #expect(walk(password, on: "qwerty") == nil, "\(password)")
        }
        #expect(!matcher.matches(in: PasswordText("1qaz2ws")).contains { $0.end == 6 })
        #expect(walk("1qaz2wsx", on: "dvorak") == nil)
        #expect(matcher.matches(in: PasswordText("1qaz3edc")).isEmpty)
    }

    @Test("64 KiB of column walks: one match per walk")
    func long() {
        let walk = "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/"
        let copies = 65_536 / walk.count
        let found = matcher.matches(in: PasswordText(String(repeating: walk, count: copies)))
        #expect(found.filter { $0.length == walk.count }.count == copies)
    }
}
