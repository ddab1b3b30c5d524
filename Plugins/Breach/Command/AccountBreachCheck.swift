import VaultCLI
import VaultCore
import VaultSystem

/// `vault breach --account EMAIL` and `vault breach --accounts`: the API key read from its
/// entry, the address given (or every address of the vault, by `EmailAddress.collect`) asked
/// about, and one report per address, in the order asked.
struct AccountBreachCheck {
    let options: AccountOptions
    /// Seconds for each answer.
    let timeout: Int

    /// Checks, prints the reports to `out`, and returns how many addresses were found in breaches.
    func run(in session: VaultSession, output: OutputOptions, out: OutputBuffer) async throws -> Int {
        let context = session.context
        let opened = try session.open()
        let apiKey = try AccountCheck.apiKey(entry: options.apiKeyEntry) { try opened.entries.entry(named: $0) }
        let check = try AccountCheck(apiURL: options.apiURL, apiKey: apiKey, timeout: timeout)
        let targets: [(address: String, entries: [String]?)]
        if let account = options.account {
            targets = [(account, nil)]
        } else {
            targets = EmailAddress.collect(from: try opened.entries.allEntries()).map { ($0.address, $0.entries) }
            if targets.isEmpty { context.diagnostics.notice("no entry has an e-mail address to check") }
        }
        let found = try await check.breaches(of: targets.map(\.address), progressOn: context.streams)
        for (target, breaches) in zip(targets, found) {
            try output.show(AccountReport(address: target.address, entries: target.entries, breaches: breaches), on: out)
        }
        return found.count { !$0.isEmpty }
    }
}
