import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultCore
import VaultSystem

/// The exact entropy of a policy, computed from the policy: every allowed secret is equally
/// likely, so the entropy is log2 of how many there are.
enum PolicyEntropy {
    /// Passwords of length L over an alphabet of n characters split into classes of sizes c_i,
    /// with at least one character of every class. By inclusion and exclusion the count is
    /// n^L · P, where P = Σ over subsets S of the classes of (−1)^|S| · (1 − Σ_{i∈S} c_i / n)^L is
    /// the probability that a uniform string has every class; so the bits are L·log2 n + log2 P.
    static func bits(length: Int, classSizes: [Int]) -> Double {
        let n = Double(classSizes.reduce(0, +))
        return Double(length) * log2(n) + log2(allClassesProbability(length: length, classSizes: classSizes))
    }

    /// P above: the chance that `length` uniform draws from the whole alphabet hit every class.
    static func allClassesProbability(length: Int, classSizes: [Int]) -> Double {
        let n = Double(classSizes.reduce(0, +))
        var total = 0.0
        for subset in 0..<(1 << classSizes.count) {
            var left = n
            for (index, size) in classSizes.enumerated() where subset & (1 << index) != 0 { left -= Double(size) }
            let sign: Double = subset.nonzeroBitCount % 2 == 0 ? 1 : -1
            total += sign * pow(left / n, Double(length))
        }
        return total
    }

    /// Passphrases of `count` words from a list of `listSize`, plus, with a number, the choice
    /// of the word (count ways) and of the digit (10 ways).
    static func bits(words count: Int, listSize: Int, withNumber: Bool) -> Double {
        Double(count) * log2(Double(listSize)) + (withNumber ? log2(Double(10 * count)) : 0)
    }
}
