import CLITestSupport
import Foundation
import Testing

/// `vault audit` over a vault with one entry of each kind the offline audit finds: exactly
/// those findings, in text, JSON and the HTML page, with no secret printed or written and no
/// request made unless asked for.
@Suite("vault audit")
struct AuditCommandTests {
    /// Strong, distinct passwords (each scores 4), and the weak and breached ones.
    static let strong = ["Qv8#nLw2!tRz6@pKm", "Hj4$eXo9%sYu1^bNd", "Wc7&fGi3*aPl5(qVe", "Tb2)mZr8_uKx4+oJs"]
    static let shared = "Velvet-Harbor-Quantum-7421-Zephyr"
    static let weak = "password1"
    static let breached = "Gx5!rTq9@zLw2#vBn"

    /// The vault of the audit: web/weak, the reused trio r/one..three, old/entry (unchanged
    /// since 2024 by its history), leak/entry (in the offline file), web/plain (an http:// URL),
    /// bank/clean, site/otp (a site with a one-time code), old/renewed (made in 2020, its
    /// password changed last month), and junk/ignored (weak, left out by the config).
    static func seeded() async throws -> VaultFixture {
        let fixture = try await VaultFixture.initialized()
        try VaultFixture.writeFile(fixture.path(".config/vault/config.json"), #"{"keyring": false, "audit": {"ignore": ["junk/*"]}}"#)
        try await fixture.add("web/weak", password: weak, options: ["--url", "https://weak.example/login"])
        for name in ["r/one", "r/two", "r/three"] { try await fixture.add(name, password: shared) }
        try await fixture.add("leak/entry", password: breached)
        try await fixture.add("web/plain", password: strong[3] + "#", options: ["--url", "http://user:secret@plain.example:8080/login?token=t0k3n"])
        try await fixture.add("bank/clean", password: strong[0])
        try await fixture.add("site/otp", password: strong[1], options: ["--url", "https://otp.example", "--otp"],
                              secrets: ["JBSWY3DPEHPK3PXP"])
        try await fixture.add("junk/ignored", password: "123456")
        let old = ImportDocument.entry(name: "old/entry", password: strong[2], extra: [
            "created": "2020-03-01T10:00:00Z",
            "history": [["password": strong[3], "replaced": "2024-01-15T09:00:00Z"]],
        ])
        let renewed = ImportDocument.entry(name: "old/renewed", password: strong[3] + "!", extra: [
            "created": "2020-03-01T10:00:00Z",
            "history": [["password": strong[2] + "?", "replaced": Self.isoDate(daysAgo: 30)]],
        ])
        let file = try VaultFixture.writeFile(fixture.path("old.json"), try ImportDocument.data(entries: [old, renewed]))
        try await fixture.succeed(["import", file])
        return fixture
    }

    static func isoDate(daysAgo days: Int) -> String {
        ISO8601DateFormatter().string(from: Date().addingTimeInterval(-Double(days) * 86_400))
    }

    static let expected: Set<String> = [
        "web/weak weak", "r/one reused", "r/two reused", "r/three reused", "old/entry old", "leak/entry breached",
        "web/weak missing-totp", "web/plain plain-http", "web/plain missing-totp",
    ]

    static func breachFile(in fixture: VaultFixture) throws -> String {
        try VaultFixture.writeFile(fixture.path("pwned.txt"), BreachData.file([(breached, 12_345), ("unrelated", 3)]))
    }

    @Test("the text lists each entry's findings, the advice, a summary of every kind and exits 10")
    func text() async throws {
        let fixture = try await Self.seeded()
        let result = try await fixture.run(["audit", "--offline", try Self.breachFile(in: fixture)])
        #expect(result.status == 10, "\(result)")
        let lines = result.stdoutLines
        let entryHeads = lines.filter { !$0.isEmpty && !$0.hasPrefix(" ") && $0.contains("/") && !$0.contains(" ") }
        #expect(entryHeads == ["leak/entry", "old/entry", "r/one", "r/three", "r/two", "web/plain", "web/weak"], "\(result)")
        #expect(lines.contains("  plain-http: http://plain.example:8080 is plain HTTP: the password would cross the network unencrypted"), "\(result)")
        #expect(lines.contains("  reused: the same password as r/three, r/two"), "\(result)")
        #expect(lines.contains { $0.hasPrefix("  weak: score 0/4") || $0.hasPrefix("  weak: score 1/4") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("  old: the password is unchanged for ") && $0.hasSuffix("days, since 2024-01-15") }, "\(result)")
        #expect(lines.contains("  breached: the password appears in known data breaches (seen at least 10,000 times), so attackers try it early"))
        #expect(lines.contains("advice: sites without a one-time code (2): web/plain, web/weak"), "\(result)")
        #expect(lines.contains { $0.hasPrefix("reused") && $0.hasSuffix(" 3") })
        #expect(lines.contains { $0.hasPrefix("breached") && $0.hasSuffix(" 1") })
        #expect(lines.contains { $0.hasPrefix("weak ") && $0.hasSuffix(" 1") })
        #expect(lines.contains { $0.hasPrefix("missing-totp") && $0.hasSuffix(" 2  (advice)") })
        #expect(lines.last == "10 entries audited (10 with a password, 1 left out by audit.ignore): 7 findings in 7 entries", "\(result)")
        #expect(!result.stdout.contains("junk/ignored"))
        for secret in Self.strong + [Self.shared, Self.weak, Self.breached, "JBSWY3DPEHPK3PXP", "secret@", "user:", "t0k3n"] {
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
        }
    }

    @Test("--json is one document whose findings are exactly those of the vault; --max-age moves the line")
    func json() async throws {
        let fixture = try await Self.seeded()
        let result = try await fixture.run(["audit", "--offline", try Self.breachFile(in: fixture), "--json"])
        #expect(result.status == 10, "\(result)")
        let document = try JSONValue.object(result.stdoutData)
        #expect(document["format"] as? String == "vault-audit" && document["version"] as? Int == 1)
        let findings = try #require(document["findings"] as? [[String: Any]])
        let found = Set(findings.map { "\($0["entry"] as? String ?? "?") \($0["kind"] as? String ?? "?")" })
        #expect(found == Self.expected, "\(result)")
        let reused = findings.first { $0["entry"] as? String == "r/one" }
        #expect((reused?["details"] as? [String: Any])?["shared_with"] as? [String] == ["r/three", "r/two"])
        let old = findings.first { $0["kind"] as? String == "old" }
        #expect((old?["details"] as? [String: Any])?["since"] as? String == "2024-01-15")
        let entries = try #require(document["entries"] as? [String: Any])
        #expect(entries["audited"] as? Int == 10 && entries["ignored"] as? Int == 1)
        let checks = try #require(document["checks"] as? [[String: Any]])
        let byKind = Dictionary(uniqueKeysWithValues: checks.map { ($0["kind"] as? String ?? "?", $0) })
        #expect(byKind["breached"]?["checked"] as? Bool == true && byKind["breached"]?["entries"] as? Int == 1)
        #expect(byKind["reused"]?["entries"] as? Int == 3)
        let scores = try #require(document["scores"] as? [[String: Any]])
        #expect(scores.count == 5)
        #expect(scores.reduce(0) { $0 + ($1["entries"] as? Int ?? 0) } == 10)
        for secret in Self.strong + [Self.shared, Self.weak, Self.breached] { #expect(!result.stdout.contains(secret)) }

        let patient = try await fixture.run(["audit", "--offline", try Self.breachFile(in: fixture), "--json", "--max-age", "5000"])
        let kinds = try #require(try JSONValue.object(patient.stdoutData)["findings"] as? [[String: Any]]).compactMap { $0["kind"] as? String }
        #expect(!kinds.contains("old") && kinds.contains("reused"), "\(patient)")
    }

    @Test("--html writes one page, mode 0600, with the chart and the findings grouped, and no secret")
    func html() async throws {
        let fixture = try await Self.seeded()
        let page = try VaultFixture.writeFile(fixture.path("report.html"), "an older report", mode: 0o666)
        let result = try await fixture.run(["audit", "--offline", try Self.breachFile(in: fixture), "--html", page])
        #expect(result.status == 10, "\(result)")
        #expect(try VaultFixture.mode(of: page) == 0o600, "a replaced page is 0600 too")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<svg") && !html.contains("<script"))
        for kind in ["weak", "reused", "old", "breached", "plain-http", "missing-totp"] {
            #expect(html.contains("<section id=\"\(kind)\""), "no section for \(kind)")
        }
        for entry in ["web/weak", "r/one", "r/two", "r/three", "old/entry", "leak/entry"] { #expect(html.contains(entry)) }
        #expect(!html.contains("junk/ignored") && !html.contains("bank/clean"))
        #expect(!html.contains("<section id=\"untrusted-site\""), "a kind with nothing found has no section")
        for secret in Self.strong + [Self.shared, Self.weak, Self.breached, "JBSWY3DPEHPK3PXP", "secret@", "user:", "t0k3n"] { #expect(!html.contains(secret)) }
    }

    @Test("without --online the audit asks no API, even one the config and the environment name; with it, it does")
    func noRequestUnlessAsked() async throws {
        let fixture = try await Self.seeded()
        try await FakeRangeServer.with(data: BreachData.file([(Self.breached, 7)])) { server in
            try VaultFixture.writeFile(fixture.path(".config/vault/config.json"), #"{"keyring": false, "breach_api_url": "\#(server.baseURL)"}"#)
            let quiet = try await fixture.run(["audit", "--json"], environment: ["VAULT_HIBP_API_URL": server.baseURL])
            #expect(quiet.status == 10, "\(quiet)")
            #expect(try server.requests().isEmpty, "no request without --online")
            let checks = try #require(try JSONValue.object(quiet.stdoutData)["checks"] as? [[String: Any]])
            let breached = checks.first { $0["kind"] as? String == "breached" }
            #expect(breached?["checked"] as? Bool == false && breached?["reason"] as? String == "give --offline FILE or --online")

            let online = try await fixture.run(["audit", "--online", "--json"])
            #expect(online.status == 10, "\(online)")
            #expect(try !server.requests().isEmpty)
            let findings = try #require(try JSONValue.object(online.stdoutData)["findings"] as? [[String: Any]])
            #expect(findings.contains { $0["entry"] as? String == "leak/entry" && $0["kind"] as? String == "breached" })
        }
    }

    @Test("--accounts finds the entries whose addresses are breached, through the API and with the key of the vault; no request without it")
    func accounts() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("hibp/api-key", password: AccountData.apiKey)
        try await fixture.add("mail/alice", password: Self.strong[0], options: ["--username", "alice@example.org"])
        try await fixture.add("shop/bob", password: Self.strong[1], options: ["--username", "nobody@example.net"])
        try await FakeRangeServer.with(accounts: try AccountData.file(), apiKey: AccountData.apiKey) { server in
            let quiet = try await fixture.run(["audit", "--json"])
            #expect(quiet.status == 0, "\(quiet)")
            #expect(try server.requests().isEmpty, "no request without --accounts")

            let result = try await fixture.run(["audit", "--accounts", "--accounts-api-url", server.accountsURL, "--json"])
            #expect(result.status == 10, "\(result)")
            let findings = try #require(try JSONValue.object(result.stdoutData)["findings"] as? [[String: Any]])
            let exposed = findings.filter { $0["kind"] as? String == "exposed-account" }
            #expect(exposed.map { $0["entry"] as? String } == ["mail/alice"], "\(result)")
            let details = try #require(exposed.first?["details"] as? [String: Any])
            #expect(details["account"] as? String == "alice@example.org")
            #expect((details["breaches"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Adobe", "Linked"])
            #expect(try server.requests().count == 2, "one request per address")
            #expect(!result.stdout.contains(AccountData.apiKey) && !result.stderr.contains(AccountData.apiKey))
        }
    }

    @Test("--tls finds the untrusted site and the site whose key changed since --save-pins, in JSON and HTML; no connection without it")
    func sites() async throws {
        let fixture = try await VaultFixture.initialized()
        let bothRoots = try VaultFixture.writeFile(fixture.path("roots.pem"),
            try String(contentsOfFile: TLSTestSite.root, encoding: .utf8) + String(contentsOfFile: TLSTestSite.fixtures + "/other-root.pem", encoding: .utf8))
        try await TLSTestSite.with(certificate: "self-signed") { selfSigned in
            try await TLSTestSite.with(certificate: "good") { good in
                try await TLSTestSite.with(certificate: "untrusted") { changed in
                    try await fixture.add("web/self", password: Self.strong[0], options: ["--url", "https://\(selfSigned.address)/"])
                    try await fixture.add("web/pinned", password: Self.strong[1], options: ["--url", "https://\(good.address)/"])
                    try await fixture.succeed(["tls", "--entry", "web/pinned", "--save-pins", "--ca-file", bothRoots, "--no-headers"])
                    // The same host now answers with a key of another CA.
                    try await fixture.succeed(["edit", "web/pinned", "--url", "https://\(changed.address)/"])
                    let before = try [selfSigned.connections(), changed.connections()]

                    let quiet = try await fixture.run(["audit", "--json"])
                    #expect(quiet.status == 0, "\(quiet)")
                    #expect(try [selfSigned.connections(), changed.connections()] == before, "no connection without --tls")

                    let page = fixture.path("sites.html")
                    let result = try await fixture.run(["audit", "--tls", "--ca-file", bothRoots, "--json", "--html", page])
                    #expect(result.status == 10, "\(result)")
                    let findings = try #require(try JSONValue.object(result.stdoutData)["findings"] as? [[String: Any]])
                    let found = Set(findings.filter { $0["severity"] as? String != "advice" }.map { "\($0["entry"] as? String ?? "?") \($0["kind"] as? String ?? "?")" })
                    #expect(found == ["web/self untrusted-site", "web/pinned pin-changed"], "\(result)")
                    let untrusted = findings.first { $0["kind"] as? String == "untrusted-site" }
                    #expect((untrusted?["details"] as? [String: Any])?["findings"] as? [String] == ["self-signed"], "\(result)")
                    let html = try String(contentsOfFile: page, encoding: .utf8)
                    #expect(html.contains("<section id=\"untrusted-site\"") && html.contains("<section id=\"pin-changed\""))
                }
            }
        }
    }

    @Test("every kind at once: --offline, --tls and --accounts give exactly the vault's findings in text, JSON and HTML, and no secret")
    func everyKind() async throws {
        let fixture = try await Self.seeded()
        try await fixture.add("hibp/api-key", password: AccountData.apiKey)
        try await fixture.add("mail/alice", password: Self.strong[0] + "%", options: ["--username", "alice@example.org", "--otp"],
                              secrets: ["JBSWY3DPEHPK3PXP"])
        try await TLSTestSite.with(certificate: "self-signed") { selfSigned in
            try await TLSTestSite.with(certificate: "good") { good in
                try await TLSTestSite.with(certificate: "untrusted") { changed in
                    try await fixture.add("site/self", password: Self.strong[1] + "%", options: ["--url", "https://\(selfSigned.address)/", "--otp"],
                                          secrets: ["JBSWY3DPEHPK3PXP"])
                    try await fixture.add("site/pinned", password: Self.strong[2] + "%", options: ["--url", "https://\(good.address)/", "--otp"],
                                          secrets: ["JBSWY3DPEHPK3PXP"])
                    try await fixture.succeed(["tls", "--entry", "site/pinned", "--save-pins", "--ca-file", TLSTestSite.root, "--no-headers"])
                    try await fixture.succeed(["edit", "site/pinned", "--url", "https://\(changed.address)/"])
                    let roots = try VaultFixture.writeFile(fixture.path("roots.pem"),
                        try String(contentsOfFile: TLSTestSite.root, encoding: .utf8) + String(contentsOfFile: TLSTestSite.fixtures + "/other-root.pem", encoding: .utf8))
                    try await FakeRangeServer.with(accounts: try AccountData.file(), apiKey: AccountData.apiKey) { server in
                        let page = fixture.path("all.html")
                        let arguments = ["audit", "--offline", try Self.breachFile(in: fixture), "--tls", "--ca-file", roots, "--timeout", "60",
                                         "--accounts", "--accounts-api-url", server.accountsURL]
                        // weak.example and otp.example do not resolve: their sites could not be audited.
                        let expected = Self.expected.union([
                            "site/self untrusted-site", "site/pinned pin-changed", "mail/alice exposed-account",
                            "web/weak unreachable-site", "site/otp unreachable-site",
                        ])

                        let json = try await fixture.run(arguments + ["--json", "--html", page])
                        #expect(json.status == 10, "\(json)")
                        let findings = try #require(try JSONValue.object(json.stdoutData)["findings"] as? [[String: Any]])
                        #expect(Set(findings.map { "\($0["entry"] as? String ?? "?") \($0["kind"] as? String ?? "?")" }) == expected, "\(json)")

                        let text = try await fixture.run(arguments)
                        #expect(text.status == 10, "\(text)")
                        for finding in expected where !finding.hasSuffix("missing-totp") {
                            let parts = finding.split(separator: " ")
                            let block = text.stdoutLines.drop { $0 != String(parts[0]) }.dropFirst().prefix { $0.hasPrefix("  ") }
                            #expect(block.contains { $0.hasPrefix("  \(parts[1]): ") }, "\(finding) in \(text)")
                        }

                        let html = try String(contentsOfFile: page, encoding: .utf8)
                        for kind in Set(expected.map { String($0.split(separator: " ")[1]) }) {
                            #expect(html.contains("<section id=\"\(kind)\""), "no section for \(kind)")
                        }
                        for secret in Self.strong + [Self.shared, Self.weak, Self.breached, "JBSWY3DPEHPK3PXP", AccountData.apiKey, "t0k3n"] {
                            #expect(!html.contains(secret) && !text.stdout.contains(secret) && !json.stdout.contains(secret), "a secret is shown")
                        }
                    }
                }
            }
        }
    }

    @Test("plain-http names the host only, and not even that when an @ after the path hides it")
    func plainHTTPSites() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/links", password: Self.strong[0], options: [
            "--url", "http://user:pa/ss@hidden.example/", "--url", "http://shop.example/reset?email=bob@corp.example",
            "--url", "HTTP://Name:Secret@Plain.Example:8080/x?token=t0k3n", "--url", "http://[::1]:8080/", "--url", "https://fine.example/",
        ])
        let result = try await fixture.run(["audit", "--json"])
        let finding = try #require(try JSONValue.object(result.stdoutData)["findings"] as? [[String: Any]]).first { $0["kind"] as? String == "plain-http" }
        #expect((finding?["details"] as? [String: Any])?["sites"] as? [String] == ["http://…", "http://…", "http://plain.example:8080", "http://[::1]:8080"], "\(result)")
        for hidden in ["pa/ss", "user", "corp.example", "bob", "Secret", "t0k3n", "hidden.example"] { #expect(!result.stdout.contains(hidden), "\(hidden)") }
    }

    @Test("a malformed tls-pins field stops --tls before anything is sent, even to the account API")
    func malformedPinsFirst() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("hibp/api-key", password: AccountData.apiKey)
        try await fixture.add("mail/alice", password: Self.strong[0], options: ["--username", "alice@example.org", "--field", "tls-pins=not pins"])
        try await FakeRangeServer.with(accounts: try AccountData.file(), apiKey: AccountData.apiKey) { server in
            let result = try await fixture.run(["audit", "--accounts", "--accounts-api-url", server.accountsURL, "--tls"])
            expectFailure(result, status: 1, mentioning: "mail/alice")
            #expect(try server.requests().isEmpty, "\(result)")
        }
    }

    @Test("a first password given later to an entry that had none is as old as that change, not as the entry")
    func firstPasswordLater() async throws {
        let fixture = try await VaultFixture.initialized()
        let bare = ImportDocument.entry(name: "web/bare", password: NSNull(), extra: ["created": "2020-03-01T10:00:00Z"])
        let file = try VaultFixture.writeFile(fixture.path("bare.json"), try ImportDocument.data(entries: [bare]))
        try await fixture.succeed(["import", file])
        try await fixture.succeed(["edit", "web/bare", "--password"], stdin: Self.strong[0] + "\n")
        let result = try await fixture.run(["audit", "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(try #require(try JSONValue.object(result.stdoutData)["findings"] as? [[String: Any]]).isEmpty, "\(result)")
    }

    @Test("a site trusted on first use is not untrustworthy for the entry that saved its pin; a rotated key alone is a warning, exit 0")
    func warningsOnly() async throws {
        let fixture = try await VaultFixture.initialized()
        try await TLSTestSite.with(certificate: "self-signed") { router in
            try await TLSTestSite.with(certificate: "good") { good in
                try await TLSTestSite.with(certificate: "good-rsa") { rotated in
                    try await fixture.add("home/router", password: Self.strong[0], options: ["--url", "https://\(router.address)/", "--otp"],
                                          secrets: ["JBSWY3DPEHPK3PXP"])
                    try await fixture.add("web/wiki", password: Self.strong[1], options: ["--url", "https://\(good.address)/", "--otp"],
                                          secrets: ["JBSWY3DPEHPK3PXP"])
                    let saved = try await fixture.run(["tls", "--entry", "home/router", "--save-pins", "--ca-file", TLSTestSite.root, "--no-headers"])
                    #expect(saved.status == 10, "the router is saved, and still reported self-signed by vault tls: \(saved)")
                    try await fixture.succeed(["tls", "--entry", "web/wiki", "--save-pins", "--ca-file", TLSTestSite.root, "--no-headers"])
                    try await fixture.succeed(["edit", "web/wiki", "--url", "https://\(rotated.address)/"])
                    let result = try await fixture.run(["audit", "--tls", "--ca-file", TLSTestSite.root])
                    #expect(result.status == 0, "\(result)")
                    #expect(result.stdoutLines.contains { $0.hasPrefix("  pin-rotated: ") }, "\(result)")
                    #expect(!result.stdout.contains("untrusted-site:"), "\(result)")
                    #expect(result.stdoutLines.last?.hasSuffix("nothing found, 1 warning") == true, "\(result)")
                }
            }
        }
    }

    @Test("a vault with nothing wrong exits 0, advice and all; --min-score moves the line")
    func clean() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: Self.strong[0], options: ["--url", "https://site.example"])
        try await fixture.add("web/fair", password: "bluehorse77")
        let fair = try await fixture.run(["audit", "--min-score", "0"])
        #expect(fair.status == 0, "\(fair)")
        #expect(fair.stdout.contains("advice: sites without a one-time code (1): web/site"))
        #expect(fair.stdoutLines.last == "2 entries audited (2 with a password): nothing found")
        let strict = try await fixture.run(["audit", "--min-score", "4", "--json"])
        let weak = try #require(try JSONValue.object(strict.stdoutData)["findings"] as? [[String: Any]]).filter { $0["kind"] as? String == "weak" }
        #expect(weak.map { $0["entry"] as? String } == ["web/fair"], "\(strict)")
        #expect(strict.status == 10)
        let empty = try await VaultFixture.initialized()
        let none = try await empty.run(["audit"])
        #expect(none.status == 0 && none.stdoutLines.last == "0 entries audited (0 with a password): nothing found", "\(none)")
    }

    @Test("an offline copy that cannot be read stops the audit with an error, never a clean report")
    func unreadableCopy() async throws {
        let fixture = try await Self.seeded()
        let bad = try VaultFixture.writeFile(fixture.path("bad.txt"), "this is not a hash list\n")
        let result = try await fixture.run(["audit", "--offline", bad])
        expectFailure(result, status: 1, mentioning: "bad.txt")
        #expect(result.stdout.isEmpty)
        let html = fixture.path("never.html")
        _ = try await fixture.run(["audit", "--offline", fixture.path("missing.txt"), "--html", html])
        #expect(!FileManager.default.fileExists(atPath: html))
    }

    @Test("options that do not go together are usage errors, before anything is opened")
    func usage() async throws {
        let fixture = try await VaultFixture.initialized()
        for arguments in [
            ["--offline", "x", "--online"], ["--api-url", "http://127.0.0.1:1"], ["--ca-file", "x.pem"],
            ["--api-key-entry", "k"], ["--accounts-api-url", "http://127.0.0.1:1"], ["--min-score", "5"], ["--max-age", "0"],
            ["--html", ""], ["--tls", "--timeout", "0"], ["--timeout", "5"], ["--api-key-entry", "hibp/api-key"],
            ["--online", "--api-url", "ftp://mirror.example"], ["--accounts", "--accounts-api-url", "ftp://x.example"],
            ["--accounts", "--accounts-api-url", "http://hibp-mirror.example/api/v3"],
        ] {
            let result = try await fixture.run(["audit"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
        }
    }

    @Test("1,000 entries are audited, each reused pair found and no strong password called weak")
    func thousandEntries() async throws {
        let fixture = try await VaultFixture.initialized()
        let entries = (0..<1_000).map { index in
            ImportDocument.entry(name: "site/\(String(format: "%04d", index))",
                                 password: index % 100 == 0 ? "shared-\(index / 200)-Kq8#vLz3!wPx" : "Rn4%\(index)-tGv8*kHq2&zX")
        }
        let file = try VaultFixture.writeFile(fixture.path("many.json"), try ImportDocument.data(entries: entries))
        try await fixture.succeed(["import", file])
        let result = try await fixture.run(["audit", "--json"])
        let findings = try #require(try JSONValue.object(result.stdoutData)["findings"] as? [[String: Any]])
        let reused = findings.filter { $0["kind"] as? String == "reused" }.compactMap { $0["entry"] as? String }
        #expect(reused.count == 10, "\(result)")
        #expect(findings.count { $0["kind"] as? String == "weak" } == 0)
    }
}
