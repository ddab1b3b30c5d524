import ArgumentParser
import Foundation
import NIOCore
import TestServerSupport

/// The `fake-hibp` command: a local stand-in for the Have I Been Pwned Pwned Passwords range API.
struct FakeHIBPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fake-hibp",
        abstract: "A local stand-in for the Have I Been Pwned Pwned Passwords range API, for tests.",
        discussion: """
            Answers GET /range/{5 hex digits} with the known suffixes of that prefix, as \
            SUFFIX:COUNT lines joined by CRLF and sorted by suffix. With the request header \
            Add-Padding: true, the answer is padded to 800-1,000 lines with count-0 suffixes, \
            the same for a prefix on every run. Rate limiting (--rate-limit) comes first, then \
            failures (--fail); both count only requests under /range/. Runs until SIGTERM or SIGINT.
            """)

    @Option(help: ArgumentHelp("Breached hashes, one SHA1HEX:COUNT per line (blank lines ignored).", valueName: "file"))
    var data: String

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free port.")
    var port = 0

    @Option(help: ArgumentHelp("Write the bound port and a newline to this file once listening.", valueName: "file"))
    var portFile: String?

    @Option(help: ArgumentHelp("Append one line per request: METHOD PATH add-padding=... user-agent=...", valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("Delay every response by this many milliseconds.", valueName: "ms"))
    var latency = 0

    @Option(help: ArgumentHelp("Answer the first N range requests with 429.", valueName: "n"))
    var rateLimit = 0

    @Option(help: ArgumentHelp("Seconds sent in the Retry-After header of a 429.", valueName: "seconds"))
    var retryAfter = 1

    @Option(help: ArgumentHelp("Make range requests fail this way.", valueName: "mode"))
    var fail: FailureMode?

    @Option(help: ArgumentHelp("Fail only the first N range requests (default: all of them).", valueName: "n"))
    var failFirst: Int?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard latency >= 0 else { throw ValidationError("--latency must not be negative.") }
        guard rateLimit >= 0 else { throw ValidationError("--rate-limit must not be negative.") }
        guard retryAfter >= 0 else { throw ValidationError("--retry-after must not be negative.") }
        if let failFirst {
            guard fail != nil else { throw ValidationError("--fail-first needs --fail.") }
            guard failFirst >= 0 else { throw ValidationError("--fail-first must not be negative.") }
        }
    }

    func run() throws {
        let dataset = try BreachDataset.load(path: data)
        let requestLog = try log.map { try RequestLog(path: $0) }
        let responder = RangeResponder(
            dataset: dataset,
            gate: RangeRequestGate(rateLimit: rateLimit, failure: fail, failFirst: failFirst),
            retryAfter: retryAfter)
        let server = try FakeHIBPServer.start(
            host: host, port: port, responder: responder, log: requestLog,
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
