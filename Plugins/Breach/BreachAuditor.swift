import VaultCLI
import VaultCore
import VaultSystem

/// The part of `vault audit` that looks every password up in known breaches: against a
/// downloaded copy (`--offline`, or `breach_offline` in the config), or through the range API
/// only with `--online`. Without either it does not run, so an audit makes no request unless
/// asked to.
struct BreachAuditor: EntryAuditor {
    static let breached = AuditKind(
        id: "breached", severity: .finding, title: "breached passwords",
        explanation: "the password appears in known data breaches (Have I Been Pwned's Pwned Passwords), "
            + "which attackers try first whatever its strength; replace it")

    var kinds: [AuditKind] { [Self.breached] }

    func coverage(of request: AuditRequest, in context: CommandContext) throws -> AuditCoverage {
        if let url = request.breachAPIURL {
            do { _ = try RangeClient.normalized(url) } catch { throw AuditRequestError(error.message) }
        }
        return try source(for: request, in: context) == nil ? .skipped("give --offline FILE or --online") : .checked
    }

    func audit(_ vault: AuditedVault, request: AuditRequest, in context: CommandContext) async throws -> AuditContribution {
        guard let source = try source(for: request, in: context) else { return AuditContribution() }
        let chosen = vault.entries.filter { $0.password != nil }
        let counts = try await source.counts(for: chosen.map { PasswordHash(of: $0.password!.utf8) }, progressOn: context.streams)
        var contribution = AuditContribution()
        for (entry, count) in zip(chosen, counts) where count > 0 {
            contribution.findings.append(EntryFinding(
                Self.breached, entry: entry.name,
                message: "the password appears in known data breaches (\(BreachCount.roughly(count))), so attackers try it early",
                details: ["seen_at_least": .integer(NumberText.powerOfTenBelow(count))]))
        }
        return contribution
    }

    /// The copy or API to check against, or nil when the audit was not asked to check.
    private func source(for request: AuditRequest, in context: CommandContext) throws -> SourceChoice? {
        let config = try context.config()
        if let offline = request.breachOffline { return SourceChoice(offline: offline, timeout: RangeClient.defaultTimeout) }
        if request.breachOnline {
            return SourceChoice.resolve(offline: nil, apiURL: request.breachAPIURL, environment: context.environment,
                                        config: config, timeout: RangeClient.defaultTimeout)
        }
        if let offline = config.breachOffline { return SourceChoice(offline: offline, timeout: RangeClient.defaultTimeout) }
        return nil
    }
}
