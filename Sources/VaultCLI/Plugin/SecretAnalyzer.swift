import VaultCore
import VaultSystem
/// Judges a secret, such as its strength or whether it appeared in a breach: `vault add` warns
/// with the findings, and `vault audit` will run every analyzer over every entry.
public protocol SecretAnalyzer: PluginCapability {
    /// Findings about `secret`, optionally knowing the entry it belongs to (whose name,
    /// username and URLs make some passwords weaker). No findings means nothing to report.
    func analyze(_ secret: String, entry: Entry?, in context: CommandContext) async throws -> [Finding]

    /// Whether it sends anything over the network (even a hash prefix): such analyzers run only
    /// when the user asked for them (`vault add --check-breach`, or `check_breach` in the
    /// config), never by default.
    var makesNetworkRequests: Bool { get }
}

extension SecretAnalyzer {
    public static var capabilityName: String { "secret-analyzer" }
    public var makesNetworkRequests: Bool { false }
}

/// One thing an analyzer found.
public struct Finding: Equatable, Sendable, Encodable {
    /// How bad it is.
    public enum Severity: String, Sendable, Encodable, Comparable {
        case info, warning, critical

        public static func < (a: Severity, b: Severity) -> Bool {
            let order: [Severity] = [.info, .warning, .critical]
            return order.firstIndex(of: a)! < order.firstIndex(of: b)!
        }
    }

    public var severity: Severity
    /// One sentence for a person, never containing the secret.
    public var message: String
    /// Machine-readable facts for `--json`, such as `["score": "1"]`.
    public var details: [String: String]

    public init(severity: Severity, message: String, details: [String: String] = [:]) {
        self.severity = severity
        self.message = message
        self.details = details
    }
}
