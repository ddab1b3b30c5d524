/// The verdict on one password: guesses, score, crack times, advice, and the parts that explain
/// them.
public struct StrengthEstimate: Sendable {
    /// log10 of the guesses needed.
    public let log10Guesses: Double
    /// 0 (too guessable) to 4 (very unguessable).
    public let score: Int
    /// The password's length in grapheme clusters.
    public let length: Int
    /// The cheapest explanation, part by part, covering the whole password.
    public let segments: [Segment]

    /// The guess counts where the score changes: a score is the number of these the guesses
    /// reach (from zxcvbn: protection against throttled online, unthrottled online, slow-hash
    /// offline and fast-hash offline attacks).
    static let scoreThresholds: [Double] = [1e3 + 5, 1e6 + 5, 1e8 + 5, 1e10 + 5].map(Log10.of)

    /// Passwords of this many units or fewer are worth at most `log10ShortCeiling`: every string
    /// that short over all the alphabets `RandomText` knows (about 36,000 characters) is about
    /// 5·10^13 guesses, 80 minutes for an offline attacker with a fast hash, and every
    /// pair of them 1.3·10^9, a tenth of a second. Such a password is never more than fair
    /// (score 2), whatever its alphabet.
    static let shortLength = 3
    static let log10ShortCeiling = 8.0

    /// The estimate from the search's explanation, found with brute force costing what
    /// `bruteforce` says (large alphabets), its brute-force parts charged again when the
    /// password looks like mixed random text (`RandomText.mixed`).
    /// `ceiling` is the most the guesses may be (log10): `log10ShortCeiling` for a short password.
    init(text: PasswordText, result: MinimumGuessSearch.Result, bruteforce: RandomText? = nil, ceiling: Double = .infinity) {
        let unexplained = result.parts.filter { $0.match == nil }.map { $0.start...$0.end }
        let guesses: Double
        if let mixed = RandomText.mixed(text, unexplained: unexplained) {
            segments = result.parts.map { Segment(text: text, start: $0.start, end: $0.end, match: $0.match, bruteforce: mixed) }
            guesses = max(result.log10Guesses, MinimumGuessSearch.log10Total(partGuesses: segments.map(\.log10Guesses)))
        } else {
            segments = result.parts.map { Segment(text: text, start: $0.start, end: $0.end, match: $0.match, bruteforce: bruteforce) }
            guesses = result.log10Guesses
        }
        let capped = min(guesses, ceiling)
        log10Guesses = capped
        score = Self.scoreThresholds.count { capped >= $0 }
        length = text.count
    }

    /// Advice, worked out when asked for.
    public var feedback: Feedback { Feedback(score: score, segments: segments) }

    /// Bits of entropy equivalent to the guesses.
    public var bits: Double { log10Guesses * 3.321928094887362 }

    /// The guesses, when they fit in a double (up to about 10^308).
    public var guesses: Double? {
        let value = Log10.power(log10Guesses)
        return value.isFinite ? value : nil
    }

    /// How long each kind of attack takes, in the order of `CrackScenario.allCases`.
    public var crackTimes: [(scenario: CrackScenario, log10Seconds: Double)] {
        CrackScenario.allCases.map { ($0, log10Guesses - Log10.of($0.guessesPerSecond)) }
    }

    /// A short name for the score.
    public var verdict: String { ["very weak", "weak", "fair", "strong", "very strong"][score] }
}

/// An attacker's guessing rate.
public enum CrackScenario: CaseIterable, Sendable {
    case onlineThrottled
    case online
    case offlineSlowHash
    case offlineFastHash

    /// The scenario's name in --json.
    public var name: StaticString {
        switch self {
        case .onlineThrottled: "online_throttled_100_per_hour"
        case .online: "online_10_per_second"
        case .offlineSlowHash: "offline_slow_hash_1e4_per_second"
        case .offlineFastHash: "offline_fast_hash_1e10_per_second"
        }
    }

    public var guessesPerSecond: Double {
        switch self {
        case .onlineThrottled: 100.0 / 3600
        case .online: 10
        case .offlineSlowHash: 1e4
        case .offlineFastHash: 1e10
        }
    }

    /// For people.
    public var label: String {
        switch self {
        case .onlineThrottled: "online, throttled (100/hour)"
        case .online: "online (10/s)"
        case .offlineSlowHash: "offline, slow hash (10^4/s)"
        case .offlineFastHash: "offline, fast hash (10^10/s)"
        }
    }
}
