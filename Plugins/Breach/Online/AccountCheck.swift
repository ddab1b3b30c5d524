import VaultCLI
import VaultCore
import VaultSystem

/// The account check `vault breach --account`/`--accounts` and `vault audit --accounts` share:
/// each address asked in turn (the API limits requests per key, so never several at once), in
/// the order given, with a progress bar of the addresses on a terminal; the 429 waits of the
/// whole run come out of one budget of `AccountClient.retrySeconds`. The first failure ends
/// the check.
struct AccountCheck: Sendable {
    /// The API's base URL, checked.
    let baseURL: String
    let apiKey: APIKey
    /// Seconds for each answer.
    let timeout: Int

    /// A check of the API at `apiURL` (Have I Been Pwned's when nil).
    init(apiURL: String?, apiKey: APIKey, timeout: Int) throws(BreachError) {
        baseURL = try AccountClient.normalized(apiURL ?? AccountClient.defaultBaseURL)
        self.apiKey = apiKey
        self.timeout = timeout
    }

    /// The API key held by the entry `rawName` (`APIKey.defaultEntry` when nil; normalised as
    /// every entry name is), which `lookUp` finds by its normalised name.
    static func apiKey(entry rawName: String?, lookUp: (String) throws -> Entry?) throws -> APIKey {
        let name = try EntryName.normalized(rawName ?? APIKey.defaultEntry)
        return try APIKey(from: try lookUp(name), name: name)
    }

    /// The breaches of each address (empty: not found), in the order given.
    func breaches(of addresses: [String], progressOn streams: StandardStreams) async throws -> [[AccountBreach]] {
        // The answer's own deadline (`timeout`) comes first; the client's read timeout is a backstop.
        try await HTTPSession.with(readTimeout: timeout + 5) { client in
            let retries = RetryBudget(seconds: AccountClient.retrySeconds)
            let accounts = AccountClient(baseURL: baseURL, apiKey: apiKey,
                                         exchange: APIExchange(client: client, timeout: timeout, retries: retries))
            let progress = ProgressBar(total: addresses.count, label: "checking accounts", streams: streams)
            defer { progress?.finish() }
            var found: [[AccountBreach]] = []
            for address in addresses {
                found.append(try await accounts.breaches(of: address))
                progress?.advance()
            }
            return found
        }
    }
}
