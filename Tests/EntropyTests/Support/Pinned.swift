import Testing
@testable import Entropy

/// The estimator and date matcher every test uses, with the reference year pinned to 2026 so
/// that guesses for years and dates do not move when the calendar does.
enum Pinned {
    static let year = 2026
    static let estimator = StrengthEstimator(referenceYear: year)
    static let dates = DateMatcher(referenceYear: year)

    /// The repeat matcher as the estimator builds it: a block is estimated as a password of its own.
    static var repeats: RepeatMatcher { RepeatMatcher { estimator.estimate($0.text).log10Guesses } }
}

/// Checks that the estimator explains `password` whole as one `pattern`, scores it 0 and warns
/// with `warning`.
func expectExplainedWhole(_ password: String, as pattern: String, warning: String,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    let estimate = Pinned.estimator.estimate(password)
    #expect(estimate.patternTokens == ["\(pattern):\(password)"], "\(estimate.patternTokens)", sourceLocation: sourceLocation)
    #expect(estimate.score == 0, "\(estimate.log10Guesses)", sourceLocation: sourceLocation)
    #expect(estimate.feedback.warning == warning, sourceLocation: sourceLocation)
}

/// log10 of a plain number, for writing expected guesses as the counts they stand for.
func log10Of(_ value: Double) -> Double { Log10.of(value) }

/// Whether two log10 values agree to within `tolerance` (rounding noise, not model slack).
func isClose(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
