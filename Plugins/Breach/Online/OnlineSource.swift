import AsyncHTTPClient
import VaultCLI
import VaultCore
import VaultSystem

/// Checks hashes against the range API: one request per distinct prefix, at most `concurrency`
/// at a time, with a progress bar of the ranges on a terminal, and the first failure ends the
/// whole check. Each answer is used for its hashes as soon as it arrives and then dropped, so
/// memory stays small however many ranges a batch has.
struct OnlineSource {
    let client: RangeClient
    var concurrency = 8

    /// How often each hash was seen (0: never), in the order given; the bar goes to `streams`.
    func counts(for hashes: [PasswordHash], progressOn streams: StandardStreams) async throws -> [Int] {
        var waiting = Dictionary(grouping: hashes.indices, by: { hashes[$0].prefix })
        var counts = [Int](repeating: 0, count: hashes.count)
        // Erased before anything else is printed.
        let progress = ProgressBar(total: waiting.count, label: "checking ranges", streams: streams)
        defer { progress?.finish() }
        try await withThrowingTaskGroup(of: (String, RangeResponse).self) { group in
            var next = waiting.keys.sorted().makeIterator()
            func startOne() -> Bool {
                guard let prefix = next.next() else { return false }
                group.addTask { (prefix, try await client.range(prefix)) }
                return true
            }
            for _ in 0..<concurrency {
                if !startOne() { break }
            }
            while let (prefix, range) = try await group.next() {
                for index in waiting.removeValue(forKey: prefix) ?? [] { counts[index] = range.count(of: hashes[index]) }
                progress?.advance()
                _ = startOne()
            }
        }
        return counts
    }
}

/// An HTTP client for the duration of `body`, shut down afterwards whatever happens: no
/// redirects, 10 s to connect, and `readTimeout` seconds of silence at most while reading.
enum HTTPSession {
    static func with<T: Sendable>(readTimeout: Int, _ body: (HTTPClient) async throws -> T) async throws -> T {
        let timeouts = HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(Int64(readTimeout)))
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: timeouts)
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
