import Testing
@testable import Entropy

@Test func smoke() {
    #expect(StrengthEstimator(referenceYear: 2026).estimate("password").score == 0)
}
