import Foundation
import Testing
import VaultCLI
import VaultCore
import VaultSystem
@testable import Generator

/// The entropy the generator states is log2 of the number of secrets its policy allows: checked
/// against hand-computed counts, against an independent count of the passwords with every class
/// (built up class by class, with no inclusion–exclusion), and, for an alphabet small enough,
/// against listing every string.
@Suite("Policy entropy")
struct EntropyTests {
    /// Small policies and their number of passwords, counted by hand.
    static let handCountedPolicies: [(CharacterPolicy, Int)] = [
        // 26 lower-case letters.
        (.with(length: 1, upper: false, digits: false, symbols: nil), 26),
        // 36² strings, less those of letters only and of digits only: 1296 − 676 − 100.
        (.with(length: 2, upper: false, symbols: nil), 520),
        // 28³ − 26³ − 2³ = 21952 − 17576 − 8.
        (.with(length: 3, upper: false, digits: false, symbols: "@#"), 4368),
        // One class, no rule to apply.
        (.with(length: 4, lower: false, upper: false, symbols: nil), 10_000),
        // Digits without 0 and 1.
        (.with(length: 2, lower: false, upper: false, symbols: nil, excludeAmbiguous: true), 64),
    ]

    @Test("small policies have the hand-counted number of passwords", arguments: handCountedPolicies)
    func handCounted(policy: CharacterPolicy, passwords: Int) throws {
        #expect(abs(try Sampling.generator.entropyBits(of: .characters(policy)) - log2(Double(passwords))) < 1e-9)
    }

    @Test("realistic policies have log2 of the independently counted passwords", arguments: [
        CharacterPolicy.with(length: 20),
        .with(length: 20, excludeAmbiguous: true),
        .with(length: 4),
        .with(length: 64, symbols: "-_"),
        .with(length: 4096),
    ])
    func counted(policy: CharacterPolicy) throws {
        let bits = try Sampling.generator.entropyBits(of: .characters(policy))
        let expected = Self.log2CountWithEveryClass(sizes: CharacterClasses.of(policy).map(\.count), length: policy.length)
        #expect(abs(bits - expected) < 1e-9 * max(1, expected), "\(bits) vs \(expected)")
    }

    @Test("the default policy has 130.9 bits: 20·log2(94) less a little for the rule, and the classes lose 7 characters to --exclude-ambiguous")
    func defaultPolicy() throws {
        let bits = try Sampling.generator.entropyBits(of: .characters(.with(length: 20)))
        #expect(String(format: "%.1f", bits) == "130.9")
        #expect(bits < 20 * log2(94.0))
        #expect(CharacterClasses.of(.with(length: 20, excludeAmbiguous: true)).map(\.count) == [24, 24, 8, 31])
    }

    @Test("for an alphabet small enough to list, the formula matches the exact count of every string with every class")
    func enumerated() {
        let sizes = SmallAlphabet.classes.map(\.count)
        let listed = SmallAlphabet.enumerate().valid
        var inclusionExclusion = 0
        for subset in 0..<(1 << sizes.count) {
            let left = sizes.indices.filter { subset & (1 << $0) == 0 }.map { sizes[$0] }.reduce(0, +)
            var power = 1
            for _ in 0..<SmallAlphabet.length { power *= left }
            inclusionExclusion += subset.nonzeroBitCount % 2 == 0 ? power : -power
        }
        #expect(listed == inclusionExclusion)
        #expect(Double(listed) == Self.countWithEveryClass(sizes: sizes, length: SmallAlphabet.length))
        #expect(abs(PolicyEntropy.bits(length: SmallAlphabet.length, classSizes: sizes) - log2(Double(listed))) < 1e-12)
        #expect(abs(PolicyEntropy.allClassesProbability(length: SmallAlphabet.length, classSizes: sizes)
            - Double(listed) / pow(7, Double(SmallAlphabet.length))) < 1e-12)
    }

    @Test("a passphrase has log2(7776) bits per word, plus log2(10 · words) with a number, and nothing for capitals", arguments: [
        (WordPolicy(count: 6, separator: "-", capitalize: false, withNumber: false), 6 * log2(7776.0)),
        (WordPolicy(count: 6, separator: " ", capitalize: true, withNumber: false), 6 * log2(7776.0)),
        (WordPolicy(count: 6, separator: "-", capitalize: false, withNumber: true), 6 * log2(7776.0) + log2(60.0)),
        (WordPolicy(count: 1, separator: "-", capitalize: true, withNumber: true), log2(7776.0) + log2(10.0)),
    ])
    func passphrase(policy: WordPolicy, expected: Double) throws {
        #expect(abs(try Sampling.generator.entropyBits(of: .words(policy)) - expected) < 1e-9)
    }

    @Test("a generated secret carries the entropy of its policy")
    func generatedSecretCarriesEntropy() throws {
        for policy in [SecretPolicy.characters(.with(length: 12)), .words(WordPolicy(count: 4, separator: "-", capitalize: false, withNumber: true))] {
            #expect(try Sampling.generator.generate(policy).entropyBits == Sampling.generator.entropyBits(of: policy))
        }
    }

    /// log2 of the number of strings of `length` with at least one character of every class,
    /// counted position by position over which classes have appeared so far (all terms
    /// positive, so exact enough in doubles even where the count has hundreds of digits:
    /// the counts are kept as fractions of n^position and the powers of n added back as bits).
    static func log2CountWithEveryClass(sizes: [Int], length: Int) -> Double {
        let n = Double(sizes.reduce(0, +))
        var fractions = [Double](repeating: 0, count: 1 << sizes.count)
        fractions[0] = 1
        for _ in 0..<length {
            var next = [Double](repeating: 0, count: fractions.count)
            for (seen, fraction) in fractions.enumerated() where fraction > 0 {
                for (index, size) in sizes.enumerated() { next[seen | (1 << index)] += fraction * Double(size) / n }
            }
            fractions = next
        }
        return Double(length) * log2(n) + log2(fractions[fractions.count - 1])
    }

    /// The number itself, for lengths where it fits a double exactly.
    static func countWithEveryClass(sizes: [Int], length: Int) -> Double {
        (pow(2, log2CountWithEveryClass(sizes: sizes, length: length))).rounded()
    }
}
