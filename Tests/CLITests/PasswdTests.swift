import Foundation
import Testing

/// `vault passwd` re-wraps the data key under the new password: the old password stops working,
/// the new one works, and the encrypted payload is written back byte for byte.
@Suite("Changing the master password")
struct PasswdTests {
    @Test("passwd --new-password-file: old password refused (3), new one works, payload unchanged")
    func changePassword() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("entry", password: "entry-pw", options: ["--note", "kept"])
        let before = try JSONValue.object(try fixture.vaultBytes())
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "a brand new master password\n")

        try await fixture.succeed(["passwd", "--new-password-file", newPassword])

        let after = try JSONValue.object(try fixture.vaultBytes())
        #expect(JSONValue.equal(after["payload"], before["payload"]), "the payload must not be re-encrypted")
        #expect(!JSONValue.equal(after["data_key"], before["data_key"]), "the data key must be re-wrapped")
        let saltBefore = (before["kdf"] as? [String: Any])?["salt"] as? String
        let saltAfter = (after["kdf"] as? [String: Any])?["salt"] as? String
        #expect(saltBefore != nil && saltAfter != nil && saltBefore != saltAfter, "a fresh salt")
        #expect(JSONValue.equal(after["id"], before["id"]))
        #expect(try VaultFixture.mode(of: fixture.vaultPath) == 0o600)

        expectFailure(try await fixture.run(["get", "entry"]), status: 3, mentioning: "wrong master password")
        let withNew: [String: String?] = ["VAULT_PASSWORD_FILE": newPassword]
        #expect(try await fixture.succeed(["get", "entry"], environment: withNew).stdout == "entry-pw\n")
        #expect(try await fixture.succeed(["get", "entry", "--field", "notes"], environment: withNew).stdout == "kept\n")
        try await fixture.succeed(["add", "second"], stdin: "second-pw\n", environment: withNew)
        #expect(try await fixture.succeed(["list"], environment: withNew).stdoutLines == ["entry", "second"])
    }

    @Test("passwd with the wrong current password exits 3 and changes nothing")
    func wrongCurrentPassword() async throws {
        let fixture = try await VaultFixture.initialized()
        let before = try fixture.vaultBytes()
        let wrong = try VaultFixture.writeFile(fixture.path("wrong"), "wrong\n")
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "new\n")
        expectFailure(try await fixture.run(["passwd", "--new-password-file", newPassword], environment: ["VAULT_PASSWORD_FILE": wrong]),
                      status: 3, mentioning: "wrong master password")
        #expect(try fixture.vaultBytes() == before)
    }
}
