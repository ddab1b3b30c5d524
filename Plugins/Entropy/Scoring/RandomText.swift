/// What brute force costs per unit, when a character may have been drawn at random from an
/// alphabet rather than typed by a person who mashes keys. zxcvbn counts every unexplained
/// character as 10 guesses, a fair average for the latter; but a CJK ideograph, a Hangul
/// syllable or an emoji is one of thousands, and a password that mixes alphabets (Cyrillic and
/// Greek) or every kind of ASCII character is worth its whole alphabet per character.
///
/// - **Large alphabets** (`perUnit`): each unexplained CJK ideograph, Hangul syllable or emoji
///   costs its alphabet's size, in the search itself, so that a common word of them in a list
///   is cheaper than guessing its characters; every other character costs zxcvbn's 10.
/// - **Mixed alphabets** (`mixed`): when patterns explain at most half of the password and
///   letters of two writing systems occur, or three of the four kinds of ASCII character (lower
///   case, upper case, digits, symbols) occur and the unexplained characters change kind between
///   at least half of their neighbours when there are eight or more of them (as random printable
///   ASCII does about 70% of the time, and a word with a few capitals, digits or symbols put in,
///   `Mxyzptlk#2019`, far less), or between every two when there are four to seven (`k#9Q`, not
///   `She!`), every unexplained unit costs the
///   size of the union of the alphabets of all the password's units. This is applied to the parts the
///   search chose, so the estimate only rises.
struct RandomText: Sendable {
    /// The alphabet size each unit is charged when it is brute-forced.
    let cardinalities: [Int]

    /// Large alphabets at their size, everything else at 10; nil when every unit costs 10.
    /// When every emoji of the password is a face, each costs the number of faces instead.
    static func perUnit(_ text: PasswordText) -> RandomText? {
        guard !text.isASCII else { return nil }
        let classes = classes(of: text)
        let faces = EmojiFaces.bundled
        let allFaces = zip(classes, text.codes).allSatisfy { $0 != .emoji || faces.contains($1) }
        let sizes = classes.map { $0 == .emoji && allFaces ? faces.count : $0.isLarge ? $0.size : plain }
        return sizes.allSatisfy { $0 == plain } ? nil : RandomText(cardinalities: sizes)
    }

    /// The union of the password's alphabets for every unit, when its `unexplained` parts look
    /// like mixed random text; nil otherwise.
    static func mixed(_ text: PasswordText, unexplained: [ClosedRange<Int>]) -> RandomText? {
        let bruteforceUnits = unexplained.reduce(0) { $0 + $1.count }
        guard bruteforceUnits > 0, bruteforceUnits * 2 >= text.count else { return nil }
        let classes = classes(of: text)
        let present = Set(classes)
        // Neighbours inside the unexplained parts, and how many of them differ in kind.
        let neighbours = bruteforceUnits - unexplained.count
        let changes = unexplained.reduce(0) { count, part in
            count + zip(classes[part], classes[part].dropFirst()).count { $0 != $1 }
        }
        let scripts = Set(present.compactMap(\.letterScript))
        let asciiKinds = present.intersection([.asciiLower, .asciiUpper, .asciiDigit, .asciiSymbol]).count
        // Long text changes kind between at least half of its neighbours; short text (four to
        // seven units, in one piece) between every two, as `k#9Q` does and `She!` or `Ken_` do not.
        let wellMixed = bruteforceUnits >= 8
            ? changes * 2 >= neighbours
            : bruteforceUnits >= minimumMixedASCII && unexplained.count == 1 && changes == neighbours
        guard scripts.count >= 2 || (asciiKinds >= 3 && wellMixed) else { return nil }
        let union = present.reduce(0) { $0 + $1.size }
        return RandomText(cardinalities: Array(repeating: union, count: text.count))
    }

    /// log10 of the guesses for brute-forcing units `start...end` as one part.
    func log10Bruteforce(_ start: Int, _ end: Int) -> Double {
        if start == end { return Log10.of(Double(cardinalities[start]) + 1) }
        return cardinalities[start...end].reduce(0) { $0 + Log10.of(Double($1)) }
    }

    /// The fewest unexplained units of mixed ASCII charged by its alphabet. Below eight, every
    /// two neighbours must differ in kind: a person's short text keeps letters together (`She!`,
    /// `Ken_1955`), text drawn from all 95 printable characters seldom does (`k#9Q`, `x7$Lp`).
    static let minimumMixedASCII = 4

    /// zxcvbn's cost of a unit.
    private static let plain = Int(MinimumGuessSearch.bruteforceCardinality)

    private static func classes(of text: PasswordText) -> [CharacterClass] {
        (0..<text.count).map { index in
            let code = text.codes[index]
            if code < PasswordText.firstClusterCode, let scalar = Unicode.Scalar(code) {
                return CharacterClass(firstScalar: scalar, isCluster: false)
            }
            let scalars = text.token(index...index).unicodeScalars
            guard let scalar = scalars.first else { return .other }
            return CharacterClass(firstScalar: scalar, isCluster: true, isKeycap: scalars.contains("\u{20E3}"))
        }
    }
}
