import AsyncHTTPClient

/// Checks hashes against the range API: one request per distinct prefix, at most `concurrency`
/// at a time, each range fetched once per run (an in-memory cache), and the first failure ends
/// the whole check.
struct OnlineSource: BreachSource {
    let client: RangeClient
    var concurrency = 8

    func counts(for hashes: [PasswordHash], progress: ProgressReporter?) async throws -> [Int] {
        var prefixes: [String] = []
        var seen: Set<String> = []
        for hash in hashes where seen.insert(hash.prefix).inserted { prefixes.append(hash.prefix) }
        var ranges: [String: RangeResponse] = [:]
        try await withThrowingTaskGroup(of: (String, RangeResponse).self) { group in
            var next = prefixes.makeIterator()
            func startOne() -> Bool {
                guard let prefix = next.next() else { return false }
                group.addTask { (prefix, try await client.range(prefix)) }
                return true
            }
            for _ in 0..<concurrency {
                if !startOne() { break }
            }
            while let (prefix, range) = try await group.next() {
                ranges[prefix] = range
                progress?.advance()
                _ = startOne()
            }
        }
        return hashes.map { ranges[$0.prefix]!.count(of: $0) }
    }
}

/// An HTTP client for the duration of `body`, shut down afterwards whatever happens: no
/// redirects, 10 s to connect, and `readTimeout` seconds of silence at most while reading.
enum HTTPSession {
    static func with<T: Sendable>(readTimeout: Int, _ body: (HTTPClient) async throws -> T) async throws -> T {
        let timeouts = HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(Int64(readTimeout)))
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: timeouts)
        configuration.httpVersion = .automatic
        // A refused or unresolvable connection is an answer: fail at once, not after retrying
        // until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let result = try await body(client)
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
