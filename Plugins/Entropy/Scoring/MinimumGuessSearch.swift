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
        let maxParts = min(n, n / 4 + 2, max(2, maximumCells / n))
        let width = maxParts + 1, cells = n * width
        // The tables, in two buffers (a search runs for every password, and a repeated block's):
        // doubles: costBefore[i] (log10 of brute-forcing units 0..<i, n + 1 of them), then per
        // (end k, parts l) the best product ending in a pattern and ending in brute force, then
        // the running minimum of brute force per part count; integers: the pattern chosen and the
        // brute force's start for those cells, the running minimum's start, then the match
        // indices grouped by end (a counting sort: firstOfEnd[k]..<firstOfEnd[k + 1]).
        let (costBefore, patternBest, forceBest, running) = (0, n + 1, n + 1 + cells, n + 1 + 2 * cells)
        var doubles = [Double](repeating: .infinity, count: n + 1 + 2 * cells + width)
        let (patternChoice, forceStart, runningStart, firstOfEnd, filled, byEnd) =
            (0, cells, 2 * cells, 2 * cells + width, 2 * cells + width + n + 1, 2 * cells + width + 2 * (n + 1))
        var integers = [Int32](repeating: -1, count: byEnd + matches.count)
        let log10Eleven = Log10.of(11)
        doubles[costBefore] = 0
        for k in 0..<n {
            doubles[costBefore + k + 1] = doubles[costBefore + k] + (bruteforce.map { Log10.of(Double($0.cardinalities[k])) } ?? 1)
        }
        for k in 0...n { integers[firstOfEnd + k] = 0 }
        for match in matches { integers[firstOfEnd + match.end + 1] += 1 }
        for k in 0..<n { integers[firstOfEnd + k + 1] += integers[firstOfEnd + k] }
        for k in 0...n { integers[filled + k] = integers[firstOfEnd + k] }
        for index in matches.indices {
            let end = matches[index].end
            integers[byEnd + Int(integers[filled + end])] = Int32(index)
            integers[filled + end] += 1
        }

        func best(_ k: Int, _ l: Int) -> Double {
            if k < 0 { return l == 0 ? 0 : .infinity }
            return min(doubles[patternBest + k * width + l], doubles[forceBest + k * width + l])
        }
        func patternOnly(_ k: Int, _ l: Int) -> Double {
            k < 0 ? (l == 0 ? 0 : .infinity) : doubles[patternBest + k * width + l]
        }

        for k in 0..<n {
            for slot in Int(integers[firstOfEnd + k])..<Int(integers[firstOfEnd + k + 1]) {
                let index = Int(integers[byEnd + slot])
                let (start, length) = (matches[index].start, matches[index].length)
                let floor = length == n ? 0 : (length == 1 ? singleUnitFloor : multiUnitFloor)
                let guesses = max(matches[index].log10Guesses, floor)
                for l in 1...maxParts {
                    let candidate = best(start - 1, l - 1) + guesses
                    if candidate < doubles[patternBest + k * width + l] {
                        doubles[patternBest + k * width + l] = candidate
                        integers[patternChoice + k * width + l] = Int32(index)
                    }
                }
            }
            let single = bruteforce?.log10Bruteforce(k, k) ?? log10Eleven
            for l in 1...maxParts {
                // Brute force from i = k − 1 (two units or more) joins the running minimum.
                if k >= 1 {
                    let value = patternOnly(k - 2, l - 1) - doubles[costBefore + k - 1]
                    if value < doubles[running + l] { doubles[running + l] = value; integers[runningStart + l] = Int32(k - 1) }
                }
                var candidate = doubles[running + l] + doubles[costBefore + k + 1]
                var start = Int(integers[runningStart + l])
                let alone = patternOnly(k - 1, l - 1) + single
                if alone < candidate { candidate = alone; start = k }
                // On a tie the pattern wins: it explains more.
                if candidate < doubles[patternBest + k * width + l] && candidate < doubles[forceBest + k * width + l] {
                    doubles[forceBest + k * width + l] = candidate
                    integers[forceStart + k * width + l] = Int32(start)
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
            if afterBruteforce || doubles[patternBest + slot] <= doubles[forceBest + slot] {
                afterBruteforce = false
                let match = matches[Int(integers[patternChoice + slot])]
                parts.append((match.start, match.end, match))
                k = match.start - 1
            } else {
                let start = Int(integers[forceStart + slot])
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
