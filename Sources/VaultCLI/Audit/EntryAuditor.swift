import VaultCore
import VaultSystem

/// A capability that looks at the whole vault for one or more kinds of problem: `vault audit`
/// asks every registered auditor, in plugin order, after the core's own checks (reused and old
/// passwords, missing one-time codes). An auditor that would make a network request runs only
/// when the request asks for that network use (`--online`, `--tls`, `--accounts`).
public protocol EntryAuditor: PluginCapability {
    /// The kinds of finding it can report, in the order the summary lists them.
    var kinds: [AuditKind] { get }

    /// Whether it runs for `request`, or why not (such as "give --offline FILE or --online"),
    /// without any network request or lasting work. Called before the vault is opened: a
    /// setting it cannot use fails here (`AuditRequestError` for one the user gave wrong).
    func coverage(of request: AuditRequest, in context: CommandContext) throws -> AuditCoverage

    /// Checks what it needs from the vault (an API key's entry) once the vault is open and
    /// before any auditor runs, so that nothing is sent when the audit cannot finish. The
    /// default needs nothing.
    func prepare(_ vault: AuditedVault, request: AuditRequest) throws

    /// What it finds in the entries `vault` covers. It may draw a progress bar on
    /// `context.streams`. A failure ends the audit with an error: a check that could not be made
    /// is never reported as clean.
    func audit(_ vault: AuditedVault, request: AuditRequest, in context: CommandContext) async throws -> AuditContribution
}

extension EntryAuditor {
    public static var capabilityName: String { "entry-auditor" }
    public func prepare(_ vault: AuditedVault, request: AuditRequest) throws {}
}

/// Whether an auditor runs in an audit.
public enum AuditCoverage: Equatable, Sendable {
    case checked
    /// Not run, and why (for the summary: "not checked: …").
    case skipped(String)
}

/// What one auditor found.
public struct AuditContribution: Sendable {
    public var findings: [EntryFinding]
    /// Strength scores (0 to 4, zxcvbn's scale) by entry name, for the chart of scores; only a
    /// strength auditor gives them.
    public var scores: [String: Int]

    public init(findings: [EntryFinding] = [], scores: [String: Int] = [:]) {
        self.findings = findings
        self.scores = scores
    }
}
