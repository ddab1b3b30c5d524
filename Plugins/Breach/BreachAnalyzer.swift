import VaultCLI
import VaultCore
import VaultSystem

/// The `SecretAnalyzer` behind `vault add --check-breach` (or `check_breach` in the config): a
/// critical finding when the new password appears in known breaches. It makes a network request
/// (unless `breach_offline` names a downloaded copy), so vault runs it only when asked.
struct BreachAnalyzer: SecretAnalyzer {
    var makesNetworkRequests: Bool { true }

    func analyze(_ secret: String, entry: Entry?, in context: CommandContext) async throws -> [Finding] {
        let source = SourceChoice.resolve(offline: nil, apiURL: nil, environment: context.environment, config: try context.config(),
                                          timeout: RangeClient.defaultTimeout)
        let count = try await source.counts(for: [PasswordHash(of: secret.utf8)], progressOn: context.streams)[0]
        guard count > 0 else { return [] }
        // A rough count only: an exact one can single the password out in the public data.
        return [Finding(severity: .critical,
                        message: "this password appears in known data breaches (\(BreachCount.roughly(count))), "
                            + "so attackers try it early: choose another",
                        details: ["breached": "true"])]
    }
}
