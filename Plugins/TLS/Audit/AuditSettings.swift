import FoundationEssentials

/// How to audit, the same for every endpoint of a run.
struct AuditSettings: Sendable {
    var roots: TrustRoots
    /// `--servername`: the name for SNI and the certificate check instead of the host.
    var serverName: String?
    /// `--connect-to`: where to connect instead of the host.
    var connectTo: Endpoint?
    /// `--pin`s, as `sha256//BASE64`.
    var pins: [String] = []
    var timeout: Duration
    /// Whether to fetch `/` and grade the security headers.
    var fetchHeaders = true
    /// The time certificates are judged at: when the audit started.
    var now = Date()
}
