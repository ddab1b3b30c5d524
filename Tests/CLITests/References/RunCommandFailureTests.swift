import CLITestSupport
import Foundation
import Testing

/// `vault run`, in-process: when there is nothing to resolve, and when a reference cannot be
/// used (the command is then not started).
@Suite("vault run: nothing to resolve, and references that fail")
struct RunCommandFailureTests {
    @Test("with no reference the vault is not opened: no vault file and no password are needed")
    func noReferences() async throws {
        let fixture = try VaultFixture()
        let result = try await RunCommandTests.run(fixture, #"echo "plain=$PLAIN"; echo err >&2; exit 3"#,
                                                   variables: ["PLAIN": "value", "VAULT_PASSWORD_FILE": nil])
        #expect(result.status == 3 && result.stdout == "plain=value\n" && result.stderr == "err\n", "\(result)")
        #expect(!FileManager.default.fileExists(atPath: fixture.vaultPath))
    }

    @Test("a value that starts with vault:// but does not parse names the variable; the command is not started")
    func badReferenceNamesTheVariable() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let started = fixture.path("started")
        let script = #"touch "$STARTED""#
        expectFailure(try await RunCommandTests.run(fixture, script, variables: ["DB_PASSWORD": "vault://bank account", "STARTED": started]),
                      status: 64, mentioning: "$DB_PASSWORD", "percent-encoded")
        let file = try VaultFixture.writeFile(fixture.path("f.env"), "TOKEN=vault://x#\n")
        expectFailure(try await RunCommandTests.run(fixture, script, options: ["--env-file", file], variables: ["STARTED": started]),
                      status: 64, mentioning: "$TOKEN")
        #expect(!FileManager.default.fileExists(atPath: started))
    }

    @Test("a reference the vault cannot resolve fails naming it, before the command starts")
    func unresolvedReference() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let started = fixture.path("started")
        for reference in ["vault://web/gitlab", "vault://web/github#nope"] {
            let result = try await RunCommandTests.run(fixture, #"touch "$STARTED""#,
                                                       variables: ["OK": "vault://web/github", "DB": reference, "STARTED": started])
            expectFailure(result, status: 4, mentioning: reference)
        }
        #expect(!FileManager.default.fileExists(atPath: started))
        let wrongPassword = try VaultFixture.writeFile(fixture.path("wrong"), "not the password\n")
        let refused = try await RunCommandTests.run(fixture, #"touch "$STARTED""#,
                                                    variables: ["DB": "vault://web/github", "STARTED": started, "VAULT_PASSWORD_FILE": wrongPassword])
        #expect(refused.status == 3, "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: started))
    }

    @Test("a secret holding a NUL cannot be put in the environment, but can go on standard input")
    func nulInValue() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("nul", password: "pw-nul-long-enough", options: ["--secret-field", "blob"], secrets: ["before\u{0}after"])
        try #require(try await fixture.succeed(["read", "vault://nul#blob"]).stdoutData == Data("before\u{0}after\n".utf8))
        let started = fixture.path("started")
        expectFailure(try await RunCommandTests.run(fixture, #"touch "$STARTED""#, variables: ["BLOB": "vault://nul#blob", "STARTED": started]),
                      status: 1, mentioning: "$BLOB", "NUL", "--stdin")
        #expect(!FileManager.default.fileExists(atPath: started))
        let seen = fixture.path("seen")
        let passed = try await RunCommandTests.run(fixture, #"cat > "$SEEN""#, options: ["--stdin", "BLOB"],
                                                   variables: ["BLOB": "vault://nul#blob", "SEEN": seen])
        #expect(passed.status == 0, "\(passed)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: seen)) == Data("before\u{0}after\n".utf8))
    }

    @Test("#otp in the environment is the current code, as oathtool gives it")
    func oneTimeCode() async throws {
        let fixture = try await VaultFixture.initialized()
        let secret = "JBSWY3DPEHPK3PXP"
        try await fixture.add("otp/site", password: "pw-site-long-enough", options: ["--otp"], secrets: [secret])
        let seen = fixture.path("seen")
        let result = try await fixture.run(["run", "--", "sh", "-c", #"printf %s "$CODE" > "$SEEN"; echo "$CODE""#],
                                           environment: ["CODE": "vault://otp/site#otp", "SEEN": seen]) { context in
            context.now = { Date(timeIntervalSince1970: 1_111_111_111) }
        }
        #expect(result.status == 0 && result.stdout == ConcealedOutput.marker + "\n", "\(result)")
        #expect(try RunCommandTests.contents(seen) == (try await oathtool(["--totp", "-b", secret, "-N", "@1111111111"])))
    }
}
