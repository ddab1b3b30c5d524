import CLITestSupport
import Testing

/// `--pin HOST=PIN` and `--pin '*.DOMAIN=PIN'`: a pin for some hosts only.
@Suite("vault tls: pins scoped to hosts")
struct TLSScopedPinTests {
    @Test("a pin scoped to the host is required; one scoped elsewhere is not; the host's own beat those without a host")
    func exactHost() async throws {
        let fixture = try VaultFixture()
        let leaf = try await OpenSSLClient.pin(ofFixture: "good-chain.pem")
        let other = try await OpenSSLClient.pin(ofFixture: "other-root.pem")
        try await TLSTestSite.with(certificate: "good") { site in
            let base = ["tls", site.address, "--ca-file", TLSTestSite.root, "--no-headers"]
            let wrong = try await fixture.run(base + ["--pin", "LOCALHOST=\(other)"])
            #expect(wrong.status == 10 && wrong.stdout.contains("pin-mismatch"), "\(wrong)")
            #expect(try await fixture.run(base + ["--pin", "example.com=\(other)"]).status == 0)
            #expect(try await fixture.run(base + ["--pin", "localhost=\(leaf)", "--pin", other]).status == 0)
            #expect(try await fixture.run(base + ["--pin", "example.com=\(leaf)", "--pin", other]).status == 10)
            let byAddress = try await fixture.run(["tls", "127.0.0.1:\(site.port)", "--ca-file", TLSTestSite.root, "--no-headers", "--pin", "localhost=\(other)"])
            #expect(byAddress.status == 0, "the scope is the host audited, not the one it resolves to: \(byAddress)")
        }
    }

    @Test("a wildcard covers exactly one label more than its domain")
    func wildcard() async throws {
        let fixture = try VaultFixture()
        let other = try await OpenSSLClient.pin(ofFixture: "other-root.pem")
        try await TLSTestSite.with(certificate: "good") { site in
            let base = ["tls", "a.example.test:\(site.port)", "--connect-to", "127.0.0.1:\(site.port)", "--servername", "localhost",
                        "--ca-file", TLSTestSite.root, "--no-headers"]
            let covered = try await fixture.run(base + ["--pin", "*.example.test=\(other)"])
            #expect(covered.status == 10 && covered.stdout.contains("pin-mismatch"), "\(covered)")
            #expect(try await fixture.run(base + ["--pin", "*.a.example.test=\(other)"]).status == 0)
            expectUsageError(try await fixture.run(base + ["--pin", "*.test=\(other)"]), mentioning: "'*.test' is not a host")
            expectUsageError(try await fixture.run(base + ["--pin", "a.*.test=\(other)"]), mentioning: "a * may only be the whole first label")
        }
    }
}
