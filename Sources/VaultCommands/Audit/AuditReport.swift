import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// What `vault audit` found, as every output prints it: each kind of finding with whether it
/// was checked, the findings in entry order, and the strength scores.
struct AuditReport {
    /// One kind of finding in the summary.
    struct Check {
        let kind: AuditKind
        let coverage: AuditCoverage
        /// How many entries have a finding of this kind.
        let entries: Int
    }

    let checks: [Check]
    /// Ordered by entry name, then by the kinds' order in `checks`.
    let findings: [EntryFinding]
    /// Strength scores (0 to 4) by entry name.
    let scores: [String: Int]
    /// How many entries were audited, how many of them have a password, and how many the
    /// config's ignore list left out.
    let audited: Int
    let withPassword: Int
    let ignored: Int
    let generated: Date
    /// The failed master-password attempts the security log holds since the password was last
    /// proven (by another command than the audit).
    var failedPasswords: [SecurityEvent] = []

    init(checks: [(AuditKind, AuditCoverage)], findings: [EntryFinding], scores: [String: Int], vault: AuditedVault, generated: Date) {
        let order = Dictionary(checks.enumerated().map { ($1.0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.findings = findings.sorted { ($0.entry, order[$0.kind.id] ?? 0) < ($1.entry, order[$1.kind.id] ?? 0) }
        self.checks = checks.map { kind, coverage in
            Check(kind: kind, coverage: coverage, entries: Set(findings.filter { $0.kind == kind }.map(\.entry)).count)
        }
        self.scores = scores
        audited = vault.entries.count
        withPassword = vault.entries.count { $0.password != nil }
        ignored = vault.allEntries.count - vault.entries.count
        self.generated = generated
    }

    /// Whether something was found that makes the audit exit 10 (warnings and advice do not).
    var hasProblems: Bool { findings.contains { $0.kind.severity == .finding } }

    /// What to say of `failedPasswords`, nil when there were none.
    var failedPasswordsText: String? {
        guard let latest = failedPasswords.last else { return nil }
        let count = failedPasswords.count
        return "\(NumberText.grouped(count)) failed master-password attempt\(count == 1 ? "" : "s") since the password was last proven "
            + "(the latest \(DayText.timestamp(latest.date)), by vault \(latest.command)); vault log shows them"
    }

    /// The findings of one severity.
    func findings(_ severity: AuditSeverity) -> [EntryFinding] { findings.filter { $0.kind.severity == severity } }

    /// How many entries have a finding (warnings and advice aside).
    var entriesWithFindings: Int { Set(findings(.finding).map(\.entry)).count }

    /// How many passwords scored 0, 1, 2, 3 and 4.
    var scoreCounts: [Int] {
        var counts = [Int](repeating: 0, count: 5)
        for score in scores.values where (0...4).contains(score) { counts[score] += 1 }
        return counts
    }

    /// The entries with findings or warnings (not advice alone), each with them, in name order.
    var entriesWithProblems: [(entry: String, findings: [EntryFinding])] {
        var grouped: [(entry: String, findings: [EntryFinding])] = []
        for finding in findings where finding.kind.severity != .advice {
            if grouped.last?.entry == finding.entry {
                grouped[grouped.count - 1].findings.append(finding)
            } else {
                grouped.append((finding.entry, [finding]))
            }
        }
        return grouped
    }
}
