/// How a weak password is told about where the words may end up in a log or a shared report:
/// the score and a rough crack time only, never the password or its patterns.
enum WeakPasswordText {
    /// "score 1/4 (weak); an offline attack on a slow hash would take about 3 hours".
    static func summary(of estimate: StrengthEstimate) -> String {
        let slowHash = estimate.crackTimes.first { $0.scenario == .offlineSlowHash }!.log10Seconds
        return "score \(estimate.score)/4 (\(estimate.verdict)); an offline attack on a slow hash "
            + "would take \(CrackTimeText.rough(log10Seconds: slowHash))"
    }
}
