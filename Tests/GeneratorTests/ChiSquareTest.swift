import Foundation

/// Pearson's chi-square goodness-of-fit test of observed counts against exact probabilities,
/// at a significance so small (one in a million by default) that a correct generator is
/// practically never rejected, while a real bias, with enough samples, always is.
struct ChiSquareTest: CustomStringConvertible {
    let statistic: Double
    let degreesOfFreedom: Int
    let critical: Double

    /// Whether the counts do not fit the probabilities at the chosen significance.
    var rejects: Bool { statistic > critical }

    init(counts: [Int], probabilities: [Double], significance: Double = 1e-6) {
        precondition(counts.count == probabilities.count && counts.count > 1)
        let total = Double(counts.reduce(0, +))
        statistic = zip(counts, probabilities).reduce(0) { sum, cell in
            let expected = total * cell.1
            return sum + (Double(cell.0) - expected) * (Double(cell.0) - expected) / expected
        }
        degreesOfFreedom = counts.count - 1
        critical = Self.criticalValue(degreesOfFreedom: degreesOfFreedom, significance: significance)
    }

    var description: String {
        String(format: "χ² = %.1f with %d degrees of freedom (critical value %.1f)", statistic, degreesOfFreedom, critical)
    }

    /// The value a chi-square variable with `k` degrees of freedom exceeds with probability
    /// `significance`, by the Wilson–Hilferty approximation: (χ²/k)^(1/3) is nearly normal
    /// with mean 1 − 2/(9k) and variance 2/(9k).
    static func criticalValue(degreesOfFreedom k: Int, significance: Double) -> Double {
        let variance = 2 / (9 * Double(k))
        let cubeRoot = 1 - variance + normalQuantile(upperTail: significance) * variance.squareRoot()
        return Double(k) * cubeRoot * cubeRoot * cubeRoot
    }

    /// The z that a standard normal variable exceeds with probability `p`, by bisection on
    /// P(Z > z) = erfc(z / √2) / 2.
    static func normalQuantile(upperTail p: Double) -> Double {
        var (low, high) = (-40.0, 40.0)
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if erfc(middle / 2.0.squareRoot()) / 2 > p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
