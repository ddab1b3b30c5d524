import VaultCLI
import VaultCore
import VaultSystem

/// Runs the auditors over a vault: the core's own and then every plugin's, each only when its
/// coverage says so, one after another (each may draw its own progress bar).
struct AuditRun {
    /// One auditor of a run and whether it runs.
    typealias Step = (auditor: any EntryAuditor, coverage: AuditCoverage)

    let auditors: [any EntryAuditor]
    let request: AuditRequest

    /// The core's auditors around the plugins' (`plugins`, in registration order): reuse, age
    /// and plain HTTP first, the advice on one-time codes last.
    init(plugins: [any EntryAuditor], request: AuditRequest) {
        auditors = [ReuseAuditor(), AgeAuditor(), PlainHTTPAuditor()] + plugins + [OneTimeCodeAdvisor()]
        self.request = request
    }

    /// Each auditor's kinds with its coverage, worked out before the vault is opened, so that a
    /// bad setting fails before the master password is asked.
    func plan(in context: CommandContext) throws -> [Step] {
        try auditors.map { ($0, try $0.coverage(of: request, in: context)) }
    }

    func run(on vault: AuditedVault, plan: [Step], in context: CommandContext) async throws -> AuditReport {
        for (auditor, coverage) in plan where coverage == .checked { try auditor.prepare(vault, request: request) }
        var findings: [EntryFinding] = []
        var scores: [String: Int] = [:]
        for (auditor, coverage) in plan where coverage == .checked {
            let contribution = try await auditor.audit(vault, request: request, in: context)
            findings += contribution.findings
            scores.merge(contribution.scores) { _, new in new }
        }
        let checks = plan.flatMap { step in step.auditor.kinds.map { ($0, step.coverage) } }
        // Problems first, then warnings, then advice; in the auditors' order within each.
        let ordered = AuditSeverity.allCases.flatMap { severity in checks.filter { $0.0.severity == severity } }
        return AuditReport(checks: ordered, findings: findings, scores: scores, vault: vault, generated: request.now)
    }
}
