import VaultCLI
import VaultCore
import VaultSystem

/// The part of `vault audit` that judges every password's strength: a score for each (the
/// report's chart), and a `weak` finding for each scoring below the request's minimum.
struct StrengthAuditor: EntryAuditor {
    static let weak = AuditKind(
        id: "weak", severity: .finding, title: "weak passwords",
        explanation: "the password scores below --min-score (default 3 of 4) in the strength estimate, "
            + "so an attacker who knows how people choose passwords finds it early; replace it with a generated one")

    var kinds: [AuditKind] { [Self.weak] }

    func coverage(of request: AuditRequest, in context: CommandContext) throws -> AuditCoverage { .checked }

    func audit(_ vault: AuditedVault, request: AuditRequest, in context: CommandContext) async throws -> AuditContribution {
        let estimator = StrengthEstimator(referenceYear: StrengthEstimator.year(of: request.now))
        let withPassword = vault.entries.filter { $0.password != nil }
        let progress = ProgressBar(total: withPassword.count, label: "judging strength", streams: context.streams)
        defer { progress?.finish() }
        var contribution = AuditContribution()
        for entry in withPassword {
            let estimate = estimator.estimate(entry.password!, userWords: EntryWords.of(entry))
            contribution.scores[entry.name] = estimate.score
            if estimate.score < request.minimumScore {
                contribution.findings.append(EntryFinding(
                    Self.weak, entry: entry.name, message: WeakPasswordText.summary(of: estimate),
                    details: ["score": .integer(estimate.score)]))
            }
            progress?.advance()
        }
        return contribution
    }
}
