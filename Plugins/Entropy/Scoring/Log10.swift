#if canImport(Glibc)
import Glibc
#endif

/// Guess counts are kept as base-10 logarithms, so that a 1,000-character password (10^1000
/// guesses) is as easy to score as a short one.
enum Log10 {
    static func of(_ value: Double) -> Double { log10(value) }

    /// 10^x (infinity beyond about 10^308).
    static func power(_ x: Double) -> Double { pow(10, x) }

    /// log10(10^a + 10^b), without overflowing.
    static func sum(_ a: Double, _ b: Double) -> Double {
        if a == -.infinity { return b }
        if b == -.infinity { return a }
        let (high, low) = a >= b ? (a, b) : (b, a)
        return high + log10(1 + pow(10, low - high))
    }

    /// log10(n!).
    static func factorial(_ n: Int) -> Double {
        n < smallFactorials.count ? smallFactorials[n] : lgamma(Double(n) + 1) / M_LN10
    }

    private static let smallFactorials: [Double] = {
        var table: [Double] = [0]
        var product = 1.0
        for n in 1...40 {
            product *= Double(n)
            table.append(log10(product))
        }
        return table
    }()

    /// log10(C(n, k) − 1), for C(n, k) ≥ 2.
    static func binomialMinusOne(_ n: Int, _ k: Int) -> Double {
        if n <= 60 { return log10(Combinatorics.choose(n, k) - 1) }
        let full = binomial(n, k)
        return full + log10(1 - power(-full))
    }

    /// log10 of n choose k; exact in doubles while the numbers are small, through lgamma beyond.
    static func binomial(_ n: Int, _ k: Int) -> Double {
        if k > n || k < 0 { return -.infinity }
        if n <= 60 { return log10(Combinatorics.choose(n, k)) }
        return (lgamma(Double(n) + 1) - lgamma(Double(k) + 1) - lgamma(Double(n - k) + 1)) / M_LN10
    }
}

/// Counting helpers shared by the patterns' estimates.
enum Combinatorics {
    /// n choose k as a double, multiplying and dividing in turn (never larger than the result
    /// times n, so exact for the sizes passwords have).
    static func choose(_ n: Int, _ k: Int) -> Double {
        if k > n { return 0 }
        if k == 0 { return 1 }
        var result = 1.0
        var n = Double(n)
        for d in 1...k {
            result *= n
            result /= Double(d)
            n -= 1
        }
        return result
    }

    /// log10 of the sum of C(a + b, i) for i in 1...min(a, b): the ways to place the rarer of two
    /// kinds of characters (upper and lower case, substituted and plain) in a token.
    static func log10Placements(_ a: Int, _ b: Int) -> Double {
        var total = -Double.infinity
        for i in stride(from: 1, through: min(a, b), by: 1) {
            total = Log10.sum(total, Log10.binomial(a + b, i))
        }
        return total
    }
}
