import CLITestSupport
import Foundation
import Testing

/// `vault read REF`: the value a reference names, on standard output or in a new 0600 file.
@Suite("vault read")
struct ReadCommandTests {
    @Test("prints the password and every kind of field, names percent-encoded or not")
    func printsValues() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let café = SampleEntries.café
        let cases: [(String, String)] = [
            ("vault://café/ü", café.password),
            ("vault://caf%C3%A9/%C3%BC#username", "bob@example.org"),
            ("vault://café/ü#URL", café.urls.joined(separator: "\n")),
            ("vault://café/ü#notes", café.note!),
            ("vault://café/ü#pin-hint", "birthday"),
            ("vault://café/ü#api-key", "sk-live-SECRET-4242"),
            ("vault://bank%20account", SampleEntries.bank.password),
            ("vault://web/say%20%22hi%22%20%5C%20to%20me#username", SampleEntries.quoted.username!),
        ]
        for (reference, value) in cases {
            let result = try await fixture.run(["read", reference])
            #expect(result.status == 0 && result.stdout == value + "\n" && result.stderr.isEmpty, "\(result)")
        }
        #expect(try await fixture.succeed(["read", "-n", "vault://web/github"]).stdout == "gh-Pa55word!")
    }

    @Test("a reference to what the vault does not hold fails naming it, exit 4")
    func unknownReferences() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        expectFailure(try await fixture.run(["read", "vault://no/such"]), status: 4, mentioning: "vault://no/such")
        expectFailure(try await fixture.run(["read", "vault://web/github#nope"]), status: 4, mentioning: "vault://web/github#nope", "nope")
        expectFailure(try await fixture.run(["read", "vault://web/github#otp"]), status: 4, mentioning: "vault://web/github#otp")
    }

    @Test("a malformed reference is a usage error, found before the vault is opened")
    func malformedReferences() async throws {
        let fixture = try VaultFixture()
        expectFailure(try await fixture.run(["read", "vault://bank account"]), status: 64, mentioning: "percent-encoded")
        expectFailure(try await fixture.run(["read", "web/github"]), status: 64, mentioning: "not a secret reference")
        expectFailure(try await fixture.run(["read", "vault://x%zz"]), status: 64, mentioning: "hexadecimal")
    }

    @Test("--output writes exactly the value to a new 0600 file, and replaces one only with --force")
    func outputFile() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let path = fixture.path("secret.txt")
        let written = try await fixture.succeed(["read", "vault://café/ü#api-key", "--output", path])
        #expect(written.stdoutData.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "sk-live-SECRET-4242")
        #expect(try VaultFixture.mode(of: path) == 0o600)

        expectFailure(try await fixture.run(["read", "vault://web/github", "-o", path]), status: 5, mentioning: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "sk-live-SECRET-4242")
        // The existing file is found before the vault is opened: no password is needed.
        expectFailure(try await fixture.run(["read", "vault://web/github", "-o", path], environment: ["VAULT_PASSWORD_FILE": nil]),
                      status: 5, mentioning: path)

        try VaultFixture.writeFile(path, "old", mode: 0o644)
        try await fixture.succeed(["read", "vault://web/github", "-o", path, "--force"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "gh-Pa55word!")
        #expect(try VaultFixture.mode(of: path) == 0o600)
        expectUsageError(try await fixture.run(["read", "vault://web/github", "--force"]), mentioning: "--force")
    }

    private static let otpSecret = "JBSWY3DPEHPK3PXP"

    @Test("#otp is the code oathtool gives at the same instant; a HOTP counter moves on")
    func oneTimeCodes() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("otp/totp", password: "pw-totp-long-enough", options: ["--otp"], secrets: [Self.otpSecret])
        try await fixture.add("otp/hotp", password: "pw-hotp-long-enough", options: ["--otp"],
                              secrets: ["otpauth://hotp/Example:me?secret=\(Self.otpSecret)&counter=5"])
        for instant in [59, 1_700_000_000] {
            let read = try await fixture.run(["read", "vault://otp/totp#otp"]) { context in
                context.now = { Date(timeIntervalSince1970: TimeInterval(instant)) }
            }
            let expected = try await oathtool(["--totp", "-b", Self.otpSecret, "-N", "@\(instant)"])
            #expect(read.status == 0 && read.stdout == expected + "\n", "\(read)")
        }
        var codes = ""
        for _ in 0..<2 { codes += try await fixture.succeed(["read", "vault://otp/hotp#otp"]).stdout }
        #expect(codes == (try await oathtool(["--hotp", "-b", "-c", "5", "-w", "1", Self.otpSecret])) + "\n")
        #expect(try await fixture.succeed(["read", "vault://otp/hotp#otpauth"]).stdout.contains("counter=7"))
    }
}
