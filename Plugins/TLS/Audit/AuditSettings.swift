import FoundationEssentials

/// How to audit, the same for every endpoint of a run.
struct AuditSettings: Sendable {
    var roots: TrustRoots
    /// `--servername`: the name for SNI and the certificate check instead of the host.
    var serverName: String?
    /// `--connect-to`: where to connect instead of the host.
    var connectTo: Endpoint?
    /// The `--pin`s, by the hosts they apply to.
    var pins = PinRules()
    var timeout: Duration
    /// Whether to fetch `/` and grade the security headers.
    var fetchHeaders = true
    /// The time certificates are judged at: when the audit started.
    var now = Date()
}
