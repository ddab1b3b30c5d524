import VaultCLI
import VaultCore
import VaultSystem

/// The `SecretAnalyzer` that `vault add` and `vault edit` ask about a new password: a warning
/// when it scores below 3, saying roughly how long it would resist, never quoting it or naming
/// its patterns.
struct StrengthAnalyzer: SecretAnalyzer {
    static let passingScore = 3

    func analyze(_ secret: String, entry: Entry?, in context: CommandContext) async throws -> [Finding] {
        let estimate = StrengthEstimator(referenceYear: StrengthEstimator.year(of: context.now())).estimate(secret, userWords: entry.map(EntryWords.of) ?? [])
        guard estimate.score < Self.passingScore else { return [] }
        var message = "weak password: " + WeakPasswordText.summary(of: estimate)
        if let entry { message += " (to see why: vault get \(ShellWord.quoted(entry.name)) | vault entropy)" }
        return [Finding(severity: .warning, message: message, details: ["score": String(estimate.score)])]
    }
}
