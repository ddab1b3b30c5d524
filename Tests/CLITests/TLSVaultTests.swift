import CLITestSupport
import Foundation
import Testing

/// `vault tls --entry` and `--all`: the sites of the vault's URLs, each audited once, with a
/// summary table.
@Suite("vault tls: the vault's sites")
struct TLSVaultTests {
    @Test("--all audits every https URL once, passes over plain HTTP with a note, and ends with a summary")
    func all() async throws {
        let fixture = try await VaultFixture.initialized()
        try await TLSTestSite.with(certificate: "good") { good in
            try await TLSTestSite.with(certificate: "expired") { expired in
                try await fixture.add("web/good", password: "pw1", options: ["--url", "https://\(good.address)/login"])
                try await fixture.add("web/good-too", password: "pw2", options: ["--url", good.address])
                try await fixture.add("web/old", password: "pw3", options: ["--url", "https://\(expired.address)/", "--url", "http://plain.example/"])
                try await fixture.add("note/no-url", password: "pw4")
                let result = try await fixture.run(["tls", "--all", "--ca-file", TLSTestSite.root, "--no-headers"])
                #expect(result.status == 10, "\(result)")
                #expect(result.stderr.contains("web/old: http://plain.example/ is plain HTTP"), "\(result)")
                let table = result.stdoutLines.drop { !$0.hasPrefix("SITE") }
                try #require(table.count == 4, "\(result)")
                #expect(table.dropFirst().first?.hasPrefix(expired.address) == true, "worst first: \(result)")
                #expect(table.dropFirst().first?.contains("untrusted") == true)
                #expect(table.dropFirst().first?.hasSuffix("web/old") == true)
                #expect(table.dropFirst(2).first?.hasSuffix("web/good, web/good-too") == true, "\(result)")
                #expect(table.last == "2 sites: 1 trusted, 1 untrusted, 0 could not be audited")
                #expect(!result.stdout.contains("pw1") && !result.stderr.contains("pw1"))

                let json = try await fixture.run(["tls", "--all", "--ca-file", TLSTestSite.root, "--no-headers", "--json"])
                let lines = try json.stdoutLines.map { try JSONValue.object(Data($0.utf8)) }
                #expect(lines.count == 2)
                let entries = lines.map { $0["entries"] as? [String] ?? [] }
                #expect(Set(entries) == [["web/good", "web/good-too"], ["web/old"]])
            }
        }
    }

    @Test("--all exits 1 when a site could not be audited, even with another untrusted")
    func allWithError() async throws {
        let fixture = try await VaultFixture.initialized()
        let port = try ClosedPort.find()
        try await fixture.add("web/closed", password: "pw", options: ["--url", "https://127.0.0.1:\(port)"])
        try await TLSTestSite.with(certificate: "expired") { expired in
            try await fixture.add("web/old", password: "pw2", options: ["--url", "https://\(expired.address)/"])
            let result = try await fixture.run(["tls", "--all", "--timeout", "60", "--ca-file", TLSTestSite.root, "--no-headers"])
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.contains("2 sites: 0 trusted, 1 untrusted, 1 could not be audited"), "\(result)")
        }
    }

    @Test("--entry audits that entry's sites; one without a URL is an error, an unknown one exit 4")
    func entry() async throws {
        let fixture = try await VaultFixture.initialized()
        try await TLSTestSite.with(certificate: "good") { site in
            try await fixture.add("web/site", password: "pw", options: ["--url", "https://\(site.address)/"])
            try await fixture.add("note/bare", password: "pw")
            let result = try await fixture.run(["tls", "--entry", "web/site", "--ca-file", TLSTestSite.root, "--json"])
            #expect(result.status == 0, "\(result)")
            #expect(try JSONValue.object(result.stdoutData)["entries"] as? [String] == ["web/site"])
            expectFailure(try await fixture.run(["tls", "--entry", "note/bare"]), status: 1, mentioning: "has no https URL")
            #expect(try await fixture.run(["tls", "--entry", "web/none"]).status == 4)
        }
    }
}
