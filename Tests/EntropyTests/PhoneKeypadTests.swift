import Testing
@testable import Entropy

/// The phone keypad: 1 2 3 on top (a computer's keypad has 7 8 9 there) and 0 under 8, so that
/// walks through 0 on a phone are found, which the computer keypads do not see.
@Suite("phone keypad")
struct PhoneKeypadTests {
    private let phone = KeyboardLayouts.phoneKeypad
    private let matcher = SpatialMatcher(layouts: KeyboardLayouts.all)

    private func key(_ character: Character) throws -> Int {
        try #require(phone.key(for: character.unicodeScalars.first!.value)?.key, "\(character)")
    }

    /// The layouts with a walk covering all of `password`, and its turns there.
    private func walks(_ password: String) -> [String: Int] {
        var found: [String: Int] = [:]
        for match in matcher.matches(in: PasswordText(password)) where match.span == 0...(password.count - 1) {
            if let facts = match.spatialFacts { found[facts.layout] = facts.turns }
        }
        return found
    }

    @Test("the keys sit where a phone has them")
    func geometry() throws {
        let (left, right, up, down) = phone.straight
        #expect(phone.direction(from: try key("2"), to: try key("5")) == down, "1 2 3 on top")
        #expect(phone.direction(from: try key("8"), to: try key("0")) == down, "0 under 8")
        #expect(phone.direction(from: try key("0"), to: try key("*")) == left)
        #expect(phone.direction(from: try key("0"), to: try key("#")) == right)
        #expect(phone.direction(from: try key("4"), to: try key("1")) == up)
        #expect(phone.direction(from: try key("1"), to: try key("5")) != nil, "diagonals touch, as on the other keypads")
        #expect(phone.direction(from: try key("2"), to: try key("0")) == nil)
        #expect(phone.startingPositions == 12)
        #expect(isClose(phone.averageDegree, 58.0 / 12, within: 1e-12), "corners 3, edges 5, 5 and 8 touch 8")
    }

    @Test("walks through 0 are the phone's alone; walks on 1 to 9 are mirrored on the computer keypad", arguments: [
        // (walk, turns on the phone, turns on the PC keypad or nil where it is no walk there)
        ("2580", 1, nil as Int?),
        ("0852", 1, nil),
        ("*0#", 1, nil),
        ("5807", 2, nil),
        ("14789", 2, 2),
        ("1478963", 3, 3),
        ("8520", nil, 1),
    ] as [(String, Int?, Int?)])
    func walk(password: String, phoneTurns: Int?, keypadTurns: Int?) {
        let found = walks(password)
        #expect(found["phone keypad"] == phoneTurns, "\(password): \(found)")
        #expect(found["keypad"] == keypadTurns, "\(password): \(found)")
    }

    @Test("159357 is two diagonals that cross, not one walk, on either keypad")
    func cross() {
        #expect(walks("159357")["phone keypad"] == nil)
        let parts = matcher.matches(in: PasswordText("159357")).filter { $0.spatialFacts?.layout == "phone keypad" }.map(\.span)
        #expect(parts == [0...2, 3...5])
    }

    @Test("the estimator finds 2580 and scores it 0")
    func scored() {
        let estimate = Pinned.estimator.estimate("258025802580")
        #expect(estimate.score == 0, "\(estimate.log10Guesses), \(estimate.patternTokens)")
        let walk = Pinned.estimator.estimate("x2580")
        #expect(walk.segments.last?.details.first { $0.key == "keyboard" }?.value == .text("phone keypad"),
                "\(walk.patternTokens)")
    }
}
