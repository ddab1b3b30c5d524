/// The exact distribution of one character of a password drawn uniformly among the strings of
/// a length that hold at least one character of every class: what the generator's rejection
/// sampling must produce, and not the plain uniform distribution over the alphabet.
///
/// By symmetry every position has the same distribution. A character of class i is at a given
/// position with probability (1/n) · Q_i / P_all, where P_all is the chance that L uniform
/// draws hit every class and Q_i the chance that the other L − 1 draws hit every class but i;
/// both by inclusion and exclusion over the classes that are missed.
enum RejectionDistribution {
    /// The probability of each character of `classes` (in the order of `classes.joined()`) at
    /// any one position of a password of `length`.
    static func probabilities(classes: [[UInt8]], length: Int) -> [Double] {
        let sizes = classes.map(\.count)
        let n = Double(sizes.reduce(0, +))
        let all = coverage(sizes: sizes, length: length, required: Array(sizes.indices))
        return sizes.indices.flatMap { i in
            let others = coverage(sizes: sizes, length: length - 1, required: sizes.indices.filter { $0 != i })
            return [Double](repeating: others / (n * all), count: sizes[i])
        }
    }

    /// The chance that `length` uniform draws from all the classes hit every class of `required`:
    /// Σ over subsets S of `required` of (−1)^|S| · (1 − Σ_{j∈S} c_j / n)^length.
    static func coverage(sizes: [Int], length: Int, required: [Int]) -> Double {
        let n = Double(sizes.reduce(0, +))
        var total = 0.0
        for subset in 0..<(1 << required.count) {
            let missed = required.indices.filter { subset & (1 << $0) != 0 }.map { sizes[required[$0]] }
            let sign = missed.count % 2 == 0 ? 1.0 : -1.0
            var power = 1.0
            for _ in 0..<length { power *= 1 - Double(missed.reduce(0, +)) / n }
            total += sign * power
        }
        return total
    }
}
