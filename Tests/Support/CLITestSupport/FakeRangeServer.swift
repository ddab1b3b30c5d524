import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One test's own `fake-hibp` (the local range and breached-account APIs built next to `vault`):
/// started on a free port with a data file, an accounts file and a request log in a temporary
/// folder of its own, and stopped when
/// the test is done with it. Use `FakeRangeServer.with` so that it is stopped however the test
/// ends.
package final class FakeRangeServer: Sendable {
    private let process: ServerProcess
    package var port: Int { process.port }
    private var logPath: String { process.folder + "/requests.log" }

    /// `http://127.0.0.1:PORT`, for `--api-url`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `http://127.0.0.1:PORT/api/v3`, for `--accounts-api-url`.
    package var accountsURL: String { baseURL + "/api/v3" }

    /// Starts a server for a test's body and stops it afterwards, whether the body returned or
    /// threw. `data` holds `SHA1HEX:COUNT` lines; `accounts` is the JSON of `--accounts` (an
    /// object mapping addresses to arrays of breach objects); `apiKey` is the key account
    /// requests must carry; `options` are more `fake-hibp` options (`--rate-limit 2`,
    /// `--fail html`, …).
    package static func with<Result>(
        data: String = "", accounts: String? = nil, apiKey: String? = nil, options: [String] = [],
        _ body: (FakeRangeServer) async throws -> Result
    ) async throws -> Result {
        try await ServerProcess.with(try await FakeRangeServer(data: data, accounts: accounts, apiKey: apiKey, options: options),
                                     stop: { try await $0.stop() }, body)
    }

    package init(data: String, accounts: String? = nil, apiKey: String? = nil, options: [String] = []) async throws {
        process = try await ServerProcess("fake-hibp", arguments: options + (apiKey.map { ["--api-key", $0] } ?? [])) { folder in
            try Data(data.utf8).write(to: URL(fileURLWithPath: folder + "/data.txt"))
            var arguments = ["--data", folder + "/data.txt", "--log", folder + "/requests.log"]
            if let accounts {
                try Data(accounts.utf8).write(to: URL(fileURLWithPath: folder + "/accounts.json"))
                arguments += ["--accounts", folder + "/accounts.json"]
            }
            return arguments
        }
    }

    /// Every request the server has logged so far, one
    /// `METHOD PATH add-padding=… api-key=… user-agent=…` line each.
    package func requests() throws -> [String] {
        let text = try String(contentsOfFile: logPath, encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    /// Stops the server and removes its folder.
    package func stop() async throws {
        try await process.stop()
    }
}

/// One line of the server's request log, taken apart.
package struct LoggedRequest: Equatable {
    package var method: String
    package var path: String
    package var addPadding: String
    /// Whether the request's `hibp-api-key` was the server's: `ok`, `wrong`, or `-` for none.
    package var apiKey: String
    package var userAgent: String

    /// `METHOD PATH add-padding=VALUE api-key=VERDICT user-agent=VALUE` (the user agent may
    /// hold spaces).
    package init?(_ line: String) {
        let parts = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, parts[2].hasPrefix("add-padding="), parts[3].hasPrefix("api-key="),
              parts[4].hasPrefix("user-agent=") else { return nil }
        method = String(parts[0])
        path = String(parts[1])
        addPadding = String(parts[2].dropFirst("add-padding=".count))
        apiKey = String(parts[3].dropFirst("api-key=".count))
        guard ["ok", "wrong", "-"].contains(apiKey) else { return nil }
        userAgent = String(parts[4].dropFirst("user-agent=".count))
    }

    /// The five characters after `/range/`, if the path is exactly that.
    package var rangePrefix: String? {
        guard path.hasPrefix("/range/") else { return nil }
        let prefix = path.dropFirst("/range/".count)
        guard prefix.count == 5, prefix.allSatisfy({ "0123456789ABCDEF".contains($0) }) else { return nil }
        return String(prefix)
    }
}
