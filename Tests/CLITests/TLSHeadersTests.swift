import CLITestSupport
import Foundation
import Testing

/// The security-header grades of `vault tls`, against `tls-test-server`s answering with full,
/// weak and missing headers, and with redirects.
@Suite("vault tls: security headers")
struct TLSHeadersTests {
    static let fullHeaders = [
        "Strict-Transport-Security: max-age=63072000; includeSubDomains; preload",
        "Content-Security-Policy: default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'",
        "X-Content-Type-Options: nosniff",
        "Referrer-Policy: strict-origin-when-cross-origin",
        "Permissions-Policy: camera=(), microphone=(), geolocation=()",
    ]

    private func grades(_ options: [String], fixture: VaultFixture) async throws -> (VaultResult, [String: [String: Any]], [String: Any]) {
        try await TLSTestSite.with(certificate: "good", options: options.flatMap { ["--header", $0] }) { site in
            let result = try await fixture.run(["tls", site.address, "--ca-file", TLSTestSite.root, "--json"])
            let headers = try #require(JSONValue.object(result.stdoutData)["headers"] as? [String: Any], "\(result)")
            let list = headers["grades"] as? [[String: Any]] ?? []
            return (result, Dictionary(uniqueKeysWithValues: list.map { ($0["header"] as? String ?? "", $0) }), headers)
        }
    }

    @Test("a site with every header set well gets six good grades; the verdict stays trusted")
    func full() async throws {
        let fixture = try VaultFixture()
        let (result, grades, headers) = try await grades(Self.fullHeaders, fixture: fixture)
        #expect(result.status == 0)
        #expect(grades.count == 6)
        for (name, grade) in grades {
            #expect(grade["status"] as? String == "good", "\(name): \(grade)")
        }
        #expect(grades["X-Frame-Options"]?["value"] as? String == "(CSP frame-ancestors)")
        #expect((headers["requests"] as? [[String: Any]])?.first?["status"] as? Int == 200)
    }

    @Test("a site with none of them gets six missing grades, each with its risk, and is still trusted")
    func missing() async throws {
        let fixture = try VaultFixture()
        let (result, grades, _) = try await grades([], fixture: fixture)
        #expect(result.status == 0)
        #expect(grades.count == 6)
        for (name, grade) in grades {
            #expect(grade["status"] as? String == "missing", "\(name)")
            #expect((grade["notes"] as? [String])?.count == 1, "\(name) has no explanation")
        }
    }

    @Test("weak values are graded weak with what is wrong")
    func weak() async throws {
        let fixture = try VaultFixture()
        let (_, grades, _) = try await grades([
            "Strict-Transport-Security: max-age=86400",
            "Content-Security-Policy: script-src 'self' 'unsafe-inline' 'unsafe-eval' *; object-src 'none'",
            "X-Content-Type-Options: yes",
            "X-Frame-Options: ALLOW-FROM https://example.com",
            "Referrer-Policy: unsafe-url",
        ], fixture: fixture)
        let notes = { (name: String) in (grades[name]?["notes"] as? [String] ?? []).joined(separator: " | ") }
        for name in ["Strict-Transport-Security", "Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy"] {
            #expect(grades[name]?["status"] as? String == "weak", "\(name)")
        }
        #expect(notes("Strict-Transport-Security").contains("max-age is 1 days"))
        #expect(notes("Strict-Transport-Security").contains("no includeSubDomains"))
        #expect(notes("Strict-Transport-Security").contains("no preload"))
        #expect(notes("Content-Security-Policy").contains("'unsafe-inline'"))
        #expect(notes("Content-Security-Policy").contains("'unsafe-eval'"))
        #expect(notes("Content-Security-Policy").contains("* lets scripts load from any site"))
        #expect(notes("Referrer-Policy").contains("unsafe-url"))
    }

    @Test("redirects on the same host are followed; one to another host is not, and says so")
    func redirects() async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(certificate: "good", options: [
            "--redirect", "/=/start", "--redirect", "/start=/login",
        ] + Self.fullHeaders.flatMap { ["--header", $0] }) { site in
            let result = try await fixture.run(["tls", site.address, "--ca-file", TLSTestSite.root])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("headers      GET / -> 301, GET /start -> 301, GET /login -> 200"), "\(result)")
            #expect(result.stdout.contains("good    Strict-Transport-Security"))
        }
        try await TLSTestSite.with(certificate: "good", options: ["--redirect", "/=https://elsewhere.example/"]) { site in
            let result = try await fixture.run(["tls", site.address, "--ca-file", TLSTestSite.root])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("redirects to https://elsewhere.example/, which is not on \(site.address)"), "\(result)")
        }
    }
}
