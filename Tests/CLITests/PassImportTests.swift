import CLITestSupport
import Foundation
import Testing

/// `vault import STORE` for a password store that the real `gpg` and `pass` build in the test.
@Suite("import a pass store")
struct PassImportTests {
    @Test("every entry of a pass store comes in: password, fields (keys with spaces too), URL, username (from email too), one-time code, notes, names from paths")
    func passStore() async throws {
        let gpg = try #require(ExternalProgram.find("gpg"), "gpg is not installed (scripts/setup --test installs it)")
        let pass = try #require(ExternalProgram.find("pass"), "pass is not installed (scripts/setup --test installs it)")
        let fixture = try await VaultFixture.initialized()
        let home = fixture.path("gnupg")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let store = fixture.path("store")
        let environment = ["HOME": fixture.path(""), "GNUPGHOME": home, "PASSWORD_STORE_DIR": store, "PATH": "/usr/bin:/bin"]
        defer {
            if let gpgconf = ExternalProgram.find("gpgconf") {
                _ = Task { try? await ExternalProgram.run(gpgconf, ["--kill", "gpg-agent"], environment: environment) }
            }
        }
        func run(_ program: String, _ arguments: [String], stdin: String? = nil) async throws -> String {
            let result = try await ExternalProgram.run(program, arguments, stdin: stdin.map { Data($0.utf8) }, environment: environment, timeout: .seconds(60))
            try #require(result.status == 0, "\(result)")
            return result.stdout
        }
        _ = try await run(gpg, ["--batch", "--passphrase", "", "--quick-gen-key", "Vault Test <test@example.com>", "default", "default", "never"])
        let keys = try await run(gpg, ["--batch", "--with-colons", "--list-keys"])
        let fingerprint = try #require(keys.split(separator: "\n").first { $0.hasPrefix("fpr:") }?.split(separator: ":", omittingEmptySubsequences: false)[9])
        _ = try await run(pass, ["init", String(fingerprint)])
        _ = try await run(pass, ["insert", "-m", "web/github"], stdin: """
            gh-pass, with comma
            login: octocat
            url: https://github.com
            otpauth://totp/GitHub:octocat?secret=JBSWY3DPEHPK3PXP&issuer=GitHub
            recovery: 1234 5678
            Employee ID: E-4711
            a free line of notes
            https://github.com/settings/security

            """)
        _ = try await run(pass, ["insert", "-m", "Mail/ünï code"], stdin: "пароль\nEmail: ann@example.com\nlogin: ann\n")
        _ = try await run(pass, ["insert", "-m", "empty password"], stdin: "\nuser: someone\n")

        let result = try await fixture.run(["import", store], environment: ["GNUPGHOME": home])
        try #require(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Imported 3 of 3 entries from pass"), "\(result)")
        #expect(try await fixture.names() == ["Mail/ünï code", "empty password", "web/github"])
        #expect(try await fixture.password(of: "web/github") == "gh-pass, with comma")
        #expect(try await fixture.password(of: "Mail/ünï code") == "пароль")
        let github = try JSONValue.object(try await fixture.succeed(["get", "web/github", "--json"]).stdoutData)
        #expect(github["username"] as? String == "octocat" && github["urls"] as? [String] == ["https://github.com"])
        #expect(github["notes"] as? String == "a free line of notes\nhttps://github.com/settings/security")
        let fields = (github["fields"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? ""): \($0["value"] ?? "")" }
        #expect(fields == ["recovery: 1234 5678", "Employee ID: E-4711"], "\(fields)")
        #expect(try await fixture.succeed(["get", "Mail/ünï code", "--field", "username"]).stdout == "ann@example.com\n")
        #expect(try await fixture.succeed(["get", "Mail/ünï code", "--field", "login"]).stdout == "ann\n")
        #expect(try await fixture.succeed(["otp", "web/github", "--at", "59"]).stdout == "996554\n")  // oathtool --totp -b JBSWY3DPEHPK3PXP -N @59
        #expect(try await fixture.succeed(["get", "empty password", "--field", "username"]).stdout == "someone\n")
        expectFailure(try await fixture.run(["import", store, "--format", "chrome-csv"]), status: 64, mentioning: "folder")
        if let gpgconf = ExternalProgram.find("gpgconf") { _ = try await run(gpgconf, ["--kill", "gpg-agent"]) }
    }

    @Test("a store gpg cannot decrypt imports nothing and says so")
    func undecryptable() async throws {
        let fixture = try await VaultFixture.initialized()
        let store = fixture.path("store")
        try FileManager.default.createDirectory(atPath: store + "/web", withIntermediateDirectories: true)
        try VaultFixture.writeFile(store + "/.gpg-id", "nobody@example.com\n")
        try VaultFixture.writeFile(store + "/web/site.gpg", "this is not an OpenPGP message")
        let before = try fixture.vaultBytes()
        let home = fixture.path("gnupg")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        expectFailure(try await fixture.run(["import", store], environment: ["GNUPGHOME": home]), status: 6, mentioning: "gpg could not decrypt", "site.gpg")
        #expect(try fixture.vaultBytes() == before)
    }
}
