import ArgumentParser
import Foundation
import NIOCore
import TestServerSupport

/// The `fake-hibp` command: a local stand-in for Have I Been Pwned's Pwned Passwords range API
/// and its breached-account API (v3).
struct FakeHIBPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fake-hibp",
        abstract: "A local stand-in for Have I Been Pwned's range and breached-account APIs, for tests.",
        discussion: """
            Answers GET /range/{5 hex digits} with the known suffixes of that prefix, as \
            SUFFIX:COUNT lines joined by CRLF and sorted by suffix. With the request header \
            Add-Padding: true, the answer is padded to 800-1,000 lines with count-0 suffixes, \
            the same for a prefix on every run. Rate limiting (--rate-limit) comes first, then \
            failures (--fail); both count only requests under /range/.

            Answers GET /api/v3/breachedaccount/{percent-encoded account} from --accounts: 403 \
            without a User-Agent, 401 text/plain without the right hibp-api-key header (--api-key; \
            without it any key will do, but one is needed), then rate limiting \
            (--account-rate-limit) and failures (--account-fail), then 404 with an empty body for \
            an account in no breach (compared without regard to case), else 200 with its breach \
            objects: whole with ?truncateResponse=false, only their names otherwise. Account and \
            range requests are counted apart. The log never holds the key, only whether it was \
            right (api-key=ok, wrong or -). Runs until SIGTERM or SIGINT.
            """)

    @Option(help: ArgumentHelp("Breached hashes, one SHA1HEX:COUNT per line (blank lines ignored).", valueName: "file"))
    var data: String

    @Option(help: ArgumentHelp("Breached accounts: a JSON object mapping each address to an array of breach objects in the API's shape.",
                               valueName: "file"))
    var accounts: String?

    @Option(help: ArgumentHelp("The hibp-api-key account requests must carry (default: any).", valueName: "key"))
    var apiKey: String?

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free port.")
    var port = 0

    @Option(help: ArgumentHelp("Write the bound port and a newline to this file once listening.", valueName: "file"))
    var portFile: String?

    @Option(help: ArgumentHelp("Append one line per request: METHOD PATH add-padding=... api-key=ok|wrong|- user-agent=...", valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("Delay every response by this many milliseconds.", valueName: "ms"))
    var latency = 0

    @Option(help: ArgumentHelp("Answer the first N range requests with 429.", valueName: "n"))
    var rateLimit = 0

    @Option(help: ArgumentHelp("Answer the first N account requests (with the right key) with 429.", valueName: "n"))
    var accountRateLimit = 0

    @Option(help: ArgumentHelp("Seconds sent in the Retry-After header of a 429.", valueName: "seconds"))
    var retryAfter = 1

    @Option(help: ArgumentHelp("Make range requests fail this way.", valueName: "mode"))
    var fail: FailureMode?

    @Option(help: ArgumentHelp("Fail only the first N range requests (default: all of them).", valueName: "n"))
    var failFirst: Int?

    @Option(help: ArgumentHelp("Make account requests (with the right key) fail this way; malformed sends JSON cut short.", valueName: "mode"))
    var accountFail: FailureMode?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard latency >= 0 else { throw ValidationError("--latency must not be negative.") }
        guard rateLimit >= 0 else { throw ValidationError("--rate-limit must not be negative.") }
        guard accountRateLimit >= 0 else { throw ValidationError("--account-rate-limit must not be negative.") }
        if let apiKey, apiKey.isEmpty { throw ValidationError("--api-key must not be empty.") }
        guard retryAfter >= 0 else { throw ValidationError("--retry-after must not be negative.") }
        if let failFirst {
            guard fail != nil else { throw ValidationError("--fail-first needs --fail.") }
            guard failFirst >= 0 else { throw ValidationError("--fail-first must not be negative.") }
        }
    }

    func run() throws {
        let dataset = try BreachDataset.load(path: data)
        let requestLog = try log.map { try RequestLog(path: $0) }
        let router = RequestRouter(
            ranges: RangeResponder(
                dataset: dataset,
                gate: RequestGate(rateLimit: rateLimit, failure: fail, failFirst: failFirst),
                retryAfter: retryAfter),
            accounts: AccountResponder(
                dataset: try accounts.map(AccountDataset.load(path:)) ?? .empty,
                apiKey: apiKey,
                gate: RequestGate(rateLimit: accountRateLimit, failure: accountFail, failFirst: nil),
                retryAfter: retryAfter))
        let server = try FakeHIBPServer.start(
            host: host, port: port, router: router, log: requestLog,
            latency: .milliseconds(Int64(latency)))
        let signalSources = TerminationSignals.observe { server.stop() }
        defer { signalSources.forEach { $0.cancel() } }
        do {
            if let portFile {
                try PortFile.write(port: server.port, to: portFile)
            }
        } catch {
            server.stop()
            try? server.waitUntilClosed()
            throw error
        }
        let address = server.channel.localAddress?.ipAddress ?? host
        FileHandle.standardError.write(Data("fake-hibp: listening on \(address):\(server.port)\n".utf8))
        try server.waitUntilClosed()
    }
}
