import VaultCore

/// The `SecretAnalyzer` that `vault add` and `vault edit` ask about a new password: a warning
/// when it scores below 3, saying how long it would resist and what makes it weak, never
/// quoting it.
struct StrengthAnalyzer: SecretAnalyzer {
    static let passingScore = 3

    func analyze(_ secret: String, entry: Entry?) throws -> [Finding] {
        let estimate = StrengthEstimator().estimate(secret, userWords: entry.map(EntryWords.of) ?? [])
        guard estimate.score < Self.passingScore else { return [] }
        let slowHash = estimate.crackTimes.first { $0.scenario == .offlineSlowHash }!.log10Seconds
        var message = "weak password: score \(estimate.score)/4 (\(estimate.verdict)), about "
            + "\(NumberText.oneDecimal(estimate.bits)) bits; an offline attack on a slow hash would take "
            + CrackTimeText.describe(log10Seconds: slowHash)
        if let warning = estimate.feedback.warning { message += ". " + warning }
        return [Finding(severity: .warning, message: message, details: [
            "score": String(estimate.score),
            "bits": NumberText.oneDecimal(estimate.bits),
            "patterns": estimate.segments.map(\.pattern).joined(separator: " "),
        ])]
    }
}
