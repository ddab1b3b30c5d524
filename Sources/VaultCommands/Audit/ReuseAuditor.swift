import VaultCLI
import VaultCore
import VaultSystem

/// The core's check for passwords used by several entries (compared as `ReusedPasswords`
/// does, by a keyed hash held in memory for this audit only): one finding per entry, naming
/// the others.
struct ReuseAuditor: EntryAuditor {
    static let reused = AuditKind(
        id: "reused", severity: .finding, title: "reused passwords",
        explanation: "several entries share the password, so a breach of one site opens the others; give each its own")

    var kinds: [AuditKind] { [Self.reused] }

    func coverage(of request: AuditRequest, in context: CommandContext) throws -> AuditCoverage { .checked }

    func audit(_ vault: AuditedVault, request: AuditRequest, in context: CommandContext) async throws -> AuditContribution {
        var contribution = AuditContribution()
        for group in ReusedPasswords.groups(in: vault.entries) {
            for name in group {
                let others = group.filter { $0 != name }
                contribution.findings.append(EntryFinding(
                    Self.reused, entry: name, message: "the same password as \(others.joined(separator: ", "))",
                    details: ["shared_with": .texts(others)]))
            }
        }
        return contribution
    }
}
