import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// The core's check for passwords left unchanged for longer than the request's maximum age,
/// counted from when the current password was set (`Entry.passwordSetAt`).
struct AgeAuditor: EntryAuditor {
    static let old = AuditKind(
        id: "old", severity: .finding, title: "old passwords",
        explanation: "the password has not changed for more than --max-age days (default 365): "
            + "the longer a password lives, the more leaks, shoulders and old devices it has been through")

    var kinds: [AuditKind] { [Self.old] }

    func coverage(of request: AuditRequest, in context: CommandContext) throws -> AuditCoverage { .checked }

    func audit(_ vault: AuditedVault, request: AuditRequest, in context: CommandContext) async throws -> AuditContribution {
        var contribution = AuditContribution()
        for entry in vault.entries {
            guard let since = entry.passwordSetAt else { continue }
            let days = Int((request.now.timeIntervalSince(since) / 86_400).rounded(.down))
            guard days > request.maximumAgeDays else { continue }
            let day = DayText.of(since)
            contribution.findings.append(EntryFinding(
                Self.old, entry: entry.name, message: "the password is unchanged for \(days) days, since \(day)",
                details: ["days": .integer(days), "since": .text(day)]))
        }
        return contribution
    }
}
