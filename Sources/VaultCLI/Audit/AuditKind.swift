/// A kind of audit finding: its stable id (in `--json` and the HTML page), how it counts, and
/// what it means.
public struct AuditKind: Hashable, Sendable {
    /// The stable id, such as `weak` or `pin-changed`.
    public let id: String
    public let severity: AuditSeverity
    /// A few words for the summary, such as "weak passwords".
    public let title: String
    /// What it means and what to do, for the help and docs/audit.md.
    public let explanation: String

    public init(id: String, severity: AuditSeverity, title: String, explanation: String) {
        self.id = id
        self.severity = severity
        self.title = title
        self.explanation = explanation
    }
}

/// How a finding counts.
public enum AuditSeverity: String, Sendable, CaseIterable {
    /// A problem: the audit exits 10 when it has one.
    case finding
    /// Worth a look, but not a problem by itself (a site that rotated its key under the same
    /// CA): exit 0 unless something else is found.
    case warning
    /// A suggestion (turn on two-factor codes): never changes the exit status.
    case advice
}
