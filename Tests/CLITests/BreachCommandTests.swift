import CLITestSupport
import Foundation
import Testing

/// `vault breach` run as a real process against a `fake-hibp` of each test's own: verdicts and
/// counts for passwords on standard input (text and JSON Lines, exit 10 when one is breached),
/// the API URL from --api-url or the environment, and what the server gets to see: five
/// upper-case hex characters per distinct range, with padding asked for and vault's User-Agent.
@Suite("vault breach")
struct BreachCommandTests {
    static let breached = "line 1: breached: seen 52,256,179 times in known breaches"

    /// The server's request log, taken apart; a line that does not parse fails the test.
    static func requests(_ server: FakeRangeServer, sourceLocation: SourceLocation = #_sourceLocation) throws -> [LoggedRequest] {
        try server.requests().map { line in
            try #require(LoggedRequest(line), "an unexpected log line: \(line)", sourceLocation: sourceLocation)
        }
    }


    @Test("a breached password is reported with its count (exit 10); one not in the data is not found (exit 0)")
    func verdicts() async throws {
        let data = BreachData.file([(BreachData.password, BreachData.passwordCount), ("seen-just-once", 1)])
        try await FakeRangeServer.with(data: data) { server in
            let fixture = try VaultFixture()
            let breached = try await fixture.run(["breach", "--api-url", server.baseURL], stdin: "password\n")
            #expect(breached.status == 10 && breached.stderr.isEmpty, "\(breached)")
            #expect(breached.stdoutLines == [Self.breached], "\(breached)")

            let clean = try await fixture.run(["breach", "--api-url", server.baseURL], stdin: "correct horse battery staple\n")
            #expect(clean.status == 0 && clean.stderr.isEmpty, "\(clean)")
            #expect(clean.stdoutLines == ["line 1: not found in known breaches"], "\(clean)")

            let mixed = try await fixture.run(["breach", "--api-url", server.baseURL],
                                              stdin: "\nseen-just-once\r\ncorrect horse battery staple\npassword")
            #expect(mixed.status == 10, "\(mixed)")
            #expect(mixed.stdoutLines == [
                "line 2: breached: seen 1 time in known breaches", "line 3: not found in known breaches",
                "line 4: breached: seen 52,256,179 times in known breaches",
            ], "\(mixed)")
        }
    }

    @Test("--json prints one object per password: line, breached and count")
    func json() async throws {
        try await FakeRangeServer.with(data: BreachData.passwordOnly) { server in
            let result = try await VaultFixture().run(["breach", "--json", "--api-url", server.baseURL],
                                                      stdin: "password\nnot in the data\n")
            #expect(result.status == 10 && result.stderr.isEmpty, "\(result)")
            let objects = try result.stdoutObjects()
            try #require(objects.count == 2, "\(result)")
            for object in objects { #expect(Set(object.keys) == ["line", "breached", "count"], "\(object)") }
            #expect(objects[0]["line"] as? Int == 1 && objects[0]["breached"] as? Bool == true)
            #expect(objects[0]["count"] as? Int == 52_256_179)
            #expect(objects[1]["line"] as? Int == 2 && objects[1]["breached"] as? Bool == false && objects[1]["count"] as? Int == 0)
        }
    }

    @Test("the API URL comes from --api-url, else $VAULT_HIBP_API_URL, else breach_api_url in the config")
    func urlSources() async throws {
        let nobody = "http://127.0.0.1:\(try ClosedPort.find())"
        try await FakeRangeServer.with(data: BreachData.passwordOnly) { server in
            let fixture = try VaultFixture()
            let fromEnvironment = try await fixture.run(["breach"], stdin: "password\n",
                                                        environment: ["VAULT_HIBP_API_URL": server.baseURL])
            #expect(fromEnvironment.status == 10 && fromEnvironment.stdoutLines == [Self.breached], "\(fromEnvironment)")
            #expect(try Self.requests(server).map(\.path) == ["/range/5BAA6"])

            let optionFirst = try await fixture.run(["breach", "--api-url", server.baseURL], stdin: "password\n",
                                                    environment: ["VAULT_HIBP_API_URL": nobody])
            #expect(optionFirst.status == 10 && optionFirst.stdoutLines == [Self.breached], "\(optionFirst)")

            try VaultFixture.writeFile(fixture.path(".config/vault/config.json"),
                                       #"{"keyring": false, "breach_api_url": "\#(server.baseURL)"}"#)
            let fromConfig = try await fixture.run(["breach"], stdin: "password\n")
            #expect(fromConfig.status == 10 && fromConfig.stdoutLines == [Self.breached], "\(fromConfig)")
            #expect(try Self.requests(server).count == 3)
        }
    }

    @Test("breach_offline in the config wins over $VAULT_HIBP_API_URL: a user who set it expects no network")
    func configOfflineFirst() async throws {
        try await FakeRangeServer.with(data: BreachData.passwordOnly) { server in
            let fixture = try VaultFixture()
            let copy = try VaultFixture.writeFile(fixture.path("pwned.txt"), BreachData.file([(BreachData.password, 7)]))
            try VaultFixture.writeFile(fixture.path(".config/vault/config.json"), #"{"keyring": false, "breach_offline": "\#(copy)"}"#)
            let result = try await fixture.run(["breach"], stdin: "password\n", environment: ["VAULT_HIBP_API_URL": server.baseURL])
            #expect(result.status == 10 && result.stdoutLines == ["line 1: breached: seen 7 times in known breaches"], "\(result)")
            #expect(try server.requests().isEmpty, "no request reached the server")
        }
    }

    @Test("a mistyped setting in the config is an error, not silently ignored")
    func unknownSetting() async throws {
        let fixture = try VaultFixture()
        try VaultFixture.writeFile(fixture.path(".config/vault/config.json"), #"{"keyring": false, "breach_ofline": "/data/pwned.txt"}"#)
        expectFailure(try await fixture.run(["breach"], stdin: "password\n"), status: 1, mentioning: "unknown setting 'breach_ofline'")
    }

    @Test("no password at all is an error, and nothing is asked")
    func noPasswords() async throws {
        try await FakeRangeServer.with(data: BreachData.passwordOnly) { server in
            let fixture = try VaultFixture()
            for input in [nil, "\n\n \t\n"] {  // nil: /dev/null
                let result = try await fixture.run(["breach", "--api-url", server.baseURL], stdin: input)
                expectFailure(result, status: 1, mentioning: "no passwords on standard input")
            }
            #expect(try server.requests().isEmpty)
        }
    }

    @Test("a line over 64 KiB is skipped by number, the others are still checked; exit 1")
    func tooLong() async throws {
        try await FakeRangeServer.with(data: BreachData.passwordOnly) { server in
            let input = "password\n" + String(repeating: "x", count: 70_000) + "\nnot in the data\n"
            let result = try await VaultFixture().run(["breach", "--api-url", server.baseURL], stdin: input)
            #expect(result.status == 1, "\(result.termination) \(result.stderr)")
            #expect(result.stderrLines == ["vault: error: line 2: longer than 64 KiB, skipped"], "\(result.stderr)")
            #expect(result.stdoutLines == [Self.breached, "line 3: not found in known breaches"], "\(result.stdout)")
        }
    }

    @Test("the server sees only 5-character prefixes, one request per distinct range, padded, with vault's User-Agent")
    func whatTheServerSees() async throws {
        // Passwords in pairs and threes that share a range, among 180 others.
        let shared = BreachData.sharingPrefixes(groups: 6, size: 2, stem: "pair") + BreachData.sharingPrefixes(groups: 2, size: 3, stem: "three")
        var passwords = (0..<180).map { "batch-\($0)" }
        for (index, group) in shared.enumerated() { passwords.insert(contentsOf: group, at: index * 20) }
        passwords += ["password", "batch-7"]  // "batch-7" a second time
        // Known: "password", every third single, and the first of each shared group.
        var counts: [String: Int] = [BreachData.password: BreachData.passwordCount]
        for number in stride(from: 0, to: 180, by: 3) { counts["batch-\(number)"] = 1_000 + number }
        for group in shared { counts[group[0]] = 77 }
        let prefixes = Set(passwords.map(BreachData.prefix))
        #expect(prefixes.count == Set(passwords).count - 6 - 2 * 2, "the shared groups collapse into one range each")

        try await FakeRangeServer.with(data: BreachData.file(counts.map { ($0.key, $0.value) })) { server in
            let result = try await VaultFixture().run(["breach", "--api-url", server.baseURL],
                                                      stdin: passwords.map { $0 + "\n" }.joined())
            #expect(result.status == 10 && result.stderr.isEmpty, "\(result)")
            let expected = passwords.enumerated().map { index, password in
                counts[password].map { "line \(index + 1): breached: seen \(BreachData.grouped($0)) times in known breaches" }
                    ?? "line \(index + 1): not found in known breaches"
            }
            #expect(result.stdoutLines == expected)

            let requests = try Self.requests(server)
            #expect(requests.count == prefixes.count, "one request per distinct range")
            for request in requests {
                #expect(request.method == "GET" && request.rangePrefix != nil, "only /range/ and 5 upper-case hex: \(request)")
                #expect(request.addPadding == "true", "\(request)")
                #expect(request.userAgent.hasPrefix("vault/"), "\(request)")
            }
            #expect(Set(requests.compactMap(\.rangePrefix)) == prefixes)
        }
    }

    @Test("padding is never reported: unknown passwords in padded ranges, next to known ones, are not found")
    func padding() async throws {
        let pairs = BreachData.sharingPrefixes(groups: 3, size: 2, stem: "padded")
        let data = BreachData.file(pairs.map { ($0[0], 5) })
        let input = pairs.flatMap { $0 } + ["alone in its range"]
        try await FakeRangeServer.with(data: data) { server in
            let result = try await VaultFixture().run(["breach", "--json", "--api-url", server.baseURL],
                                                      stdin: input.map { $0 + "\n" }.joined())
            #expect(result.status == 10, "\(result)")
            #expect(try result.stdoutObjects().map { $0["count"] as? Int } == [5, 0, 5, 0, 5, 0, 0], "\(result)")
            let requests = try Self.requests(server)
            #expect(requests.count == 4 && requests.allSatisfy { $0.addPadding == "true" }, "\(requests)")
        }
    }
}

extension BreachCommandTests {
    /// When the range API misbehaves: a 429 is waited out as Retry-After says; any other
    /// failure stops the check with exit 1 and one `vault: error:` line naming the problem, and
    /// no password is reported at all, least of all as not found.
    @Suite("vault breach: failures of the API")
    struct Failures {
        static let input = "password\ncorrect horse battery staple\nnot in the data\n"
        static let prefixes = ["password", "correct horse battery staple", "not in the data"].map(BreachData.prefix)

        @Test("answers after waiting out two 429s with Retry-After: 1")
        func rateLimited() async throws {
            try await FakeRangeServer.with(data: BreachData.passwordOnly, options: ["--rate-limit", "2", "--retry-after", "1"]) { server in
                let result = try await VaultFixture().run(["breach", "--api-url", server.baseURL], stdin: "password\n")
                #expect(result.status == 10 && result.stderr.isEmpty, "\(result)")
                #expect(result.stdoutLines == [BreachCommandTests.breached], "\(result)")
                #expect(try BreachCommandTests.requests(server).map(\.path) == Array(repeating: "/range/5BAA6", count: 3),
                        "two refused, then answered")
            }
        }

        @Test("a Retry-After longer than the 60 s budget is an error at once")
        func rateLimitBeyondBudget() async throws {
            try await FakeRangeServer.with(data: BreachData.passwordOnly, options: ["--rate-limit", "1", "--retry-after", "61"]) { server in
                let result = try await VaultFixture().run(["breach", "--api-url", server.baseURL], stdin: "password\n")
                expectFailure(result, status: 1, mentioning: "429", "try again later")
                #expect(try BreachCommandTests.requests(server).count == 1)
            }
        }

        static let modes: [(mode: String, fragments: [String])] = [
            ("html", ["is not a Pwned Passwords range", "line 1 is not HASH:COUNT"]),
            ("malformed", ["is not a Pwned Passwords range", "line 1 is not HASH:COUNT"]),
            ("status500", ["the breach API answered 500"]),
            ("close", ["cannot reach 127.0.0.1:", "the server closed the connection"]),
        ]

        @Test("a broken answer is an error naming the problem, and nothing is reported", arguments: Self.modes)
        func broken(mode: String, fragments: [String]) async throws {
            try await FakeRangeServer.with(data: BreachData.passwordOnly, options: ["--fail", mode]) { server in
                let result = try await VaultFixture().run(["breach", "--api-url", server.baseURL], stdin: Self.input)
                expectFailure(result, status: 1, mentioningAll: fragments)
                if mode != "close" {
                    #expect(Self.prefixes.contains { result.stderr.contains("range \($0)") }, "names the range: \(result)")
                }
            }
        }

        @Test("one failed range out of four fails the whole check: the others are not reported either")
        func oneRangeFails() async throws {
            try await FakeRangeServer.with(data: BreachData.passwordOnly, options: ["--fail", "status500", "--fail-first", "1"]) { server in
                let result = try await VaultFixture().run(["breach", "--api-url", server.baseURL], stdin: Self.input + "password1\n")
                expectFailure(result, status: 1, mentioning: "the breach API answered 500")
            }
        }

        @Test("nothing listening on the port: cannot reach, exit 1")
        func connectionRefused() async throws {
            let port = try ClosedPort.find()
            let result = try await VaultFixture().run(["breach", "--api-url", "http://127.0.0.1:\(port)"], stdin: Self.input)
            expectFailure(result, status: 1, mentioning: "cannot reach 127.0.0.1:\(port)", "connection refused")
        }

        @Test("a Retry-After beyond the budget is an error at once, whatever its size")
        func hugeRetryAfter() async throws {
            try await FakeRangeServer.with(data: BreachData.passwordOnly,
                                           options: ["--rate-limit", "1", "--retry-after", "9223372036854775807"]) { server in
                let result = try await VaultFixture().run(["breach", "--api-url", server.baseURL], stdin: "password\n")
                expectFailure(result, status: 1, mentioning: "asks for 86400 s more")
            }
        }
    }
}

extension BreachCommandTests {
    /// `vault breach --offline`: a sorted file or a folder of range files, small and generated;
    /// a file out of order or a missing range file stops the check with exit 1.
    @Suite("vault breach --offline")
    struct Offline {
        static let counts: [(password: String, count: Int)] =
            [(BreachData.password, BreachData.passwordCount), ("letmein", 8_000_000)] + (0..<50).map { ("offline-\($0)", $0 + 1) }
        static let input = "password\nletmein\noffline-9\nnot in the data\n"
        static let expected = [
            "line 1: breached: seen 52,256,179 times in known breaches", "line 2: breached: seen 8,000,000 times in known breaches",
            "line 3: breached: seen 10 times in known breaches", "line 4: not found in known breaches",
        ]

        @Test("a sorted file, LF or CRLF", arguments: ["\n", "\r\n"])
        func file(lineEnd: String) async throws {
            let fixture = try VaultFixture()
            let path = try VaultFixture.writeFile(fixture.path("pwned.txt"), BreachData.file(Self.counts, lineEnd: lineEnd))
            let result = try await fixture.run(["breach", "--offline", path], stdin: Self.input)
            #expect(result.status == 10 && result.stderr.isEmpty, "\(result)")
            #expect(result.stdoutLines == Self.expected, "\(result)")
        }

        @Test("a folder of range files; a password whose range has a file but not its hash is not found")
        func folder() async throws {
            let fixture = try VaultFixture()
            let folder = fixture.path("ranges")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            var files = BreachData.rangeFiles(Self.counts)
            files[BreachData.prefix("not in the data"), default: ""] += String(repeating: "0", count: 35) + ":3\r\n"
            for (name, text) in files { try VaultFixture.writeFile(folder + "/" + name + ".txt", text) }
            let result = try await fixture.run(["breach", "--offline", folder], stdin: Self.input)
            #expect(result.status == 10 && result.stderr.isEmpty, "\(result)")
            #expect(result.stdoutLines == Self.expected, "\(result)")
        }

        @Test("a missing range file is an error, not a \"not found\"")
        func missingRange() async throws {
            let fixture = try VaultFixture()
            let folder = fixture.path("ranges")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            for (name, text) in BreachData.rangeFiles(Self.counts) { try VaultFixture.writeFile(folder + "/" + name + ".txt", text) }
            let prefix = BreachData.prefix("not in the data")
            let result = try await fixture.run(["breach", "--offline", folder], stdin: Self.input)
            expectFailure(result, status: 1, mentioning: "has no file for range \(prefix) (\(prefix).txt)", "is the download complete?")
        }

        @Test("a file ordered by prevalence rather than by hash is an error")
        func unsorted() async throws {
            let byPrevalence = (0..<2_000).map { number in
                (hash: BreachData.sha1("prevalence-\(number)"), count: 10_000_000 / (number + 1))
            }
            let text = ([(BreachData.sha1(BreachData.password), BreachData.passwordCount)] + byPrevalence.map { ($0.hash, $0.count) })
                .map { "\($0.0):\($0.1)\r\n" }.joined()
            let fixture = try VaultFixture()
            let path = try VaultFixture.writeFile(fixture.path("by-prevalence.txt"), text)
            let result = try await fixture.run(["breach", "--offline", path], stdin: Self.input)
            expectFailure(result, status: 1, mentioning: path, "is not sorted by hash")
        }

        @Test("a file that is not SHA-1 lines is an error")
        func notSHA1() async throws {
            let fixture = try VaultFixture()
            let path = try VaultFixture.writeFile(fixture.path("ntlm.txt"), "8846F7EAEE8FB117AD06BDD830B7586C:52256179\n")
            let result = try await fixture.run(["breach", "--offline", path], stdin: Self.input)
            expectFailure(result, status: 1, mentioning: path, "malformed line at byte 0")
        }
    }
}

extension BreachCommandTests {
    /// `vault breach --entry` and `--all`: names with counts rounded down to a power of ten,
    /// never a stored password or its hash.
    @Suite("vault breach on stored entries")
    struct StoredEntries {
        static let entries = [("web/shop", "Shop-Pa55word!"), ("mail", "mail-secret-2019"), ("bank", "unbreached horse staple 42")]
        static let data = BreachData.file([("Shop-Pa55word!", 52_256_179), ("mail-secret-2019", 150)])

        static func vault() async throws -> VaultFixture {
            let fixture = try await VaultFixture.initialized()
            for (name, password) in entries { try await fixture.add(name, password: password) }
            return fixture
        }

        /// The passwords, their hashes and the hashes' suffixes: none may be shown.
        static func expectNoSecret(_ result: VaultResult, sourceLocation: SourceLocation = #_sourceLocation) {
            let output = result.stdout + result.stderr
            for (_, password) in entries {
                let hash = BreachData.sha1(password)
                for secret in [password, hash, String(hash.dropFirst(5)), hash.lowercased()] {
                    #expect(!output.contains(secret), "\(secret.debugDescription) shown: \(result)", sourceLocation: sourceLocation)
                }
            }
        }

        @Test("--entry: the name and a rounded count (exit 10), or not found (exit 0)")
        func entry() async throws {
            let fixture = try await Self.vault()
            try await FakeRangeServer.with(data: Self.data) { server in
                let shop = try await fixture.run(["breach", "--entry", "web/shop", "--api-url", server.baseURL])
                #expect(shop.status == 10 && shop.stderr.isEmpty, "\(shop)")
                #expect(shop.stdoutLines == ["web/shop: breached (seen at least 10,000,000 times)", "  change it: vault edit web/shop --generate"], "\(shop)")
                Self.expectNoSecret(shop)

                let bank = try await fixture.run(["breach", "--entry", "bank", "--api-url", server.baseURL])
                #expect(bank.status == 0 && bank.stderr.isEmpty, "\(bank)")
                #expect(bank.stdoutLines == ["bank: not found in known breaches"], "\(bank)")
                Self.expectNoSecret(bank)
            }
        }

        @Test("--all in text and JSON")
        func all() async throws {
            let fixture = try await Self.vault()
            try await FakeRangeServer.with(data: Self.data) { server in
                let text = try await fixture.run(["breach", "--all", "--api-url", server.baseURL])
                #expect(text.status == 10 && text.stderr.isEmpty, "\(text)")
                #expect(Set(text.stdoutLines) == [
                    "web/shop: breached (seen at least 10,000,000 times)", "  change it: vault edit web/shop --generate",
                    "mail: breached (seen at least 100 times)", "  change it: vault edit mail --generate",
                    "bank: not found in known breaches",
                ], "\(text)")
                #expect(text.stdoutLines.count == 5, "\(text)")
                Self.expectNoSecret(text)

                let json = try await fixture.run(["breach", "--all", "--json", "--api-url", server.baseURL])
                #expect(json.status == 10 && json.stderr.isEmpty, "\(json)")
                var byName: [String: [String: Any]] = [:]
                for object in try json.stdoutObjects() { byName[object["entry"] as? String ?? "?"] = object }
                #expect(Set(byName.keys) == ["web/shop", "mail", "bank"], "\(json)")
                for name in ["web/shop", "mail"] {
                    #expect(Set(byName[name].map { Array($0.keys) } ?? []) == ["entry", "breached", "seen_at_least"], "\(json)")
                    #expect(byName[name]?["breached"] as? Bool == true)
                }
                #expect(byName["web/shop"]?["seen_at_least"] as? Int == 10_000_000)
                #expect(byName["mail"]?["seen_at_least"] as? Int == 100)
                #expect(byName["bank"]?["breached"] as? Bool == false && byName["bank"]?["seen_at_least"] == nil, "\(json)")
                Self.expectNoSecret(json)
            }
        }

        @Test("an entry without a password: an error for --entry, a note for --all")
        func withoutPassword() async throws {
            let fixture = try await VaultFixture.initialized()
            try await fixture.add("bank", password: "unbreached horse staple 42")
            let file = try VaultFixture.writeFile(fixture.path("import.json"), try ImportDocument.data(entries: [
                ImportDocument.entry(name: "notes/plain", password: NSNull(), extra: ["notes": "no password here"]),
            ]))
            try await fixture.succeed(["import", file])
            try await FakeRangeServer.with(data: Self.data) { server in
                let one = try await fixture.run(["breach", "--entry", "notes/plain", "--api-url", server.baseURL])
                expectFailure(one, status: 1, mentioning: "'notes/plain' has no password to check")
                #expect(try server.requests().isEmpty)

                let all = try await fixture.run(["breach", "--all", "--api-url", server.baseURL])
                #expect(all.status == 0 && all.stdoutLines == ["bank: not found in known breaches"], "\(all)")
                #expect(all.stderrLines == ["vault: note: 1 entry has no password to check"], "\(all)")
            }
        }

        @Test("--entry for an entry that is not there exits 4")
        func missing() async throws {
            let fixture = try await VaultFixture.initialized()
            try await FakeRangeServer.with(data: Self.data) { server in
                expectFailure(try await fixture.run(["breach", "--entry", "nope", "--api-url", server.baseURL]), status: 4, mentioning: "nope")
            }
        }
    }
}

extension BreachCommandTests {
    /// `vault add --check-breach` (and `vault edit --password --check-breach`, and
    /// `check_breach` in the config): a warning for a breached password, the entry stored all
    /// the same, and no request at all without the switch.
    @Suite("vault add --check-breach")
    struct AddCheck {
        static let password = "Shop-Pa55word!"
        static let warning = "vault: warning: this password appears in known data breaches (seen at least 10,000,000 times), "
            + "so attackers try it early: choose another"
        static let data = BreachData.file([(password, 52_256_179)])

        @Test("warns about a breached password, and stores the entry")
        func warns() async throws {
            let fixture = try await VaultFixture.initialized()
            try await FakeRangeServer.with(data: Self.data) { server in
                let result = try await fixture.run(["add", "web/shop", "--check-breach"], stdin: Self.password + "\n",
                                                   environment: ["VAULT_HIBP_API_URL": server.baseURL])
                #expect(result.status == 0, "\(result)")
                #expect(result.stderrLines.contains(Self.warning), "\(result)")
                #expect(!(result.stdout + result.stderr).contains(Self.password), "\(result)")
                #expect(try server.requests().count == 1)
            }
            #expect(try await fixture.password(of: "web/shop") == Self.password)
        }

        @Test("says nothing about a password not in the data")
        func clean() async throws {
            let fixture = try await VaultFixture.initialized()
            try await FakeRangeServer.with(data: Self.data) { server in
                let result = try await fixture.run(["add", "bank", "--check-breach"], stdin: "unbreached horse staple 42\n",
                                                   environment: ["VAULT_HIBP_API_URL": server.baseURL])
                #expect(result.status == 0 && !result.stderr.contains("breach"), "\(result)")
                #expect(try server.requests().count == 1)
            }
        }

        @Test("without --check-breach, no request reaches the server, even for a breached password")
        func noRequestWithoutSwitch() async throws {
            let fixture = try await VaultFixture.initialized()
            try await FakeRangeServer.with(data: Self.data) { server in
                let environment = ["VAULT_HIBP_API_URL": server.baseURL]
                let added = try await fixture.run(["add", "web/shop"], stdin: Self.password + "\n", environment: environment)
                #expect(added.status == 0 && !added.stderr.contains("breach"), "\(added)")
                let edited = try await fixture.run(["edit", "web/shop", "--password"], stdin: Self.password + "\n", environment: environment)
                #expect(edited.status == 0 && !edited.stderr.contains("breach"), "\(edited)")
                #expect(try server.requests().isEmpty)
            }
            #expect(try await fixture.password(of: "web/shop") == Self.password)
        }

        @Test("\"check_breach\": true in the config makes every add check")
        func fromConfig() async throws {
            let fixture = try await VaultFixture.initialized()
            try await FakeRangeServer.with(data: Self.data) { server in
                try VaultFixture.writeFile(fixture.path(".config/vault/config.json"),
                                           #"{"keyring": false, "check_breach": true, "breach_api_url": "\#(server.baseURL)"}"#)
                let result = try await fixture.run(["add", "web/shop"], stdin: Self.password + "\n")
                #expect(result.status == 0 && result.stderrLines.contains(Self.warning), "\(result)")
                #expect(try BreachCommandTests.requests(server).map(\.path) == ["/range/" + BreachData.prefix(Self.password)])
            }
        }

        @Test("vault edit --password --check-breach warns too")
        func edit() async throws {
            let fixture = try await VaultFixture.initialized()
            try await fixture.add("web/shop", password: "unbreached horse staple 42")
            try await FakeRangeServer.with(data: Self.data) { server in
                let result = try await fixture.run(["edit", "web/shop", "--password", "--check-breach"], stdin: Self.password + "\n",
                                                   environment: ["VAULT_HIBP_API_URL": server.baseURL])
                #expect(result.status == 0 && result.stderrLines.contains(Self.warning), "\(result)")
            }
            #expect(try await fixture.password(of: "web/shop") == Self.password)
        }

        @Test("with the server down, the entry is stored and the warning says it could not be checked")
        func serverDown() async throws {
            let fixture = try await VaultFixture.initialized()
            let port = try ClosedPort.find()
            let result = try await fixture.run(["add", "web/shop", "--check-breach"], stdin: Self.password + "\n",
                                               environment: ["VAULT_HIBP_API_URL": "http://127.0.0.1:\(port)"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderrLines.contains {
                $0.hasPrefix("vault: warning: the password could not be checked: cannot reach 127.0.0.1:\(port)")
            }, "\(result)")
            #expect(try await fixture.password(of: "web/shop") == Self.password)
        }
    }
}

extension BreachCommandTests {
    /// Options that do not go together, and a base URL that is not one: usage errors, exit 64.
    @Suite("vault breach: usage errors")
    struct Usage {
        @Test("usage errors exit 64", arguments: [
            (["--entry", "x", "--all"], "--entry and --all do not go together"),
            (["--offline", "/tmp/pwned.txt", "--api-url", "http://127.0.0.1:1"], "--offline and --api-url do not go together"),
            (["--api-url", "ftp://mirror.example"], "is not an http(s) URL"),
            (["--api-url", "https://mirror.example/?key=1"], "is not an http(s) URL"),
        ])
        func usage(arguments: [String], message: String) async throws {
            expectUsageError(try await VaultFixture().run(["breach"] + arguments, stdin: "password\n"), mentioning: message)
        }

        @Test("--check-breach where there is no password given to check is a usage error", arguments: [
            (["add", "web/x", "--generate", "--check-breach"], "a generated one is new"),
            (["edit", "web/x", "--url", "https://x.org", "--check-breach"], "use it with --password"),
        ])
        func checkBreachUsage(arguments: [String], message: String) async throws {
            expectUsageError(try await VaultFixture().run(arguments, stdin: "password\n"), mentioning: message)
        }
    }
}
