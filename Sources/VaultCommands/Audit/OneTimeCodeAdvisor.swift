import VaultCLI
import VaultCore
import VaultSystem

/// The core's advice for entries of a site that keep no one-time code: a second factor makes a
/// leaked password useless on its own. Advice only, since not every site offers codes.
struct OneTimeCodeAdvisor: EntryAuditor {
    static let missingCode = AuditKind(
        id: "missing-totp", severity: .advice, title: "sites without a one-time code",
        explanation: "the entry has a URL and a password but no one-time code; if the site offers two-factor codes, "
            + "turning them on makes a leaked password useless by itself (vault edit NAME --otp)")

    var kinds: [AuditKind] { [Self.missingCode] }

    func coverage(of request: AuditRequest, in context: CommandContext) throws -> AuditCoverage { .checked }

    func audit(_ vault: AuditedVault, request: AuditRequest, in context: CommandContext) async throws -> AuditContribution {
        AuditContribution(findings: vault.entries.filter { !$0.urls.isEmpty && $0.password != nil && $0.otp == nil }.map {
            EntryFinding(Self.missingCode, entry: $0.name, message: "a site with no one-time code: turn on two-factor codes if it offers them")
        })
    }
}
