import CLITestSupport
import Foundation
import Testing

/// The security log (`vault log`): what each command records, with its reason; that a wrong
/// password is recorded though nothing could be opened; that `--verify` finds an event
/// changed, dropped, swapped or cut off; and that nothing in the log's files can be read
/// without the key. In-process, each command as a person or a script runs it.
@Suite("Security log")
struct SecurityLogTests {
    /// The events `vault log --json` prints.
    private func events(_ fixture: VaultFixture, _ options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> [[String: Any]] {
        let document = try JSONValue.object(try await fixture.succeed(["log", "--json"] + options, sourceLocation: sourceLocation).stdoutData)
        return try #require(document["events"] as? [[String: Any]], sourceLocation: sourceLocation)
    }

    /// The one segment this device's log has so far.
    private func segment(_ fixture: VaultFixture) throws -> String {
        let folder = fixture.vaultPath + ".log"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".log") }
        try #require(files.count == 1, "\(files)")
        return folder + "/" + files[0]
    }

    private func lines(of path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func write(_ lines: [String], to path: String) throws {
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
    }

    @Test("after a wrong password, an export and VAULT_REASON=deploy vault get db/prod, vault log shows all three")
    func theIssuesRun() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("db/prod", password: "prod-secret")
        let wrong = try VaultFixture.writeFile(fixture.path("wrong"), "not the password\n")
        expectFailure(try await fixture.run(["get", "db/prod"], environment: ["VAULT_PASSWORD_FILE": wrong]), status: 3, mentioning: "wrong master password")
        try await fixture.succeed(["export", "--stdout", "--yes"])
        #expect(try await fixture.succeed(["get", "db/prod"], environment: ["VAULT_REASON": "deploy"]).stdout == "prod-secret\n")

        let log = try await events(fixture)
        let kinds = log.map { [$0["event"] as? String, $0["command"] as? String] }
        #expect(kinds.contains(["password-failed", "get"]))
        #expect(kinds.contains(["export", "export"]))
        let reveal = try #require(log.first { $0["event"] as? String == "reveal" })
        #expect(reveal["entry"] as? String == "db/prod" && reveal["reason"] as? String == "deploy" && reveal["detail"] as? String == "password")
        #expect(log.filter { $0["event"] as? String == "password-failed" }.count == 1)
        let text = try await fixture.succeed(["log"]).stdout
        #expect(text.contains("password-failed  get") && text.contains("reveal  get  db/prod  (password)  reason: deploy"), "\(text)")
        #expect(try await fixture.succeed(["log", "--verify"]).stdout.contains("the chain holds"))
    }

    @Test("each kind of event appears once per action, with the reason given by --reason or VAULT_REASON")
    func everyKindOnceWithItsReason() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .inMemory())
        try await fixture.add("db/prod", password: "prod-secret", options: ["--username", "deployer"])
        try await fixture.add("otp/site", password: "x", options: ["--otp"], secrets: ["otpauth://totp/me?secret=JBSWY3DPEHPK3PXP"])
        try await fixture.add("git/example.com", password: "git-pw", options: ["--username", "alice"])
        try await fixture.add("gone", password: "soon removed")
        let file = try VaultFixture.writeFile(fixture.path("scan.txt"), "scan\n")
        try await fixture.succeed(["attach", "add", "db/prod", file])
        try await fixture.succeed(["attach", "add", "db/prod", file, "--name", "copy.txt"])
        let remote = fixture.path("remote.git")
        let git = try #require(ExternalProgram.find("git"), "git is not installed")
        #expect(try await ExternalProgram.run(git, ["init", "-q", "--bare", "-b", "main", remote], environment: fixture.environment).status == 0)
        try await fixture.succeed(["sync", "init", remote])
        let backup = fixture.path("backup.json")
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "\(VaultFixture.masterPassword)\n")

        // (command line, the event's command, its kind, its entry), each run with its own reason.
        let actions: [([String], String, String, String?, String?)] = [
            (["get", "db/prod"], "get", "reveal", "db/prod", nil),
            (["show", "db/prod", "--reveal"], "show", "reveal", "db/prod", nil),
            (["otp", "otp/site"], "otp", "reveal", "otp/site", nil),
            (["read", "vault://db/prod#username"], "read", "reveal", "db/prod", nil),
            (["run", "--", "true"], "run", "reveal", "db/prod", "SECRET=vault://db/prod"),
            (["inject"], "inject", "reveal", "db/prod", "{{ vault://db/prod }}\n"),
            (["git-credential", "get"], "git-credential", "reveal", "git/example.com", "protocol=https\nhost=example.com\n\n"),
            (["attach", "get", "db/prod", "scan.txt", "--stdout"], "attach get", "reveal", "db/prod", nil),
            (["export", "--output", backup, "--yes"], "export", "export", nil, nil),
            (["import", backup, "--on-conflict", "skip"], "import", "import", nil, nil),
            (["passwd", "--new-password-file", newPassword], "passwd", "passwd", nil, nil),
            (["rekey"], "rekey", "rekey", nil, nil),
            (["rm", "gone", "--yes"], "rm", "remove", "gone", nil),
            (["attach", "rm", "db/prod", "copy.txt"], "attach rm", "remove", "db/prod", nil),
            (["sync"], "sync", "sync", nil, nil),
            (["lock"], "lock", "lock", nil, nil),
        ]
        for (index, (arguments, _, _, _, input)) in actions.enumerated() {
            let reason = "reason \(index) for \(arguments[0])"
            if arguments[0] == "run" {
                // The reference comes in the environment: the reason by VAULT_REASON.
                try await fixture.succeed(arguments, environment: ["SECRET": "vault://db/prod", "VAULT_REASON": reason])
            } else if arguments[0] == "inject" || arguments[0] == "git-credential" {
                try await fixture.succeed(arguments + ["--reason", reason], stdin: input)
            } else {
                try await fixture.succeed(arguments + ["--reason", reason])
            }
        }
        let log = try await events(fixture)
        for (index, (arguments, command, kind, entry, _)) in actions.enumerated() {
            let reason = "reason \(index) for \(arguments[0])"
            let recorded = log.filter { $0["reason"] as? String == reason && $0["event"] as? String == kind }
            #expect(recorded.count == 1, "\(arguments): \(recorded)")
            #expect(recorded.first?["command"] as? String == command, "\(arguments)")
            #expect(recorded.first?["entry"] as? String == entry, "\(arguments)")
        }
        // The password was typed (read from the file) by export, passwd and rekey: an unlock each.
        #expect(log.filter { $0["event"] as? String == "unlock" && ($0["reason"] as? String)?.contains("for passwd") == true }.count == 1)
        #expect(try await fixture.succeed(["log", "--verify"]).stdout.contains("the chain holds"))
    }

    @Test("events sealed before a passwd on another machine stay readable once sync brings the new keys")
    func eventsOutliveAPasswdElsewhere() async throws {
        let world = try await SyncWorld.make()
        let a = try await world.founder("a")
        let b = try await world.joiner("b")
        try await b.succeed(["get", "web/a", "--reason", "before the passwd"])
        let newPassword = try VaultFixture.writeFile(world.fixture.path("new-password"), "a new master password\n")
        try await a.succeed(["passwd", "--new-password-file", newPassword])
        try await a.succeed(["sync"], environment: ["VAULT_PASSWORD_FILE": newPassword])
        // B's sync at a terminal: its own copy's password, then the other's.
        let person = ScriptedTerminal([.secret(VaultFixture.masterPassword), .secret("a new master password")])
        let synced = try await world.fixture.run(
            ["sync"], person: person, environment: b.environment.merging(["VAULT_PASSWORD_FILE": nil]) { _, new in new })
        try #require(synced.status == 0, "\(synced)")
        let log = try await b.succeed(["log", "--verify"], environment: ["VAULT_PASSWORD_FILE": newPassword]).stdout
        #expect(log.contains("reveal  get  web/a  (password)  reason: before the passwd") && log.contains("the chain holds"), "\(log)")
    }

    @Test("a wrong password is recorded though nothing was opened, and read once the right one is given")
    func aWrongPasswordIsReadLater() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("site", password: "pw")
        let wrong = try VaultFixture.writeFile(fixture.path("wrong"), "guess\n")
        for _ in 0..<3 {
            expectFailure(try await fixture.run(["get", "site", "--reason", "guessing"], environment: ["VAULT_PASSWORD_FILE": wrong]),
                          status: 3, mentioning: "wrong master password")
        }
        let failed = try await events(fixture).filter { $0["event"] as? String == "password-failed" }
        #expect(failed.count == 3 && failed.allSatisfy { $0["reason"] as? String == "guessing" && $0["command"] as? String == "get" })
        expectFailure(try await fixture.run(["log"], environment: ["VAULT_PASSWORD_FILE": wrong]), status: 3, mentioning: "wrong master password")
    }

    @Test("vault audit warns of the failed attempts since the password was last proven, and of none after")
    func auditWarnsOfFailedAttempts() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .inMemory())
        try await fixture.add("site", password: "a long and unguessable passphrase for the audit")
        let wrong = try VaultFixture.writeFile(fixture.path("wrong"), "guess\n")
        try await fixture.succeed(["lock"])
        for _ in 0..<2 {
            expectFailure(try await fixture.run(["get", "site"], environment: ["VAULT_PASSWORD_FILE": wrong]), status: 3, mentioning: "wrong")
        }
        // The audit proves the password itself: that unlock is not the one the attempts are counted from.
        let audit = try await fixture.run(["audit"])
        #expect(audit.stdout.contains("warning: 2 failed master-password attempts since the password was last proven"), "\(audit)")
        let json = try JSONValue.object(try await fixture.run(["audit", "--json"]).stdoutData)
        #expect((json["failed_passwords"] as? [[String: Any]])?.count == 0, "the first audit proved the password since")
        let again = try await fixture.run(["audit"])
        #expect(again.stdout.contains("audited") && !again.stdout.contains("failed master-password"), "\(again)")
    }

    @Test("--since and --entry pick events; a bad date is a usage error")
    func filters() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("a", password: "1")
        try await fixture.add("b", password: "2")
        _ = try await fixture.password(of: "a")
        _ = try await fixture.password(of: "b")
        let onA = try await events(fixture, ["--entry", "a"])
        #expect(!onA.isEmpty && onA.allSatisfy { $0["entry"] as? String == "a" })
        #expect(try await events(fixture, ["--since", "2999-01-01"]).isEmpty)
        #expect(try await events(fixture, ["--since", "2000-01-01T00:00:00Z"]).count >= 2)
        expectFailure(try await fixture.run(["log", "--since", "yesterday"]), status: 64, mentioning: "yesterday")
        expectUsageError(try await fixture.run(["get", "a", "--reason", "line\nbreak"]), mentioning: "--reason")
    }

    @Test("--verify finds a flipped byte, a dropped event, two swapped and a cut-off log, naming the event; exit 3")
    func verifyFindsEveryEdit() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("site", password: "pw")
        for _ in 0..<4 { _ = try await fixture.password(of: "site") }
        // A change anchors the chain as it stands.
        try await fixture.add("anchor", password: "x")
        let path = try segment(fixture)
        let good = try lines(of: path)
        let edits: [(String, ([String]) -> [String], String)] = [
            ("a flipped byte", { lines in
                var lines = lines
                var words = lines[3].split(separator: " ").map(String.init)
                var sealed = Array(words[2])
                sealed[20] = sealed[20] == "A" ? "B" : "A"
                words[2] = String(sealed)
                lines[3] = words.joined(separator: " ")
                return lines
            }, "event 3 was changed"),
            ("a dropped event", { lines in var lines = lines; lines.remove(at: 2); return lines }, "event 2 is missing"),
            ("two swapped", { lines in var lines = lines; lines.swapAt(2, 3); return lines }, "event 2 is missing or out of place"),
            ("the file cut off", { lines in Array(lines.prefix(3)) + [""] }, "were cut off"),
        ]
        for (what, edit, expected) in edits {
            try write(edit(good), to: path)
            let result = try await fixture.run(["log", "--verify", "--no-keyring"])
            #expect(result.status == 3, "\(what): \(result)")
            #expect(result.stderr.contains(expected), "\(what): \(result)")
            let plain = try await fixture.run(["log"])
            #expect(plain.status == 0 && plain.stderr.contains("does not verify"), "\(what): \(plain)")
            try write(good, to: path)
        }
        #expect(try await fixture.run(["log", "--verify"]).status == 0)
    }

    @Test("a log cut off stays found out after more events than it lost and other changes: the anchor does not move past a break")
    func theAnchorDoesNotMovePastABreak() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("site", password: "pw")
        for _ in 0..<3 { _ = try await fixture.password(of: "site") }
        try await fixture.add("anchor", password: "x")
        let path = try segment(fixture)
        try write(Array(try lines(of: path).prefix(3)) + [""], to: path)
        let cut = try await fixture.run(["log", "--verify"])
        #expect(cut.status == 3 && cut.stderr.contains("were cut off"), "\(cut)")
        for _ in 0..<6 { _ = try await fixture.password(of: "site") }
        try await fixture.add("another", password: "y")
        let result = try await fixture.run(["log", "--verify"])
        #expect(result.status == 3 && result.stderr.contains("is not the one the vault anchored"), "\(result)")
    }

    @Test("the log's files hold no entry name, reason or secret in any readable form")
    func nothingReadableInTheFiles() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("bank/very-secret-name", password: "the-password-itself")
        _ = try await fixture.succeed(["get", "bank/very-secret-name", "--reason", "a telling reason"])
        let wrong = try VaultFixture.writeFile(fixture.path("wrong"), "guess\n")
        _ = try await fixture.run(["get", "bank/very-secret-name", "--reason", "a telling reason"], environment: ["VAULT_PASSWORD_FILE": wrong])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try segment(fixture)))
        for needle in ["very-secret-name", "bank/", "telling", "the-password-itself", "reveal", "password-failed"] {
            #expect(bytes.range(of: Data(needle.utf8)) == nil, "\(needle) is readable in the log")
            #expect(bytes.range(of: Data(needle.utf8).base64EncodedData()) == nil, "\(needle) is in the log in Base64")
        }
        #expect(try VaultFixture.mode(of: fixture.vaultPath + ".log") & 0o777 == 0o700)
        #expect(try VaultFixture.mode(of: try segment(fixture)) & 0o777 == 0o600)
    }

    @Test("segments are closed at log.segment_kib and only log.keep_segments of them kept; the chain still verifies")
    func segmentsRotate() async throws {
        let fixture = try await VaultFixture.initialized()
        _ = try VaultFixture.writeFile(fixture.path(".config/vault/config.json"), #"{"keyring": false, "log": {"segment_kib": 16, "keep_segments": 2}}"#)
        try await fixture.add("site", password: "pw")
        for _ in 0..<60 { _ = try await fixture.password(of: "site") }
        try await fixture.add("anchor", password: "x")
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.vaultPath + ".log").sorted()
        #expect(files.count == 3, "\(files)")
        let verified = try await fixture.succeed(["log", "--verify"]).stdout
        #expect(verified.contains("the chain holds") && verified.contains("were dropped with older segments"), "\(verified)")
    }
}
