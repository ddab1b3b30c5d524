import CLITestSupport
import Foundation
import Testing

/// Pins remembered in an entry (trust on first use): `vault tls --entry NAME --save-pins`, and
/// `--entry`/`--all` holding sites to them; each pin checked against OpenSSL's.
@Suite("vault tls: saved pins")
struct TLSSavedPinTests {
    /// The value `vault show` prints for the entry's `tls-pins` field.
    static func shownPins(_ fixture: VaultFixture, _ entry: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String? {
        let shown = try await fixture.succeed(["show", entry], sourceLocation: sourceLocation)
        return shown.stdoutLines.first { $0.hasPrefix("tls-pins:") }.map { $0.dropFirst("tls-pins:".count).trimmingCharacters(in: .whitespaces) }
    }

    /// The ids and details of the findings of a `--json` run's one endpoint.
    static func findings(_ result: VaultResult) throws -> [(id: String, severity: String, detail: String)] {
        let report = try JSONValue.object(result.stdoutData)
        return (report["findings"] as? [[String: Any]] ?? []).map {
            ($0["id"] as? String ?? "", $0["severity"] as? String ?? "", $0["detail"] as? String ?? "")
        }
    }

    @Test("--save-pins stores the leaf's and the intermediate's pins, shown by vault show; again needs --force")
    func save() async throws {
        let fixture = try await VaultFixture.initialized()
        let leaf = try await OpenSSLClient.pin(ofFixture: "good-chain.pem")
        let intermediate = try await OpenSSLClient.pin(ofFixture: "intermediate.pem")
        let other = try await OpenSSLClient.pin(ofFixture: "other-root.pem")
        try await TLSTestSite.with(certificate: "good") { site in
            try await fixture.add("web/site", password: "pw", options: ["--url", "https://\(site.address)/"])
            let save = ["tls", "--entry", "web/site", "--save-pins", "--ca-file", TLSTestSite.root, "--no-headers"]
            let saved = try await fixture.run(save)
            #expect(saved.status == 0, "\(saved)")
            #expect(saved.stdout.hasPrefix("\(site.address): trusted\n"), "the audit is shown as ever: \(saved)")
            #expect(saved.stderrLines == ["Saved pins for localhost in web/site: primary (leaf) \(leaf), backup (issuer) \(intermediate)."], "\(saved)")
            #expect(try await Self.shownPins(fixture, "web/site") == "localhost \(leaf) \(intermediate)")

            expectFailure(try await fixture.run(save), status: 5, mentioning: "pins for localhost already exist in 'web/site'", "--force")
            try await fixture.succeed(["edit", "web/site", "--field", "tls-pins=localhost \(other)"])
            let forced = try await fixture.run(save + ["--force"])
            #expect(forced.status == 0, "--force replaces the pins, without holding the site to them: \(forced)")
            #expect(try await Self.shownPins(fixture, "web/site") == "localhost \(leaf) \(intermediate)")

            let checked = try await fixture.run(["tls", "--entry", "web/site", "--ca-file", TLSTestSite.root, "--no-headers", "--json"])
            #expect(checked.status == 0, "\(checked)")
            #expect(try Self.findings(checked).isEmpty, "\(checked)")
        }
    }

    @Test("the same host with a new key from the same intermediate is pin-rotated (exit 0); a key from another CA is pin-changed (exit 10)")
    func rotatedAndChanged() async throws {
        let fixture = try await VaultFixture.initialized()
        // Both roots trusted, so that pin-changed alone makes the verdict.
        let bothRoots = try VaultFixture.writeFile(
            fixture.path("roots.pem"),
            try String(contentsOfFile: TLSTestSite.root, encoding: .utf8) + String(contentsOfFile: TLSTestSite.fixtures + "/other-root.pem", encoding: .utf8))
        let audit = ["tls", "--entry", "web/site", "--ca-file", bothRoots, "--no-headers", "--json"]
        try await TLSTestSite.with(certificate: "good") { site in
            try await fixture.add("web/site", password: "pw", options: ["--url", "https://\(site.address)/"])
            try await fixture.succeed(["tls", "--entry", "web/site", "--save-pins", "--ca-file", bothRoots, "--no-headers"])
        }
        let rsaLeaf = try await OpenSSLClient.pin(ofFixture: "good-rsa-chain.pem")
        try await TLSTestSite.with(certificate: "good-rsa") { site in
            try await fixture.succeed(["edit", "web/site", "--url", "https://\(site.address)/"])
            let rotated = try await fixture.run(audit)
            #expect(rotated.status == 0, "\(rotated)")
            let findings = try Self.findings(rotated)
            #expect(findings.map(\.id) == ["pin-rotated"] && findings.first?.severity == "warning", "\(rotated)")
            #expect(findings.first?.detail == "the leaf's pin is now \(rsaLeaf), not the one web/site saved for localhost, but a CA on the verified path still has the saved backup pin")

            let all = try await fixture.run(["tls", "--all", "--ca-file", bothRoots, "--no-headers"])
            #expect(all.status == 0, "\(all)")
            #expect(all.stdout.contains("warning      pin-rotated: the leaf's pin is now \(rsaLeaf)"), "\(all)")
            #expect(all.stdoutLines.contains { $0.hasPrefix(site.address) && $0.contains("trusted") && $0.contains("pin-rotated") }, "\(all)")
        }
        let untrustedLeaf = try await OpenSSLClient.pin(ofFixture: "untrusted-chain.pem")
        try await TLSTestSite.with(certificate: "untrusted") { site in
            try await fixture.succeed(["edit", "web/site", "--url", "https://\(site.address)/"])
            let changed = try await fixture.run(audit)
            #expect(changed.status == 10, "\(changed)")
            let findings = try Self.findings(changed)
            #expect(findings.map(\.id) == ["pin-changed"] && findings.first?.severity == "critical", "\(changed)")
            #expect(findings.first?.detail == "neither the leaf nor a CA on the verified path has a pin web/site saved for localhost; the leaf's pin is now \(untrustedLeaf)")
            let single = try await fixture.run(["tls", site.address, "--ca-file", bothRoots, "--no-headers"])
            #expect(single.status == 0, "a site given by address is not held to any entry's pins: \(single)")
        }
        // An interceptor appending the saved backup (a public CA certificate) to a chain of its
        // own gains nothing: the backup counts only on the verified path.
        let spoof = fixture.path("spoof")
        try FileManager.default.createDirectory(atPath: spoof, withIntermediateDirectories: false)
        try VaultFixture.writeFile(spoof + "/appended-chain.pem",
            try String(contentsOfFile: TLSTestSite.fixtures + "/untrusted-chain.pem", encoding: .utf8)
                + String(contentsOfFile: TLSTestSite.fixtures + "/intermediate.pem", encoding: .utf8))
        try FileManager.default.copyItem(atPath: TLSTestSite.fixtures + "/untrusted.key", toPath: spoof + "/appended.key")
        try await TLSTestSite.with(certificate: "appended", in: spoof) { site in
            try await fixture.succeed(["edit", "web/site", "--url", "https://\(site.address)/"])
            let changed = try await fixture.run(audit)
            #expect(changed.status == 10, "\(changed)")
            #expect(try Self.findings(changed).map(\.id) == ["pin-changed"], "\(changed)")
            let intermediate = try await OpenSSLClient.pin(ofFixture: "intermediate.pem")
            let pinned = try await fixture.run(["tls", site.address, "--pin", intermediate, "--ca-file", bothRoots, "--no-headers"])
            #expect(pinned.status == 10 && pinned.stdout.contains("pin-mismatch"), "an appended CA satisfies no --pin either: \(pinned)")
        }
    }

    @Test("a self-signed site's pins are saved with a warning and no backup, and then hold")
    func selfSigned() async throws {
        let fixture = try await VaultFixture.initialized()
        let leaf = try await OpenSSLClient.pin(ofFixture: "self-signed-chain.pem")
        try await TLSTestSite.with(certificate: "self-signed") { site in
            try await fixture.add("home/router", password: "pw", options: ["--url", "https://\(site.address)"])
            let saved = try await fixture.run(["tls", "--entry", "home/router", "--save-pins", "--ca-file", TLSTestSite.root, "--no-headers"])
            #expect(saved.status == 10, "the audit's verdict stands: \(saved)")
            #expect(saved.stderrLines == [
                "Saved pins for localhost in home/router: primary (leaf) \(leaf), no backup (a self-signed leaf has no issuer).",
                "vault: warning: \(site.address) is not trusted, yet its pins were saved: from now on it is held to this key",
            ], "\(saved)")
            #expect(try await Self.shownPins(fixture, "home/router") == "localhost \(leaf)")
            let checked = try await fixture.run(["tls", "--entry", "home/router", "--ca-file", TLSTestSite.root, "--no-headers", "--json"])
            #expect(try Self.findings(checked).map(\.id) == ["self-signed"], "\(checked)")
        }
    }

    @Test("a malformed tls-pins field is a one-line error naming the entry, before any connection")
    func malformed() async throws {
        let fixture = try await VaultFixture.initialized()
        let port = try ClosedPort.find()
        try await fixture.add("web/site", password: "pw", options: ["--url", "https://localhost:\(port)/", "--field", "tls-pins=localhost nonsense"])
        for arguments in [["--entry", "web/site"], ["--all"], ["--entry", "web/site", "--save-pins", "--force"]] {
            expectFailure(try await fixture.run(["tls"] + arguments + ["--timeout", "1"]), status: 1, mentioning:
                "the tls-pins field of 'web/site' is malformed: line 1: 'nonsense' is not a pin", "--remove-field tls-pins")
        }
    }

    @Test("--save-pins goes with --entry only, --force with --save-pins only", arguments: [
        (["tls", "localhost", "--save-pins"], "--save-pins only goes with --entry"),
        (["tls", "--all", "--save-pins"], "--save-pins only goes with --entry"),
        (["tls", "--entry", "web/site", "--force"], "--force only goes with --save-pins"),
    ])
    func usage(arguments: [String], message: String) async throws {
        expectUsageError(try await VaultFixture().run(arguments), mentioning: message)
    }
}
