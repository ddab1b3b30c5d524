/// Finds repeated blocks (`aaaa`, `abcabcabc`, `hellohello`) from left to right, the way a
/// regular expression `(.+)\1+` would, but in linear time per starting point: for each start the
/// Z-function gives, for every period p, how far the text from there agrees with itself shifted by
/// p. The block's own guesses come from estimating it as a password of its own.
struct RepeatMatcher: PasswordMatcher {
    /// Estimates a block: log10 of its guesses.
    let estimate: (PasswordText) -> Double

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        let codes = password.codes
        var start = 0
        while start < codes.count - 1 {
            guard let (period, length) = repeatAt(start, in: codes) else {
                start += 1
                continue
            }
            let end = start + length - 1
            let block = password.part(start...(start + period - 1))
            let base = estimate(block)
            let count = length / period
            found.append(Match(start: start, end: end, log10Guesses: base + Log10.of(Double(count)),
                               pattern: .repeated(blockLength: period, count: count, baseLog10Guesses: base)))
            start = end + 1
        }
    }

    /// The repeat starting at `start`, if any: the shortest block whose repetition is longest
    /// (`aabaab` is `aab` twice, not `a` twice), and the length covered by whole repetitions.
    /// Blocks are at most `maximumWindow / 2` units long, which only limits passwords longer
    /// than the window, and keeps a 64 KiB line from taking quadratic time.
    private func repeatAt(_ start: Int, in codes: [UInt32]) -> (period: Int, length: Int)? {
        let window = min(codes.count - start, Self.maximumWindow)
        // A repeat needs the first unit again within the first half: usually it is not there.
        guard codes[(start + 1)..<(start + window / 2 + 1)].contains(codes[start]) else { return nil }
        let agreement = zFunction(codes[start..<(start + window)])
        /// How far the text from `start` agrees with itself shifted by `period`, past the window.
        func run(_ period: Int) -> Int {
            var length = agreement[period]
            if period + length == window {
                while start + period + length < codes.count && codes[start + length] == codes[start + period + length] { length += 1 }
            }
            return length
        }
        var shortest: Int? = nil, longest: Int? = nil
        for period in stride(from: 1, through: window / 2, by: 1) where agreement[period] >= period {
            if shortest == nil { shortest = period }
            longest = period
        }
        guard let lazyPeriod = shortest, let greedyPeriod = longest else { return nil }
        let lazyLength = lazyPeriod * (1 + run(lazyPeriod) / lazyPeriod)
        let greedyLength = greedyPeriod * (1 + run(greedyPeriod) / greedyPeriod)
        guard greedyLength > lazyLength else { return (lazyPeriod, lazyLength) }
        // The greedy block may itself be a repetition: use its shortest period that tiles it.
        for period in stride(from: 1, through: greedyLength / 2, by: 1)
        where greedyLength % period == 0 && period <= window / 2 && run(period) >= greedyLength - period {
            return (period, greedyLength)
        }
        return (greedyPeriod, greedyLength)
    }

    static let maximumWindow = 2048

    /// z[i] = how many units from position i agree with the units from the start.
    private func zFunction(_ codes: ArraySlice<UInt32>) -> [Int] {
        let text = Array(codes)
        let n = text.count
        var z = [Int](repeating: 0, count: n)
        if n > 0 { z[0] = n }
        var left = 0, right = 0
        for i in stride(from: 1, to: n, by: 1) {
            if i < right { z[i] = min(right - i, z[i - left]) }
            while i + z[i] < n && text[z[i]] == text[i + z[i]] { z[i] += 1 }
            if i + z[i] > right { left = i; right = i + z[i] }
        }
        return z
    }
}
