/// Chooses the cheapest way to guess a whole password from its matches: a sequence of
/// non-overlapping matches, with brute force filling the gaps, that minimises
///
///     l! · Π guesses(m) + 10000^(l−1)
///
/// where l is the number of parts: the product counts the combinations of those patterns, l!
/// their orders, and the last term says an attacker tries fewer parts before more.
///
/// Dynamic programming over (end of prefix, number of parts) keeps, for each, the smallest
/// product, separately for sequences that end in brute force (a brute-force part never follows
/// another: one longer part is cheaper). Extending with brute force keeps a running minimum per
/// part count, so the search is O(n · l_max + n · matches) rather than quadratic in n, and l_max
/// is small because each part costs at least 10^4 in the last term.
struct MinimumGuessSearch {
    /// Guesses at least this many for a one-unit part of a longer password, and `multiUnitFloor`
    /// for a longer part, so that no part is nearly free.
    static let singleUnitFloor = Log10.of(10)
    static let multiUnitFloor = Log10.of(50)
    static let bruteforceCardinality = 10.0
    static let log10PartPenalty = Log10.of(10_000)
    /// The table holds at most this many (end, parts) cells: exact for passwords up to 2,000
    /// units, and on longer ones the explanation has at most 1,000,000 / n parts (more would
    /// only matter for passwords whose guesses are astronomical anyway), so memory stays near
    /// 24 MB.
    static let maximumCells = 1_000_000

    /// The chosen parts and the log10 of the guesses.
    struct Result {
        var log10Guesses: Double
        /// Parts in order; a nil pattern is brute force.
        var parts: [(start: Int, end: Int, match: Match?)]
    }

    /// The cheapest explanation of a password of `n` units; brute force costs 10 per unit, or
    /// what `bruteforce` charges each.
    static func search(length n: Int, matches: [Match], bruteforce: RandomText? = nil) -> Result {
        guard n > 0 else { return Result(log10Guesses: 0, parts: []) }
        // costBefore[i]: log10 of brute-forcing units 0..<i; single[k]: unit k alone.
        var costBefore = [Double](repeating: 0, count: n + 1)
        for k in 0..<n {
            costBefore[k + 1] = costBefore[k] + (bruteforce.map { Log10.of(Double($0.cardinalities[k])) } ?? 1)
        }
        func single(_ k: Int) -> Double { bruteforce?.log10Bruteforce(k, k) ?? Log10.of(11) }
        let maxParts = min(n, n / 4 + 2, max(2, maximumCells / n))
        // Match indices grouped by end (a counting sort): firstOfEnd[k]..<firstOfEnd[k + 1].
        var firstOfEnd = [Int](repeating: 0, count: n + 1)
        for match in matches { firstOfEnd[match.end + 1] += 1 }
        for k in 0..<n { firstOfEnd[k + 1] += firstOfEnd[k] }
        var byEnd = [Int](repeating: 0, count: matches.count)
        var filled = firstOfEnd
        for (index, match) in matches.enumerated() {
            byEnd[filled[match.end]] = index
            filled[match.end] += 1
        }

        // Per (end k, parts l): best product ending in a pattern, and ending in brute force.
        let width = maxParts + 1
        var patternBest = [Double](repeating: .infinity, count: n * width)
        var patternChoice = [Int32](repeating: -1, count: n * width)
        var forceBest = [Double](repeating: .infinity, count: n * width)
        var forceStart = [Int32](repeating: -1, count: n * width)
        func best(_ k: Int, _ l: Int) -> Double {
            if k < 0 { return l == 0 ? 0 : .infinity }
            return min(patternBest[k * width + l], forceBest[k * width + l])
        }
        func patternOnly(_ k: Int, _ l: Int) -> Double {
            k < 0 ? (l == 0 ? 0 : .infinity) : patternBest[k * width + l]
        }
        // Running minimum over brute-force starts i of patternOnly(i − 1, l − 1) − costBefore[i].
        var running = [Double](repeating: .infinity, count: width)
        var runningStart = [Int32](repeating: -1, count: width)

        for k in 0..<n {
            for index in byEnd[firstOfEnd[k]..<firstOfEnd[k + 1]] {
                let match = matches[index]
                let floor = match.length == n ? 0 : (match.length == 1 ? singleUnitFloor : multiUnitFloor)
                let guesses = max(match.log10Guesses, floor)
                for l in 1...maxParts {
                    let candidate = best(match.start - 1, l - 1) + guesses
                    if candidate < patternBest[k * width + l] {
                        patternBest[k * width + l] = candidate
                        patternChoice[k * width + l] = Int32(index)
                    }
                }
            }
            for l in 1...maxParts {
                // Brute force from i = k − 1 (two units or more) joins the running minimum.
                if k >= 1 {
                    let value = patternOnly(k - 2, l - 1) - costBefore[k - 1]
                    if value < running[l] { running[l] = value; runningStart[l] = Int32(k - 1) }
                }
                var candidate = running[l] + costBefore[k + 1]
                var start = runningStart[l]
                let alone = patternOnly(k - 1, l - 1) + single(k)
                if alone < candidate { candidate = alone; start = Int32(k) }
                // On a tie the pattern wins: it explains more.
                if candidate < patternBest[k * width + l] && candidate < forceBest[k * width + l] {
                    forceBest[k * width + l] = candidate
                    forceStart[k * width + l] = start
                }
            }
        }

        var bestTotal = Double.infinity
        var bestParts = 1
        for l in 1...maxParts where best(n - 1, l) < .infinity {
            let total = log10Total(parts: l, log10Product: best(n - 1, l))
            if total < bestTotal { bestTotal = total; bestParts = l }
        }

        var parts: [(start: Int, end: Int, match: Match?)] = []
        var k = n - 1, l = bestParts
        var afterBruteforce = false
        while k >= 0 {
            let slot = k * width + l
            if afterBruteforce || patternBest[slot] <= forceBest[slot] {
                afterBruteforce = false
                let match = matches[Int(patternChoice[slot])]
                parts.append((match.start, match.end, match))
                k = match.start - 1
            } else {
                let start = Int(forceStart[slot])
                parts.append((start, k, nil))
                k = start - 1
                afterBruteforce = true
            }
            l -= 1
        }
        return Result(log10Guesses: bestTotal, parts: parts.reversed())
    }

    /// log10 of the guesses for brute-forcing `length` units as one part.
    static func log10Bruteforce(length: Int) -> Double {
        length == 1 ? Log10.of(11) : Double(length) * Log10.of(bruteforceCardinality)
    }

    /// log10 of the guesses for a whole explanation whose parts cost `partGuesses`: the formula
    /// the search minimises.
    static func log10Total(partGuesses: [Double]) -> Double {
        log10Total(parts: partGuesses.count, log10Product: partGuesses.reduce(0, +))
    }

    /// l! · product + 10000^(l−1), for `parts` parts whose guesses multiply to `log10Product`.
    private static func log10Total(parts: Int, log10Product: Double) -> Double {
        Log10.sum(Log10.factorial(parts) + log10Product, Double(parts - 1) * log10PartPenalty)
    }
}
