import Testing
@testable import Entropy

/// Crack times: for each attack scenario, the guesses divided by the rate, and the words used
/// to show a number of seconds.
@Suite("crack times")
struct CrackTimeTests {
    @Test("the four scenarios and their rates")
    func scenarios() {
        #expect(CrackScenario.allCases.map(\.name.description) == [
            "online_throttled_100_per_hour", "online_10_per_second",
            "offline_slow_hash_1e4_per_second", "offline_fast_hash_1e10_per_second",
        ])
        #expect(CrackScenario.allCases.map(\.guessesPerSecond) == [100.0 / 3600, 10, 1e4, 1e10])
    }

    @Test("seconds = guesses / rate, for every scenario",
          arguments: ["password", "Summer2024!", "correct horse battery staple", ""])
    func seconds(password: String) throws {
        let estimate = Pinned.estimator.estimate(password)
        let guesses = try #require(estimate.guesses)
        #expect(estimate.crackTimes.map(\.scenario) == CrackScenario.allCases)
        for time in estimate.crackTimes {
            let seconds = Log10.power(time.log10Seconds)
            let expected = guesses / time.scenario.guessesPerSecond
            #expect(abs(seconds - expected) <= expected * 1e-9, "\(time.scenario): \(seconds) vs \(expected)")
        }
    }

    static let describedTimes: [(seconds: Double, text: String)] = [
        (0.5, "less than a second"),
        (1, "1 second"),
        (42, "42 seconds"),
        (60, "1 minute"),
        (150, "3 minutes"),
        (3_590, "1 hour"),  // 59.8 minutes would round to "60 minutes"
        (86_000, "1 day"),
        (3600, "1 hour"),
        (86_400 * 2, "2 days"),
        (86_400 * 31 * 3, "3 months"),
        (86_400 * 31 * 12 * 5, "5 years"),
        (86_400 * 31 * 12 * 101, "centuries"),
        (1e20, "centuries"),
    ]

    @Test("seconds in words", arguments: Self.describedTimes)
    func words(seconds: Double, text: String) {
        #expect(CrackTimeText.describe(log10Seconds: log10Of(seconds)) == text)
    }

    @Test("score thresholds: 10^3, 10^6, 10^8 and 10^10 guesses (plus 5, as zxcvbn)")
    func thresholds() {
        let limits = [1e3 + 5, 1e6 + 5, 1e8 + 5, 1e10 + 5]
        #expect(zip(StrengthEstimate.scoreThresholds, limits).allSatisfy { isClose($0, log10Of($1)) })
        #expect(StrengthEstimate.scoreThresholds.count == 4)
    }
}
