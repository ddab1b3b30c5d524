import VaultCLI
import VaultCore
import VaultSystem

/// Which source a check uses, in this order: `--offline`, `--api-url`, the config's
/// `breach_offline` (a user who set it expects no network), `$VAULT_HIBP_API_URL`, the config's
/// `breach_api_url`, and else the public API.
struct SourceChoice: Sendable {
    var offline: String?
    var apiURL: String?
    /// Seconds to wait for each answer of the API.
    var timeout: Int

    static func resolve(
        offline: String?, apiURL: String?, environment: [String: String], config: VaultConfig, timeout: Int
    ) -> SourceChoice {
        if let offline { return SourceChoice(offline: offline, timeout: timeout) }
        if let apiURL { return SourceChoice(apiURL: apiURL, timeout: timeout) }
        if let offline = config.breachOffline { return SourceChoice(offline: offline, timeout: timeout) }
        if let url = environment["VAULT_HIBP_API_URL"], !url.isEmpty { return SourceChoice(apiURL: url, timeout: timeout) }
        return SourceChoice(apiURL: config.breachAPIURL, timeout: timeout)
    }

    /// How often each hash was seen, from this source (with a progress bar on `streams`).
    func counts(for hashes: [PasswordHash], progressOn streams: StandardStreams) async throws -> [Int] {
        if let offline { return try OfflineSource(path: offline).lookUp(hashes) }
        let base = try RangeClient.normalized(apiURL ?? RangeClient.defaultBaseURL)
        // The answer's own deadline (`timeout`) comes first; the client's read timeout is a backstop.
        return try await HTTPSession.with(readTimeout: timeout + 5) { client in
            let ranges = RangeClient(baseURL: base, client: client, timeout: timeout, retries: RetryBudget())
            return try await OnlineSource(client: ranges).counts(for: hashes, progressOn: streams)
        }
    }
}
