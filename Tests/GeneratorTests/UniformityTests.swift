import Testing
import VaultCLI
import VaultCore
import VaultSystem

/// Chi-square tests of the generator's character distribution, per position and over all
/// positions, against the exact probabilities under the at-least-one-per-class rule (see
/// `RejectionDistribution`), at a significance of one in a million. The same statistic is
/// shown to reject deliberately biased samplers, and to reject the plain uniform distribution
/// that ignores the rule, so a pass means something.
///
/// Each position's counts come from independent passwords, a true multinomial sample. Pooled
/// over positions, the characters of one password are not independent (the rule ties them
/// together); for these policies that makes the pooled statistic vary less than a chi-square
/// variable (the rule narrows how many characters of each class a password has), so the test
/// of the pooled counts only errs on the side of passing, and the biased samplers show it still
/// catches what matters.
@Suite("Character distribution (chi-square)")
struct UniformityTests {
    /// A policy and how many passwords to draw for it: 25,000 per position, as many as the
    /// generator makes in about two seconds in a debug build.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var policy: CharacterPolicy
        var passwords: Int
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "length 8, all four classes, default symbols", policy: .with(length: 8), passwords: 25_000),
        Case(name: "length 4, digits and three symbols",
             policy: .with(length: 4, lower: false, upper: false, symbols: "#$%"), passwords: 25_000),
    ]

    @Test("the generator fits the exact distribution at every position and over all positions, and not the plain uniform one",
          arguments: cases)
    func generatorFits(case: Case) async throws {
        let counts = try await Self.counts(of: .generator, for: `case`)
        #expect(counts.foreign.isEmpty, "characters outside the alphabet: \(counts.foreign)")
        let exact = Self.exactProbabilities(`case`.policy)
        for (position, row) in counts.byPosition.enumerated() {
            let test = ChiSquareTest(counts: row, probabilities: exact)
            #expect(!test.rejects, "position \(position): \(test)")
        }
        let pooled = ChiSquareTest(counts: counts.pooled, probabilities: exact)
        #expect(!pooled.rejects, "all positions: \(pooled)")

        let uniform = [Double](repeating: 1 / Double(exact.count), count: exact.count)
        let ignoringTheRule = ChiSquareTest(counts: counts.pooled, probabilities: uniform)
        #expect(ignoringTheRule.rejects, "the plain uniform distribution should not fit: \(ignoringTheRule)")
    }

    /// A random byte modulo 94 makes 68 characters half as likely again as the other 26: caught
    /// at once. (Modulo 13 the bias is 20/256 against 19/256, which 100,000 characters do not
    /// show at this significance; a wide alphabet is where that slip matters.)
    @Test("a random byte modulo n is caught over all positions")
    func moduloBiasCaught() async throws {
        let `case` = Self.cases[0]
        let counts = try await Self.counts(of: .moduloOfRandomByte, for: `case`)
        let test = ChiSquareTest(counts: counts.pooled, probabilities: Self.exactProbabilities(`case`.policy))
        #expect(test.rejects, "\(test)")
    }

    @Test("a first character always of the first class is caught at the first position", arguments: cases)
    func firstPositionBiasCaught(case: Case) async throws {
        let counts = try await Self.counts(of: .firstAlwaysOfFirstClass, for: `case`)
        let exact = Self.exactProbabilities(`case`.policy)
        let first = ChiSquareTest(counts: counts.byPosition[0], probabilities: exact)
        #expect(first.rejects, "\(first)")
    }

    @Test("the expected probabilities are a distribution and match enumeration of every string of a small alphabet")
    func expectedProbabilitiesExact() {
        for `case` in Self.cases {
            let exact = Self.exactProbabilities(`case`.policy)
            #expect(abs(exact.reduce(0, +) - 1) < 1e-12)
        }
        let small = SmallAlphabet.enumerate()
        let exact = RejectionDistribution.probabilities(classes: SmallAlphabet.classes, length: SmallAlphabet.length)
        for (count, probability) in zip(small.firstCharacterCounts, exact) {
            #expect(abs(Double(count) / Double(small.valid) - probability) < 1e-12)
        }
    }

    @Test("the critical values agree with chi-square tables", arguments: [
        (10, 0.05, 18.307), (10, 0.001, 29.588), (100, 0.01, 135.807), (93, 1e-6, 172.747), (12, 1e-6, 50.825),
    ])
    func criticalValues(degreesOfFreedom: Int, significance: Double, tabulated: Double) {
        let approximated = ChiSquareTest.criticalValue(degreesOfFreedom: degreesOfFreedom, significance: significance)
        #expect(abs(approximated - tabulated) / tabulated < 0.025, "\(approximated)")
        #expect(abs(ChiSquareTest.normalQuantile(upperTail: 0.025) - 1.959964) < 1e-5)
        #expect(abs(ChiSquareTest.normalQuantile(upperTail: 1e-6) - 4.753424) < 1e-5)
    }

    private static func exactProbabilities(_ policy: CharacterPolicy) -> [Double] {
        RejectionDistribution.probabilities(classes: CharacterClasses.of(policy), length: policy.length)
    }

    private static func counts(of sampler: PasswordSampler, for case: Case) async throws -> CharacterCounts {
        try await onOwnThread {
            var counts = CharacterCounts(alphabet: Array(CharacterClasses.of(`case`.policy).joined()), length: `case`.policy.length)
            let draw = sampler.prepare(`case`.policy)
            for _ in 0..<`case`.passwords { counts.add(try draw()) }
            return counts
        }
    }
}
