import VaultCLI
import VaultCore
import VaultSystem

/// The `EntryAuditor` behind `vault audit --accounts`: every e-mail address of the audited
/// entries (`EmailAddress.collect`) asked about at Have I Been Pwned's breached-account API,
/// with the key from the request's entry, and one `exposed-account` finding per entry and
/// address found in a breach.
struct AccountAuditor: EntryAuditor {
    static let exposedAccount = AuditKind(
        id: "exposed-account", severity: .finding, title: "exposed accounts",
        explanation: "an e-mail address of the entry is in known data breaches (Have I Been Pwned), with what each "
            + "exposed (its data classes); change the password of that site and of every site sharing it, and "
            + "watch for phishing")

    /// Breaches a finding's message names before "and N more".
    static let namedInMessage = 3

    var kinds: [AuditKind] { [Self.exposedAccount] }

    func coverage(of request: AuditRequest, in context: CommandContext) throws -> AuditCoverage {
        guard let settings = request.accounts else { return .skipped("give --accounts") }
        if let url = settings.apiURL {
            do { _ = try AccountClient.normalized(url) } catch { throw AuditRequestError(error.message) }
        }
        return .checked
    }

    /// The key's entry is looked up before any auditor sends anything.
    func prepare(_ vault: AuditedVault, request: AuditRequest) throws {
        guard let settings = request.accounts else { return }
        _ = try AccountCheck.apiKey(entry: settings.apiKeyEntry) { vault.entry(named: $0) }
    }

    func audit(_ vault: AuditedVault, request: AuditRequest, in context: CommandContext) async throws -> AuditContribution {
        guard let settings = request.accounts else { return AuditContribution() }
        let apiKey = try AccountCheck.apiKey(entry: settings.apiKeyEntry) { vault.entry(named: $0) }
        let check = try AccountCheck(apiURL: settings.apiURL, apiKey: apiKey, timeout: RangeClient.defaultTimeout)
        let addresses = EmailAddress.collect(from: vault.entries)
        let found = try await check.breaches(of: addresses.map(\.address), progressOn: context.streams)
        var findings: [EntryFinding] = []
        for ((address, entries), breaches) in zip(addresses, found) where !breaches.isEmpty {
            for entry in entries {
                findings.append(EntryFinding(Self.exposedAccount, entry: entry, message: Self.message(address, breaches),
                                             details: ["account": .text(address), "breaches": .list(breaches.map(Self.details))]))
            }
        }
        return AuditContribution(findings: findings)
    }

    /// "its address a@b.example is in 3 known breaches (Adobe 2013-10-04, …)".
    static func message(_ address: String, _ breaches: [AccountBreach]) -> String {
        let count = breaches.count
        var named = breaches.prefix(namedInMessage).map { "\($0.name) \($0.date)" }.joined(separator: ", ")
        if count > namedInMessage { named += ", and \(count - namedInMessage) more" }
        return "its address \(address) is in \(count) known breach\(count == 1 ? "" : "es") (\(named))"
    }

    /// A breach as `--json` gives it: name, title, domain, date, data_classes.
    static func details(_ breach: AccountBreach) -> AuditValue {
        .object(["name": .text(breach.name), "title": .text(breach.title), "domain": .text(breach.domain),
                 "date": .text(breach.date), "data_classes": .texts(breach.dataClasses)])
    }
}
