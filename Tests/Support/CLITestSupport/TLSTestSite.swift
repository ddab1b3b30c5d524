import Foundation
import Testing

/// One test's own `tls-test-server` (built next to `vault`) on a free loopback port: serving a
/// certificate chain from Fixtures/tls, or misbehaving. Use `TLSTestSite.with` so that it is
/// stopped however the test ends.
package final class TLSTestSite: Sendable {
    /// Fixtures/tls, made by its `make-certs`.
    package static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tls").path
    /// The root the tests trust with `--ca-file`.
    package static let root = fixtures + "/root.pem"

    private let process: ServerProcess
    package var port: Int { process.port }
    /// `localhost:PORT`.
    package var address: String { "localhost:\(port)" }

    /// A site serving the fixture `NAME-chain.pem` with `NAME.key`, or those files in `folder`;
    /// `options` are more `tls-test-server` options (`--header`, `--max-tls 1.0`, …).
    package static func with<Result>(
        certificate name: String, in folder: String = fixtures, options: [String] = [],
        _ body: (TLSTestSite) async throws -> Result
    ) async throws -> Result {
        let arguments = ["--chain", "\(folder)/\(name)-chain.pem", "--key", "\(folder)/\(name).key"] + options
        return try await ServerProcess.with(try await TLSTestSite(arguments), stop: { try await $0.process.stop() }, body)
    }

    /// A server that fails clients in the way `mode` names (garbage, close, hang, stall).
    package static func with<Result>(misbehaving mode: String, _ body: (TLSTestSite) async throws -> Result) async throws -> Result {
        try await ServerProcess.with(try await TLSTestSite(["--misbehave", mode]), stop: { try await $0.process.stop() }, body)
    }

    private init(_ arguments: [String]) async throws {
        process = try await ServerProcess("tls-test-server", arguments: arguments) { folder in ["--log", folder + "/connections.log"] }
    }

    /// How many connections the site has accepted so far.
    package func connections() throws -> Int {
        let path = process.folder + "/connections.log"
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count
    }
}

/// What `openssl s_client -verify_return_error` says of a server: the reference verdict each
/// of the auditor's is checked against.
package enum OpenSSLClient {
    /// Whether s_client completes a handshake with full verification (chain to `caFile`, the
    /// host name, OpenSSL's default security level) with the server at 127.0.0.1:`port`.
    package static func accepts(port: Int, name: String = "localhost", caFile: String = TLSTestSite.root) async throws -> Bool {
        let openssl = try #require(ExternalProgram.find("openssl"), "openssl is needed (scripts/setup --test installs it)")
        let result = try await ExternalProgram.run(
            openssl, ["s_client", "-connect", "127.0.0.1:\(port)", "-servername", name, "-verify_hostname", name,
                      "-CAfile", caFile, "-verify_return_error", "-brief"],
            environment: ["PATH": "/usr/bin:/bin"])
        return result.status == 0
    }

    /// The pin of the first certificate of a file of Fixtures/tls, such as `good-chain.pem`.
    package static func pin(ofFixture name: String) async throws -> String {
        try await pin(ofFirstCertificateIn: TLSTestSite.fixtures + "/" + name)
    }

    /// The `sha256//BASE64` pin of the first certificate in a PEM file, computed by OpenSSL.
    package static func pin(ofFirstCertificateIn path: String) async throws -> String {
        let script = "openssl x509 -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        let result = try await ExternalProgram.run("/bin/sh", ["-c", script, "sh", path], environment: ["PATH": "/usr/bin:/bin"])
        try #require(result.status == 0, "\(result)")
        return "sha256//" + result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
