import CLITestSupport
import Foundation
import Testing

/// `vault otp`, `add/edit --otp`, `get --field otp|otpauth`: codes that agree with oathtool, a
/// HOTP counter that moves on and is saved, and settings read only from standard input.
@Suite("one-time codes")
struct OTPCommandTests {
    private static let secret = "JBSWY3DPEHPK3PXP"

    @Test("TOTP codes agree with oathtool for every hash, length and period, at the same instant")
    func agreesWithOathtool() async throws {
        let fixture = try await VaultFixture.initialized()
        let settings: [(name: String, uri: String, oath: [String])] = [
            ("plain", "jbsw y3dp ehpk 3pxp", ["--totp", "-b", Self.secret]),
            ("sha256", "otpauth://totp/A:b?secret=\(Self.secret)&algorithm=SHA256&digits=8&period=60",
             ["--totp=sha256", "-b", "-d", "8", "-s", "60", Self.secret]),
            ("sha512", "otpauth://totp/A:b?secret=\(Self.secret)&algorithm=SHA512&digits=7&period=45",
             ["--totp=sha512", "-b", "-d", "7", "-s", "45", Self.secret]),
        ]
        for (index, setting) in settings.enumerated() {
            try await fixture.add("otp/\(setting.name)", password: "pw-\(index)-long-enough", options: ["--otp"], secrets: [setting.uri])
        }
        for instant in [59, 1_111_111_111, 1_700_000_000, 2_000_000_000] {
            for setting in settings {
                let ours = try await fixture.succeed(["otp", "otp/\(setting.name)", "--at", "\(instant)"]).stdout
                let theirs = try await oathtool(setting.oath + ["-N", "@\(instant)"])
                #expect(ours == theirs + "\n", "\(setting.name) at \(instant)")
            }
        }
        // An ISO 8601 date is the same instant as its Unix time.
        #expect(try await fixture.succeed(["otp", "otp/plain", "--at", "2023-11-14T22:13:20Z"]).stdout
                == (try await fixture.succeed(["otp", "otp/plain", "--at", "1700000000"]).stdout))
        expectFailure(try await fixture.run(["otp", "otp/plain", "--at", "yesterday"]), status: 64, mentioning: "ISO 8601")
    }

    @Test("a HOTP code moves the counter on and saves it, as oathtool counts")
    func hotpCounterIsSaved() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("otp/hotp", password: "pw-hotp-long-enough", options: ["--otp"],
                              secrets: ["otpauth://hotp/Example:me?secret=\(Self.secret)&counter=5"])
        var codes: [String] = []
        for _ in 0..<3 { codes.append(try await fixture.succeed(["otp", "otp/hotp"]).stdout) }
        codes.append(try await fixture.succeed(["get", "otp/hotp", "--field", "otp"]).stdout)
        let expected = try await oathtool(["--hotp", "-b", "-c", "5", "-w", "3", Self.secret])
        #expect(codes.joined() == expected + "\n")
        #expect(try await fixture.succeed(["get", "otp/hotp", "--field", "otpauth"]).stdout.contains("counter=9"))
        let json = try JSONValue.object(try await fixture.succeed(["otp", "otp/hotp", "--json"]).stdoutData)
        #expect(json["type"] as? String == "hotp" && json["counter"] as? Int == 9 && json["seconds_left"] == nil)
        expectFailure(try await fixture.run(["otp", "otp/hotp", "--at", "59"]), status: 64, mentioning: "counter")
        #expect(try await fixture.succeed(["get", "otp/hotp", "--field", "otpauth"]).stdout.contains("counter=10"),
                "a refused --at leaves the counter alone")
    }

    @Test("otp --json, get --field otpauth, show, and edit --otp / --remove-otp")
    func settingsAndViews() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "pw-site-long-enough", options: ["--username", "me", "--otp"], secrets: [Self.secret])
        #expect(try await fixture.succeed(["get", "web/site", "--field", "otpauth"]).stdout
                == "otpauth://totp/me?secret=\(Self.secret)&algorithm=SHA1&digits=6&period=30\n")
        let json = try JSONValue.object(try await fixture.succeed(["otp", "web/site", "--json", "--at", "59"]).stdoutData)
        #expect(json["code"] as? String == (try await oathtool(["--totp", "-b", Self.secret, "-N", "@59"])))
        #expect(json["seconds_left"] as? Int == 1 && json["period"] as? Int == 30)

        let shown = try await fixture.succeed(["show", "web/site"]).stdout
        #expect(shown.contains("One-time code: TOTP, 6 digits every 30 s (SHA1)"), "\(shown)")
        #expect(!shown.contains(Self.secret))
        let view = try JSONValue.object(try await fixture.succeed(["show", "web/site", "--json"]).stdoutData)
        #expect(view["has_otp"] as? Bool == true && view["otp"] == nil)

        try await fixture.succeed(["edit", "web/site", "--otp"], stdin: "steam://\(Self.secret)\n")
        #expect(try await fixture.succeed(["otp", "web/site"]).stdout.count == 6, "five Steam characters and a newline")
        try await fixture.succeed(["edit", "web/site", "--remove-otp"])
        expectFailure(try await fixture.run(["otp", "web/site"]), status: 4, mentioning: "no one-time password")
        expectFailure(try await fixture.run(["edit", "web/site", "--remove-otp"]), status: 4, mentioning: "otp")
    }

    @Test("a bad setting is refused without naming the secret, and nothing is written")
    func badSettingsChangeNothing() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "pw-site-long-enough")
        let before = try fixture.vaultBytes()
        for bad in ["otpauth://totp/x?secret=\(Self.secret)&digits=12", "otpauth://totp/x?secret=!!!!", "not base32 at all 1"] {
            let result = try await fixture.run(["edit", "web/site", "--otp"], stdin: bad + "\n")
            expectFailure(result, status: 64)
            #expect(!result.stderr.contains(Self.secret))
            let added = try await fixture.run(["add", "web/other", "--otp"], stdin: "pw-other-long-enough\n" + bad + "\n")
            expectFailure(added, status: 64)
        }
        #expect(try fixture.vaultBytes() == before)
        #expect(!(try await fixture.names()).contains("web/other"))
    }
}

/// The edges of `vault otp`: moments far ahead, and a HOTP counter at its largest value.
@Suite("one-time code limits")
struct OTPLimitTests {
    @Test("--at takes 1970 to 9999 and refuses the rest with the usage status; a counter at its largest value is refused and left alone")
    func limits() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("otp/totp", password: "pw-totp-long-enough", options: ["--otp"], secrets: ["JBSWY3DPEHPK3PXP"])
        #expect(try await fixture.succeed(["otp", "otp/totp", "--at", "253402300799"]).stdout.count == 7)
        #expect(try await fixture.succeed(["otp", "otp/totp", "--at", "9999-12-31T23:59:59Z"]).stdout.count == 7)
        for far in ["253402300800", "9223372036854775807", "99999-01-01T00:00:00Z"] {
            expectFailure(try await fixture.run(["otp", "otp/totp", "--at", far]), status: 64, mentioning: "from 1970 to 9999")
        }

        let largest = "18446744073709551615"
        try await fixture.add("otp/hotp", password: "pw-hotp-long-enough", options: ["--otp"],
                              secrets: ["otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&counter=\(largest)"])
        let before = try fixture.vaultBytes()
        expectFailure(try await fixture.run(["otp", "otp/hotp"]), status: 1, mentioning: "largest value")
        #expect(try fixture.vaultBytes() == before, "the counter is not wrapped to 0")
        #expect(try await fixture.succeed(["get", "otp/hotp", "--field", "otpauth"]).stdout.contains("counter=\(largest)"))
    }
}
