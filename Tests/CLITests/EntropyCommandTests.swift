import CLITestSupport
import Foundation
import Testing

/// `vault entropy`: verdicts with their parts for passwords on standard input, JSON Lines with
/// `--json`, the exit statuses (10 below --min-score, 1 for unreadable lines, 64 for bad
/// options, 4 for a missing entry), line handling, stored entries judged without ever showing
/// their passwords, and the warning `vault add` and `vault edit` print for a weak password.
/// In-process, through `VaultFixture`; the prompt on a pseudo-terminal, and a line that is not
/// UTF-8 and lines of 60 KB and more under an address-space limit, are EntropyProcessTests, in
/// EndToEndTests.
@Suite("vault entropy")
struct EntropyCommandTests {
    static let jsonKeys: Set<String> = [
        "line", "score", "verdict", "length", "guesses_log10", "guesses", "bits", "crack_times_seconds", "crack_times",
        "warning", "suggestions", "segments",
    ]
    static let scenarios: [(key: String, guessesPerSecond: Double)] = [
        ("online_throttled_100_per_hour", 100.0 / 3600), ("online_10_per_second", 10),
        ("offline_slow_hash_1e4_per_second", 1e4), ("offline_fast_hash_1e10_per_second", 1e10),
    ]
    static let segmentKeys: Set<String> = [
        "pattern", "token", "start", "end", "guesses_log10", "bits", "explanation", "details",
    ]

    @Test("three passwords, three verdicts, each with its parts")
    func text() async throws {
        let input = "password1\nstaple horse correct battery\nKx9#mQ2!vP7\n"
        let result = try await VaultFixture().run(["entropy"], stdin: input)
        #expect(result.status == 10, "password1 is below the default --min-score 3: \(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        var blocks: [(verdict: String, patterns: [String])] = []
        for line in result.stdoutLines {
            if line.hasPrefix("line ") {
                blocks.append((String(line.prefix { $0 != "," }), []))
            } else if let word = line.split(separator: " ").first.map(String.init),
                      ["dictionary", "spatial", "repeat", "sequence", "year", "date", "bruteforce"].contains(word) {
                #expect(line.hasPrefix("  "), "segments are indented: \(line)")
                try #require(!blocks.isEmpty, "a segment before any verdict: \(result)")
                blocks[blocks.count - 1].patterns.append(word)
            }
        }
        #expect(blocks.map(\.verdict) == [
            "line 1: score 0/4 (very weak)", "line 2: score 4/4 (very strong)", "line 3: score 4/4 (very strong)",
        ], "\(result)")
        #expect(blocks.map(\.patterns) == [
            ["dictionary"], ["dictionary", "bruteforce", "dictionary", "bruteforce", "dictionary"], ["bruteforce"],
        ], "\(result)")
        #expect(result.stdout.contains("\"password1\" (#189 of common passwords)"), "\(result)")
        #expect(result.stdoutLines.filter { $0.hasPrefix("  time to crack: ") }.count == 3, "\(result)")
    }

    @Test("--json prints one object per line with every field, and numbers that agree with each other")
    func json() async throws {
        let passwords = ["password1", "staple horse correct battery", "Kx9#mQ2!vP7"]
        let result = try await VaultFixture().run(["entropy", "--json"], stdin: passwords.map { $0 + "\n" }.joined())
        #expect(result.status == 10 && result.stderr.isEmpty, "\(result)")
        let objects = try result.stdoutObjects()
        try #require(objects.count == 3, "\(result)")
        let expected: [(score: Int, length: Int, log10: Double)] = [(0, 9, 2.278754), (4, 28, 20.330032), (4, 11, 11 * log10(95.0))]
        for (index, object) in objects.enumerated() {
            #expect(Set(object.keys) == Self.jsonKeys, "\(object.keys.sorted())")
            #expect(object["line"] as? Int == index + 1)
            #expect(object["score"] as? Int == expected[index].score)
            #expect(object["length"] as? Int == expected[index].length)
            let log10 = try #require(object["guesses_log10"] as? Double)
            #expect(abs(log10 - expected[index].log10) < 0.001, "zxcvbn's value, or 95 per character for random printable ASCII: \(log10)")
            let guesses = try #require(object["guesses"] as? Double)
            #expect(abs(guesses / pow(10, log10) - 1) < 1e-3)
            #expect(abs((object["bits"] as? Double ?? 0) - log10 * log2(10.0)) < 0.01)
            let verdicts = ["very weak", "weak", "fair", "strong", "very strong"]
            #expect(object["verdict"] as? String == verdicts[expected[index].score])
            let seconds = try #require(object["crack_times_seconds"] as? [String: Any])
            let words = try #require(object["crack_times"] as? [String: Any])
            #expect(Set(seconds.keys) == Set(Self.scenarios.map(\.key)) && Set(words.keys) == Set(seconds.keys))
            for scenario in Self.scenarios {
                let time = try #require(seconds[scenario.key] as? Double)
                #expect(abs(time / (guesses / scenario.guessesPerSecond) - 1) < 1e-3, "\(scenario.key): \(time)")
                #expect((words[scenario.key] as? String)?.isEmpty == false)
            }
            #expect(object["warning"] is String || object["warning"] is NSNull)
            #expect(object["suggestions"] is [String])
            let segments = try #require(object["segments"] as? [[String: Any]])
            #expect(segments.map { $0["token"] as? String ?? "?" }.joined() == passwords[index], "parts cover the password")
            for segment in segments {
                #expect(Set(segment.keys) == Self.segmentKeys, "\(segment.keys.sorted())")
                #expect(segment["details"] is [String: Any])
            }
        }
        let first = try #require((objects[0]["segments"] as? [[String: Any]])?.first)
        #expect(first["pattern"] as? String == "dictionary" && first["start"] as? Int == 0 && first["end"] as? Int == 8)
        let details = try #require(first["details"] as? [String: Any])
        #expect(details["rank"] as? Int == 189 && details["reversed"] as? Bool == false && details["list"] as? String == "passwords")
        #expect(objects[0]["warning"] as? String == "This is a very common password.")
        #expect(objects[1]["warning"] is NSNull && (objects[1]["suggestions"] as? [String])?.isEmpty == true)
        let parts = try #require(objects[1]["segments"] as? [[String: Any]])
        #expect(parts.map { $0["pattern"] as? String ?? "?" }
                == ["dictionary", "bruteforce", "dictionary", "bruteforce", "dictionary"])
    }

    @Test("a password beyond 10^308 guesses still has every field (numbers too large for a double are null)")
    func hugeGuesses() async throws {
        var state: UInt64 = 42
        let password = String((0..<400).map { _ -> Character in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Array("abcdefghijklmnopqrstuvwxyz0123456789")[Int((state >> 33) % 36)]
        })
        let result = try await VaultFixture().run(["entropy", "--json"], stdin: password + "\n")
        let object = try #require(try result.stdoutObjects().first, "\(result)")
        #expect(Set(object.keys) == Self.jsonKeys, "missing: \(Self.jsonKeys.subtracting(object.keys).sorted())")
        #expect(object["guesses"] is NSNull || object["guesses"] is Double)
        #expect((object["guesses_log10"] as? Double ?? 0) > 308)
    }

    static let minimumScores: [(arguments: [String], input: String, status: Int32)] = [
        ([], "password1\nstaple horse correct battery\n", 10),
        (["--min-score", "0"], "password1\nstaple horse correct battery\n", 0),
        ([], "staple horse correct battery\nKx9#mQ2!vP7\n", 0),
        (["--min-score", "2"], "Summer2024!\n", 0),
        (["--min-score", "3"], "Summer2024!\n", 10),
    ]

    @Test("exit status 10 when a password scores below --min-score, 0 when all pass", arguments: Self.minimumScores)
    func minimumScore(arguments: [String], input: String, status: Int32) async throws {
        let result = try await VaultFixture().run(["entropy"] + arguments, stdin: input)
        #expect(result.status == status, "\(result)")
        let lines = input.split(separator: "\n").indices.map { "line \($0 + 1): score " }
        #expect(result.stdoutLines.filter { $0.hasPrefix("line ") }.map { String($0.prefix { $0 != "/" }.dropLast()) }
                == lines, "\(result)")
    }

    @Test("bad options are usage errors (64)", arguments: [
        (["--min-score", "5"], "--min-score must be between 0 and 4"),
        (["--min-score", "-1"], "--min-score"),
        (["--entry", "x", "--all"], "--entry and --all do not go together"),
    ])
    func usage(arguments: [String], message: String) async throws {
        expectUsageError(try await VaultFixture().run(["entropy"] + arguments, stdin: "password\n"), mentioning: message)
    }

    @Test("blank lines are skipped but counted; CRLF and a missing final newline change nothing")
    func lines() async throws {
        let fixture = try VaultFixture()
        let plain = try await fixture.run(["entropy", "--json"], stdin: "\npassword\nletmein\n")
        let crlf = try await fixture.run(["entropy", "--json"], stdin: "\r\npassword\r\nletmein\r\n")
        let unterminated = try await fixture.run(["entropy", "--json"], stdin: "\npassword\nletmein")
        let objects = try plain.stdoutObjects()
        try #require(objects.count == 2, "\(plain)")
        #expect(objects.map { $0["line"] as? Int } == [2, 3])
        #expect(objects[0]["length"] as? Int == 8 && objects[1]["length"] as? Int == 7, "no \\r left in the password")
        #expect(crlf.stdout == plain.stdout, "\(crlf)")
        #expect(unterminated.stdout == plain.stdout, "\(unterminated)")
    }

    @Test("no password at all is an error, not a silent success")
    func empty() async throws {
        for input in [nil, "\n\n  \n"] {  // nil: /dev/null
            expectFailure(try await VaultFixture().run(["entropy"], stdin: input), status: 1, mentioning: "no passwords on standard input")
        }
    }

    @Test("control characters in a password are shown as escapes, never sent to the terminal")
    func controlCharacters() async throws {
        let result = try await VaultFixture().run(["entropy"], stdin: "ab\u{1B}[31mred\u{07}\n")
        #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{07}"), "\(result)")
        #expect(result.stdout.contains(#""ab\u{1B}[31mred\u{7}""#), "\(result)")
    }
}

extension EntropyCommandTests {
    /// `vault entropy --entry` and `--all`, and the weak-password warning of `vault add` and
    /// `vault edit`: names and verdicts only, never a stored password or any part of it.
    @Suite("vault entropy on stored entries")
    struct StoredEntries {
        static let entries = [("web/shop", "Summer2024!"), ("bank", "staple horse correct battery"), ("mail", "p4ssw0rd")]

        /// A vault holding `entries`, and every part of their passwords as `vault entropy` shows
        /// them for a typed password (the things that must never appear for a stored one).
        private func vaultWithEntries() async throws -> (VaultFixture, secrets: [String]) {
            let fixture = try await VaultFixture.initialized()
            for (name, password) in Self.entries { try await fixture.add(name, password: password) }
            let shown = try await fixture.run(["entropy", "--json"], stdin: Self.entries.map { $0.1 + "\n" }.joined())
            var secrets = Self.entries.map(\.1)
            for line in shown.stdoutLines {
                let segments = try #require(try JSONValue.object(Data(line.utf8))["segments"] as? [[String: Any]])
                secrets += segments.compactMap { $0["token"] as? String }
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { $0.count >= 4 }
            }
            try #require(secrets.contains("Summer") && secrets.contains("staple"), "\(secrets)")
            return (fixture, secrets)
        }

        private func expectNoSecret(
            _ result: VaultResult, _ secrets: [String], sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let output = (result.stdout + result.stderr).lowercased()
            for secret in secrets {
                #expect(!output.contains(secret.lowercased()), "\(secret.debugDescription) shown: \(result)",
                        sourceLocation: sourceLocation)
            }
        }

        @Test("--entry prints the name and verdict only")
        func entry() async throws {
            let (fixture, secrets) = try await vaultWithEntries()
            let result = try await fixture.run(["entropy", "--entry", "web/shop"])
            #expect(result.status == 10, "score 2 is below 3: \(result)")
            #expect(result.stdoutLines.first == "web/shop: score 2/4 (fair)", "\(result)")
            #expect(result.stdoutLines.last == "  to see why: vault get web/shop | vault entropy", "\(result)")
            for detail in ["dictionary", "bruteforce", "bits", "guesses", "common", "recent"] {
                #expect(!result.stdout.contains(detail), "nothing that narrows the password down: \(result)")
            }
            expectNoSecret(result, secrets)
            #expect(try await fixture.run(["entropy", "--entry", "bank"]).status == 0)
        }

        @Test("--all prints every name with its score, in text and JSON")
        func all() async throws {
            let (fixture, secrets) = try await vaultWithEntries()
            let text = try await fixture.run(["entropy", "--all"])
            #expect(text.status == 10, "\(text)")
            let verdicts = text.stdoutLines.filter { !$0.hasPrefix(" ") }.map { String($0.prefix { $0 != "(" }) }
            #expect(Set(verdicts) == ["web/shop: score 2/4 ", "bank: score 4/4 ", "mail: score 0/4 "], "\(text)")
            expectNoSecret(text, secrets)

            let json = try await fixture.run(["entropy", "--all", "--json"])
            #expect(json.status == 10, "\(json)")
            let objects = try json.stdoutLines.map { try JSONValue.object(Data($0.utf8)) }
            var scores: [String: Int] = [:]
            for object in objects {
                #expect(Set(object.keys) == ["entry", "score", "verdict", "crack_times"], "\(object.keys.sorted())")
                if let name = object["entry"] as? String { scores[name] = object["score"] as? Int }
            }
            #expect(scores == ["web/shop": 2, "bank": 4, "mail": 0], "\(json)")
            expectNoSecret(json, secrets)
        }

        @Test("--entry for an entry that is not there exits 4")
        func missing() async throws {
            let fixture = try await VaultFixture.initialized()
            expectFailure(try await fixture.run(["entropy", "--entry", "nope"]), status: 4, mentioning: "nope")
        }

        @Test("vault add warns about a weak password but stores it; the warning never quotes it")
        func addWeak() async throws {
            let fixture = try await VaultFixture.initialized()
            let result = try await fixture.add("web/shop", password: "Summer2024!")
            let warnings = result.stderrLines.filter { $0.hasPrefix("vault: warning: ") }
            #expect(warnings.count == 1, "\(result)")
            #expect(warnings.first?.hasPrefix("vault: warning: weak password: score 2/4") == true, "\(result)")
            expectNoSecret(result, ["Summer2024!", "Summer", "2024!"])
            #expect(try await fixture.password(of: "web/shop") == "Summer2024!")
        }

        @Test("the entry's own name, username and site make a password weak for that entry only")
        func entryWords() async throws {
            let fixture = try await VaultFixture.initialized()
            let site = try await fixture.add("web/github", password: "Github2024!",
                                             options: ["--username", "octocat", "--url", "https://github.com"])
            #expect(site.stderrLines.contains { $0.hasPrefix("vault: warning: weak password: score 2/4") }, "\(site)")
            #expect(site.stderr.contains("(to see why: vault get web/github | vault entropy)"), "\(site)")
            let other = try await fixture.add("bank", password: "Github2024!")
            #expect(!other.stderr.contains("warning"), "score 3 for an unrelated entry: \(other)")
            let all = try await fixture.run(["entropy", "--all"])
            #expect(all.stdoutLines.contains { $0.hasPrefix("web/github: score 2/4") }, "\(all)")
            #expect(all.stdoutLines.contains { $0.hasPrefix("bank: score 3/4") }, "\(all)")
        }

        @Test("a generated password is not judged again: the generator's figure stands")
        func generated() async throws {
            let fixture = try await VaultFixture.initialized()
            let result = try await fixture.succeed(["add", "short", "--generate", "--length", "8"])
            #expect(!result.stderr.contains("warning"), "\(result)")
            #expect(result.stderr.contains("bits of entropy"), "\(result)")
        }

        @Test("an entry without a password: an error for --entry, a note for --all")
        func withoutPassword() async throws {
            let fixture = try await VaultFixture.initialized()
            try await fixture.add("bank", password: "staple horse correct battery")
            let file = try VaultFixture.writeFile(fixture.path("import.json"), try ImportDocument.data(entries: [
                ImportDocument.entry(name: "notes/plain", password: NSNull(), extra: ["notes": "no password here"]),
            ]))
            try await fixture.succeed(["import", file])
            expectFailure(try await fixture.run(["entropy", "--entry", "notes/plain"]), status: 1, mentioning: "has no password")
            let all = try await fixture.run(["entropy", "--all"])
            #expect(all.status == 0 && all.stdoutLines.first == "bank: score 4/4 (very strong)", "\(all)")
            #expect(all.stderrLines == ["vault: note: 1 entry has no password to check"], "\(all)")
        }

        @Test("vault add says nothing about a strong password")
        func addStrong() async throws {
            let fixture = try await VaultFixture.initialized()
            let result = try await fixture.add("bank", password: "staple horse correct battery")
            #expect(!result.stderr.contains("warning"), "\(result)")
            #expect(try await fixture.password(of: "bank") == "staple horse correct battery")
        }

        @Test("vault edit --password warns about a weak new password too")
        func editWeak() async throws {
            let fixture = try await VaultFixture.initialized()
            try await fixture.add("mail", password: "staple horse correct battery")
            let result = try await fixture.succeed(["edit", "mail", "--password"], stdin: "p4ssw0rd\n")
            #expect(result.stderrLines.contains { $0.hasPrefix("vault: warning: weak password: score 0/4") }, "\(result)")
            expectNoSecret(result, ["p4ssw0rd"])
            #expect(try await fixture.password(of: "mail") == "p4ssw0rd")
        }
    }
}
