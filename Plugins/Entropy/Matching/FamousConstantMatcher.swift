/// Finds the start of a famous constant's decimal expansion, written in one of four ways: with
/// the digit before the point and a point (`3.14159`) or a comma (`3,14159`), with that digit
/// and no point (`314159`), or from the first decimal (`14159`). The longest beginning of each
/// form is found at every place in the password, five units or more, or four with the point
/// (`3.14`): four digits alone (`1415`, `7182`) turn up in random digits too often.
/// `pi3.14159!` holds one, and `31415926536` holds the first ten digits of pi, not eleven.
struct FamousConstantMatcher: PasswordMatcher {
    static let minimumLength = 5
    static let minimumLengthWithPoint = 4

    /// One way of writing one constant, as the unit codes typed.
    private struct Form {
        let constant: String
        let codes: [UInt32]
        let hasIntegerDigit: Bool
        let separator: String
    }

    private let forms: [Form]

    init(constants: [FamousConstant] = FamousConstant.all) {
        forms = constants.flatMap { constant -> [Form] in
            let decimals = constant.decimals.unicodeScalars.map(\.value)
            let integer = constant.integerDigit.unicodeScalars.first!.value
            return [
                Form(constant: constant.name, codes: [integer, 0x2E] + decimals, hasIntegerDigit: true, separator: "."),
                Form(constant: constant.name, codes: [integer, 0x2C] + decimals, hasIntegerDigit: true, separator: ","),
                Form(constant: constant.name, codes: [integer] + decimals, hasIntegerDigit: true, separator: ""),
                Form(constant: constant.name, codes: decimals, hasIntegerDigit: false, separator: ""),
            ]
        }
    }

    /// One pass over the password, comparing each place with the forms that begin with its
    /// digit. A comparison runs on only while the password agrees with the digits, and the
    /// digits hardly repeat their own beginnings, so each unit is compared a few times at most.
    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        let codes = password.codes
        for start in codes.indices {
            for form in forms where form.codes[0] == codes[start] {
                var length = 1
                while start + length < codes.count && length < form.codes.count && codes[start + length] == form.codes[length] {
                    length += 1
                }
                guard length >= (form.separator.isEmpty ? Self.minimumLength : Self.minimumLengthWithPoint) else { continue }
                let digits = length - (form.separator.isEmpty ? 0 : 1)
                found.append(Match(start: start, end: start + length - 1, log10Guesses: log10Guesses(length: length),
                                   pattern: .constant(name: form.constant, digits: digits,
                                                      integerPart: form.hasIntegerDigit, separator: form.separator)))
            }
        }
    }

    /// An attacker tries each form of each constant, its beginnings in order of length, as
    /// zxcvbn counts a sequence: forms × length.
    func log10Guesses(length: Int) -> Double {
        Log10.of(Double(forms.count * length))
    }
}
