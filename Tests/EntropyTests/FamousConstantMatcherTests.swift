import Testing
@testable import Entropy

/// The famous-constant matcher: beginnings of pi, e, sqrt2 and phi, in their four written forms,
/// anywhere in a password, for 16 × length guesses; zxcvbn rates these as random digits.
@Suite("famous constant matcher")
struct FamousConstantMatcherTests {
    private let matcher = FamousConstantMatcher()

    private func constants(_ password: String) -> [Match] { matcher.matches(in: PasswordText(password)) }

    @Test("beginnings found whole, with their constant and form (zxcvbn's log10 guesses in the comment)", arguments: [
        ("31415926535897", "pi", 14, true, ""),  // zxcvbn 9.3
        ("3.14159265", "pi", 9, true, "."),  // zxcvbn 6.7
        ("3,14159", "pi", 6, true, ","),
        ("14159265358979", "pi", 14, false, ""),  // zxcvbn 10.7
        ("2718281828459045", "e", 16, true, ""),  // zxcvbn 12.7
        ("2.718281828", "e", 10, true, "."),
        ("1414213562373", "sqrt2", 13, true, ""),  // zxcvbn 8.9
        ("1618033988749", "phi", 13, true, ""),  // zxcvbn 11.5
        ("618033988749894848", "phi", 18, false, ""),
    ])
    func found(password: String, name: String, digits: Int, integerPart: Bool, separator: String) throws {
        let whole = try #require(constants(password).first { $0.span == 0...(password.count - 1) }, "\(constants(password).map(\.span))")
        let facts = try #require(whole.constantFacts)
        #expect(facts.name == name)
        #expect(facts.digits == digits)
        #expect(facts.integerPart == integerPart)
        #expect(facts.separator == separator)
        #expect(isClose(whole.log10Guesses, log10Of(16 * Double(password.count))))
    }

    @Test("the estimator explains each as one constant and scores it 0", arguments: [
        "31415926535897", "3.14159265", "14159265358979", "2718281828459045", "1414213562373", "1618033988749",
    ])
    func scored(password: String) {
        expectExplainedWhole(password, as: "constant", warning: "Digits of a famous number like pi are easy to guess.")
    }

    @Test("a beginning inside a longer password")
    func inside() {
        let estimate = Pinned.estimator.estimate("pi3.14159!")
        #expect(estimate.patternTokens.contains("constant:3.14159"), "\(estimate.patternTokens)")
        #expect(estimate.log10Guesses < 8.1, "\(estimate.log10Guesses): three parts cost 10^8 at least; zxcvbn 9.5")
        let date = Pinned.estimator.estimate("Summer2718281828")
        #expect(date.patternTokens.last == "constant:2718281828", "\(date.patternTokens)")
    }

    @Test("a wrong digit ends the match: 31415926536 is ten digits of pi and a 6")
    func wrongDigit() {
        let found = constants("31415926536")
        #expect(found.map(\.end).max() == 9, "\(found.map(\.span))")
        #expect(found.contains { $0.span == 0...9 })
        let estimate = Pinned.estimator.estimate("31415926536")
        #expect(estimate.patternTokens == ["constant:3141592653", "bruteforce:6"], "\(estimate.patternTokens)")
    }

    @Test("fewer than five units (four with the point), other digits and the middle of an expansion are no match")
    func nearMisses() {
        #expect(constants("3141").isEmpty)
        #expect(constants("1415").isEmpty)
        #expect(constants("2.71").map(\.span) == [0...3], "four with the point")
        #expect(constants("3.1").isEmpty)
        #expect(constants("3.").isEmpty)
        #expect(constants("27").isEmpty)
        #expect(constants("592653589793").isEmpty, "the middle of pi, not its beginning")
        #expect(constants("3-14159").filter { $0.start == 0 }.isEmpty, "- is not a decimal point")
        #expect(constants("8675309").isEmpty)
        #expect(constants("").isEmpty)
    }

    @Test("all 300 decimals are there, and a line of them repeated to 64 KiB is matched once per copy")
    func long() {
        let pi = "3" + FamousConstant.all[0].decimals
        #expect(FamousConstant.all.allSatisfy { $0.decimals.count == 300 && $0.decimals.allSatisfy(\.isNumber) })
        #expect(constants(pi).contains { $0.span == 0...300 })
        let copies = 65_536 / pi.count
        let found = constants(String(repeating: pi, count: copies))
        #expect(found.filter { $0.length == pi.count && $0.constantFacts?.name == "pi" }.count == copies)
    }
}
