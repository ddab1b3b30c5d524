import CLITestSupport
import Foundation
import Testing

/// `vault breach --account` and `--accounts` against a `fake-hibp` of each test's own: the
/// breaches of an address (text and JSON, exit 10), not found (exit 0), every address of the
/// vault once with the entries holding it, the API key read from its entry and never shown or
/// logged, what the server is sent, and every failure of the API an error rather than a
/// "not found".
@Suite("vault breach --account")
struct AccountBreachTests {
    static let alice = "alice@example.org"

    /// A vault holding the API key (in `keyEntry`), added as every password is: from standard input.
    static func vault(key: String = AccountData.apiKey, keyEntry: String = "hibp/api-key") async throws -> VaultFixture {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add(keyEntry, password: key)
        return fixture
    }

    /// Starts a server knowing `AccountData.accounts` and expecting `AccountData.apiKey`.
    static func withServer<Result>(options: [String] = [], _ body: (FakeRangeServer) async throws -> Result) async throws -> Result {
        try await FakeRangeServer.with(accounts: try AccountData.file(), apiKey: AccountData.apiKey, options: options, body)
    }

    /// `vault breach ARGUMENTS --accounts-api-url SERVER`.
    static func check(_ fixture: VaultFixture, _ arguments: [String], server: FakeRangeServer) async throws -> VaultResult {
        try await fixture.run(["breach"] + arguments + ["--accounts-api-url", server.accountsURL])
    }

    /// The key is in neither output nor the server's log (which records only whether it was right).
    static func expectNoKey(_ result: VaultResult, _ server: FakeRangeServer, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let log = try server.requests().joined(separator: "\n")
        for text in [result.stdout, result.stderr, log] {
            #expect(!text.lowercased().contains(AccountData.apiKey), "the key is shown: \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test("an address in breaches: each breach's name, date and data classes, and no HTML; exit 10")
    func found() async throws {
        let fixture = try await Self.vault()
        try await Self.withServer { server in
            let result = try await Self.check(fixture, ["--account", Self.alice], server: server)
            #expect(result.status == 10 && result.stderr.isEmpty, "\(result)")
            #expect(result.stdoutLines == ["alice@example.org: found in 2 breaches"] + AccountData.aliceBreaches, "\(result)")
            #expect(!result.stdout.contains("<"), "\(result)")
            try Self.expectNoKey(result, server)
        }
    }

    @Test("--json: one object per address with account, found and breaches (name, title, domain, date, data_classes)")
    func json() async throws {
        let fixture = try await Self.vault()
        try await Self.withServer { server in
            let result = try await Self.check(fixture, ["--account", "ALICE@example.org", "--json"], server: server)
            #expect(result.status == 10 && result.stderr.isEmpty, "\(result)")
            let objects = try result.stdoutLines.map { try JSONValue.object(Data($0.utf8)) }
            try #require(objects.count == 1, "\(result)")
            #expect(Set(objects[0].keys) == ["account", "found", "breaches"], "\(result)")
            #expect(objects[0]["account"] as? String == "ALICE@example.org" && objects[0]["found"] as? Bool == true)
            let breaches = try #require(objects[0]["breaches"] as? [[String: Any]])
            JSONValue.expectEqualObjects(breaches, [
                ["name": "Adobe", "title": "Adobe (test)", "domain": "adobe.example", "date": "2013-10-04",
                 "data_classes": ["Email addresses", "Password hints", "Passwords", "Usernames"]],
                ["name": "Linked", "title": "Linked (test)", "domain": "linked.example", "date": "2012-05-05",
                 "data_classes": ["Email addresses", "Passwords"]],
            ])
        }
    }

    @Test("an address in no breach (404) is not found, exit 0")
    func notFound() async throws {
        let fixture = try await Self.vault()
        try await Self.withServer { server in
            let text = try await Self.check(fixture, ["--account", "nobody@example.net"], server: server)
            #expect(text.status == 0 && text.stderr.isEmpty, "\(text)")
            #expect(text.stdoutLines == ["nobody@example.net: not found in known breaches"], "\(text)")
            let json = try await Self.check(fixture, ["--account", "nobody@example.net", "--json"], server: server)
            #expect(json.status == 0, "\(json)")
            let object = try JSONValue.object(json.stdoutData)
            #expect(object["found"] as? Bool == false && (object["breaches"] as? [Any])?.isEmpty == true, "\(json)")
        }
    }

    @Test("the server is sent the key in hibp-api-key, vault's User-Agent, the full response asked for, and + as %2B")
    func whatTheServerSees() async throws {
        let fixture = try await Self.vault()
        try await Self.withServer { server in
            let result = try await Self.check(fixture, ["--account", "bob+news@example.com"], server: server)
            #expect(result.status == 10, "\(result)")
            #expect(result.stdoutLines == ["bob+news@example.com: found in 1 breach", "  Dropbox (2012-07-01): Email addresses, Passwords"],
                    "\(result)")
            let requests = try BreachCommandTests.requests(server)
            try #require(requests.count == 1, "\(requests)")
            #expect(requests[0].method == "GET")
            #expect(requests[0].path == "/api/v3/breachedaccount/bob%2Bnews@example.com?truncateResponse=false", "\(requests)")
            #expect(requests[0].apiKey == "ok" && requests[0].userAgent.hasPrefix("vault/"), "\(requests)")
            try Self.expectNoKey(result, server)
        }
    }

    @Test("--accounts: every address among user names and plain fields, once whatever its case, with the entries holding it")
    func everyAddress() async throws {
        let fixture = try await Self.vault()
        try await fixture.add("mail", password: "m-1", options: ["--username", Self.alice])
        try await fixture.add("web/shop", password: "s-1", options: ["--username", "ALICE@Example.org"])
        try await fixture.add("web/news", password: "n-1", options: ["--username", "bob+news@example.com"])
        try await fixture.add("bank", password: "b-1", options: ["--username", "bob", "--field", "branch=@home.example"])
        // A plain field is asked about; a secret one never leaves the machine.
        try await fixture.add("forum", password: "f-1", options: ["--field", "recovery= carol@example.net ", "--secret-field", "backup"],
                              secrets: ["dave@example.org"])
        try await Self.withServer { server in
            let result = try await Self.check(fixture, ["--accounts"], server: server)
            #expect(result.status == 10 && result.stderr.isEmpty, "\(result)")
            #expect(result.stdoutLines == ["alice@example.org: found in 2 breaches", "  in entries: mail, web/shop"] + AccountData.aliceBreaches
                + ["bob+news@example.com: found in 1 breach", "  in entries: web/news", "  Dropbox (2012-07-01): Email addresses, Passwords",
                   "carol@example.net: not found in known breaches", "  in entries: forum"], "\(result)")
            #expect(try BreachCommandTests.requests(server).map(\.path) == [
                "/api/v3/breachedaccount/alice@example.org?truncateResponse=false",
                "/api/v3/breachedaccount/bob%2Bnews@example.com?truncateResponse=false",
                "/api/v3/breachedaccount/carol@example.net?truncateResponse=false",
            ])

            let json = try await Self.check(fixture, ["--accounts", "--json"], server: server)
            let objects = try json.stdoutLines.map { try JSONValue.object(Data($0.utf8)) }
            #expect(objects.map { $0["entries"] as? [String] ?? [] } == [["mail", "web/shop"], ["web/news"], ["forum"]], "\(json)")
            #expect(objects.allSatisfy { Set($0.keys) == ["account", "found", "entries", "breaches"] }, "\(json)")
        }
    }

    @Test("--accounts over a vault without addresses: a note, nothing asked, exit 0")
    func noAddresses() async throws {
        let fixture = try await Self.vault()
        try await Self.withServer { server in
            let result = try await Self.check(fixture, ["--accounts"], server: server)
            #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
            #expect(result.stderrLines == ["vault: note: no entry has an e-mail address to check"], "\(result)")
            #expect(try server.requests().isEmpty)
        }
    }

    @Test("--api-key-entry names the entry holding the key")
    func keyEntry() async throws {
        let fixture = try await Self.vault(keyEntry: "keys/hibp")
        try await Self.withServer { server in
            let result = try await Self.check(fixture, ["--account", Self.alice, "--api-key-entry", "keys/hibp"], server: server)
            #expect(result.status == 10 && result.stderr.isEmpty, "\(result)")
            try Self.expectNoKey(result, server)
        }
    }

    @Test("no entry with the key: exit 4, saying how to add one, and nothing asked")
    func missingKey() async throws {
        let fixture = try await Self.vault(keyEntry: "keys/hibp")
        try await Self.withServer { server in
            let result = try await Self.check(fixture, ["--account", Self.alice], server: server)
            expectFailure(result, status: 4, mentioning: "no entry 'hibp/api-key'", "vault add hibp/api-key")
            let named = try await Self.check(fixture, ["--accounts", "--api-key-entry", "keys/other"], server: server)
            expectFailure(named, status: 4, mentioning: "no entry 'keys/other'", "vault add keys/other")
            #expect(try server.requests().isEmpty)
        }
    }

    @Test("a password that is not an API key is never sent")
    func notAKey() async throws {
        let fixture = try await Self.vault(key: "my key: hunter2")
        try await Self.withServer { server in
            let result = try await Self.check(fixture, ["--account", Self.alice], server: server)
            expectFailure(result, status: 1, mentioning: "the password of 'hibp/api-key' is not an API key")
            #expect(!result.stderr.contains("hunter2"), "\(result)")
            #expect(try server.requests().isEmpty)
        }
    }

    @Test("a key the API refuses (401): one line, exit 1, and no address reported as not found")
    func invalidKey() async throws {
        let fixture = try await Self.vault(key: AccountData.wrongKey)
        try await Self.withServer { server in
            let result = try await Self.check(fixture, ["--account", "nobody@example.net"], server: server)
            expectFailure(result, status: 1, mentioning: "refused the API key in 'hibp/api-key' (401")
            #expect(!result.stderr.contains(AccountData.wrongKey), "\(result)")
            #expect(try BreachCommandTests.requests(server).map(\.apiKey) == ["wrong"])
        }
    }
}

extension AccountBreachTests {
    /// The API misbehaving: a 429 waited out within the 300 s budget; everything else an error
    /// with exit 1 and one line, and nothing reported.
    @Suite("vault breach --account: failures of the API")
    struct Failures {
        @Test("answers after waiting out a 429 with Retry-After: 1")
        func rateLimited() async throws {
            let fixture = try await AccountBreachTests.vault()
            try await AccountBreachTests.withServer(options: ["--account-rate-limit", "1", "--retry-after", "1"]) { server in
                let result = try await AccountBreachTests.check(fixture, ["--account", AccountBreachTests.alice], server: server)
                #expect(result.status == 10 && result.stderr.isEmpty, "\(result)")
                #expect(result.stdoutLines.first == "alice@example.org: found in 2 breaches", "\(result)")
                #expect(try server.requests().count == 2, "refused once, then answered")
            }
        }

        @Test("a Retry-After beyond the 300 s budget is an error at once")
        func beyondBudget() async throws {
            let fixture = try await AccountBreachTests.vault()
            try await AccountBreachTests.withServer(options: ["--account-rate-limit", "1", "--retry-after", "301"]) { server in
                let result = try await AccountBreachTests.check(fixture, ["--account", AccountBreachTests.alice], server: server)
                expectFailure(result, status: 1, mentioning: "429", "beyond the 300 s budget")
                #expect(try server.requests().count == 1)
            }
        }

        @Test("a broken answer is an error naming the problem", arguments: [
            ("malformed", ["the answer for alice@example.org is not a list of breaches", "malformed JSON"]),
            ("html", ["the answer for alice@example.org is not a list of breaches"]),
            ("status500", ["the breached-account API answered 500 Internal Server Error for alice@example.org"]),
            ("close", ["cannot reach 127.0.0.1:", "the server closed the connection"]),
        ])
        func broken(mode: String, fragments: [String]) async throws {
            let fixture = try await AccountBreachTests.vault()
            try await AccountBreachTests.withServer(options: ["--account-fail", mode]) { server in
                let result = try await AccountBreachTests.check(fixture, ["--account", AccountBreachTests.alice], server: server)
                expectFailure(result, status: 1, mentioningAll: fragments)
                try AccountBreachTests.expectNoKey(result, server)
            }
        }
    }
}

extension AccountBreachTests {
    /// The account options with what they do not go with: usage errors, exit 64.
    @Suite("vault breach --account: usage errors")
    struct Usage {
        static let checksAddresses = "--account and --accounts check addresses, not passwords"

        @Test("usage errors exit 64", arguments: [
            (["--account", "a@b.example", "--entry", "web"], checksAddresses),
            (["--accounts", "--all"], checksAddresses),
            (["--account", "a@b.example", "--offline", "/tmp/pwned.txt"], checksAddresses),
            (["--accounts", "--api-url", "http://127.0.0.1:1"], checksAddresses),
            (["--account", "a@b.example", "--accounts"], "--account and --accounts do not go together"),
            (["--api-key-entry", "keys/hibp"], "go with --account or --accounts"),
            (["--accounts-api-url", "http://127.0.0.1:1/api/v3"], "go with --account or --accounts"),
            (["--account", "not-an-address"], "'not-an-address' is not an e-mail address"),
            (["--account", "a@localhost"], "is not an e-mail address"),
            (["--accounts", "--accounts-api-url", "ftp://mirror.example"], "is not an http(s) URL of a breached-account API"),
            (["--accounts", "--accounts-api-url", "https://mirror.example/v3?key=1"], "is not an http(s) URL"),
        ])
        func usage(arguments: [String], message: String) async throws {
            expectUsageError(try await VaultFixture().run(["breach"] + arguments, stdin: "password\n"), mentioning: message)
        }
    }
}
