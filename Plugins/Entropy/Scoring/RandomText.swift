/// Brute force for characters that look drawn at random from an alphabet, rather than typed by a
/// person who mashes keys: zxcvbn counts every unexplained character as 10 guesses, a fair
/// average for the latter, but a character of a large alphabet (a CJK ideograph, a Hangul
/// syllable, an emoji) is one of thousands, and a password that mixes alphabets (Cyrillic and
/// Greek) or every kind of ASCII character is worth its whole alphabet per character.
///
/// It applies when patterns explain at most half of the password. Then
/// - when letters of two writing systems are mixed, or at least eight units are unexplained,
///   three of the four kinds of ASCII character (lower case, upper case, digits, symbols)
///   occur and the kind changes between at least half of the neighbouring characters (as it
///   does about 70% of the time in random printable ASCII, and far less in a word with a few
///   capitals, digits or symbols put in, `Mxyzptlk#2019`), every unexplained unit costs the
///   size of the union of the alphabets of all the password's units (`CharacterClass`);
/// - otherwise each unexplained unit of a large alphabet costs that alphabet's size, and the
///   others zxcvbn's 10.
/// The parts the search chose are kept; only brute force costs more, so the estimate never falls.
struct RandomText {
    /// The alphabet size each unit is charged when it is brute-forced.
    let cardinalities: [Int]

    /// The charges for `text` when its unexplained units (`bruteforceUnits`) look random; nil
    /// when brute force keeps zxcvbn's 10 per unit.
    init?(text: PasswordText, bruteforceUnits: Int) {
        guard bruteforceUnits > 0, bruteforceUnits * 2 >= text.count else { return nil }
        let classes = (0..<text.count).map { Self.characterClass(of: $0, in: text) }
        let present = Set(classes)
        let changes = zip(classes, classes.dropFirst()).count { $0 != $1 }
        let scripts = Set(present.compactMap(\.letterScript))
        let asciiKinds = present.intersection([.asciiLower, .asciiUpper, .asciiDigit, .asciiSymbol]).count
        if scripts.count >= 2 || (asciiKinds >= 3 && bruteforceUnits >= 8 && changes * 2 >= text.count - 1) {
            let union = present.reduce(0) { $0 + $1.size }
            cardinalities = Array(repeating: union, count: text.count)
        } else if present.contains(where: \.isLarge) {
            cardinalities = classes.map { $0.isLarge ? $0.size : Int(MinimumGuessSearch.bruteforceCardinality) }
        } else {
            return nil
        }
    }

    /// log10 of the guesses for brute-forcing units `start...end` as one part.
    func log10Bruteforce(_ start: Int, _ end: Int) -> Double {
        if start == end { return Log10.of(Double(cardinalities[start]) + 1) }
        return cardinalities[start...end].reduce(0) { $0 + Log10.of(Double($1)) }
    }

    private static func characterClass(of index: Int, in text: PasswordText) -> CharacterClass {
        let code = text.codes[index]
        if code < PasswordText.firstClusterCode, let scalar = Unicode.Scalar(code) {
            return CharacterClass(firstScalar: scalar, isCluster: false)
        }
        guard let scalar = text.token(index...index).unicodeScalars.first else { return .other }
        return CharacterClass(firstScalar: scalar, isCluster: true)
    }
}
