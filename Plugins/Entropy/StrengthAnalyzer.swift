import VaultCLI
import VaultKit

/// The `SecretAnalyzer` that `vault add` and `vault edit` ask about a new password: a warning
/// when it scores below 3, saying roughly how long it would resist, never quoting it or naming
/// its patterns.
struct StrengthAnalyzer: SecretAnalyzer {
    static let passingScore = 3

    func analyze(_ secret: String, entry: Entry?, in context: CommandContext) async throws -> [Finding] {
        let estimate = StrengthEstimator(referenceYear: StrengthEstimator.year(of: context.now())).estimate(secret, userWords: entry.map(EntryWords.of) ?? [])
        guard estimate.score < Self.passingScore else { return [] }
        // Rough figures only, and no pattern: this line may end up in a log.
        let slowHash = estimate.crackTimes.first { $0.scenario == .offlineSlowHash }!.log10Seconds
        var message = "weak password: score \(estimate.score)/4 (\(estimate.verdict)); an offline attack on a slow hash "
            + "would take \(CrackTimeText.rough(log10Seconds: slowHash))"
        if let entry { message += " (to see why: vault get \(ShellWord.quoted(entry.name)) | vault entropy)" }
        return [Finding(severity: .warning, message: message, details: ["score": String(estimate.score)])]
    }
}
