/// Finds runs of characters whose code points move by the same step of at most five, either way:
/// `abcdef`, `97531`, `ZYX`, `αβγδ`, `acegi`. A run of two counts only with a step of one.
struct SequenceMatcher: PasswordMatcher {
    static let maximumStep = 5

    func appendMatches(in password: PasswordText, to found: inout [Match]) {
        let codes = password.codes
        guard codes.count > 1 else { return }
        var start = 0
        var lastStep: Int? = nil
        for k in 1..<codes.count {
            let step = Self.step(codes[k - 1], codes[k])
            if lastStep == nil { lastStep = step }
            if step == lastStep { continue }
            report(start, k - 1, step: lastStep, codes: codes, into: &found)
            start = k - 1
            lastStep = step
        }
        report(start, codes.count - 1, step: lastStep, codes: codes, into: &found)
    }

    /// The difference of two code points; none across a multi-scalar cluster.
    private static func step(_ a: UInt32, _ b: UInt32) -> Int? {
        a >= PasswordText.firstClusterCode || b >= PasswordText.firstClusterCode ? nil : Int(b) - Int(a)
    }

    private func report(_ start: Int, _ end: Int, step: Int?, codes: [UInt32], into found: inout [Match]) {
        guard let step, step != 0, abs(step) <= Self.maximumStep, end - start > 1 || abs(step) == 1 else { return }
        let token = codes[start...end]
        let name: String
        if token.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
            name = "lower"
        } else if token.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) {
            name = "upper"
        } else if token.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            name = "digits"
        } else {
            name = "unicode"
        }
        // Obvious starting points are tried first; otherwise any digit or letter.
        let first = token.first!
        var base: Double
        if [0x61, 0x41, 0x7A, 0x5A, 0x30, 0x31, 0x39].contains(first) {
            base = 4
        } else if first >= 0x30 && first <= 0x39 {
            base = 10
        } else {
            base = 26
        }
        if step < 0 { base *= 2 }
        found.append(Match(start: start, end: end, log10Guesses: Log10.of(base * Double(token.count)),
                           pattern: .sequence(name: name, step: step)))
    }
}
