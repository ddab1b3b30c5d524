import CLITestSupport
import Foundation
import Testing

/// `passwd`, `rekey` and `export` prove the current master password every time: a key in the
/// keyring is not enough, because whoever sits at an unlocked session has it. Without a
/// terminal or a password file they fail with exit 3 and leave the vault and the cached key
/// as they were. In-process, with in-memory keyrings; what needs processes of their own is
/// ReauthenticationProcessTests.
@Suite("Re-authentication")
struct ReauthenticationTests {

    @Test("passwd with a cached key but no password source exits 3; vault and cached key unchanged")
    func passwdNeedsThePassword() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .inMemory())
        try await fixture.add("entry", password: "entry-pw")
        let before = try fixture.vaultBytes()
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "taken over\n")
        expectFailure(try await fixture.run(["passwd", "--new-password-file", newPassword], environment: withoutPassword),
                      status: 3, mentioning: "current master password", "VAULT_PASSWORD_FILE")
        #expect(try fixture.vaultBytes() == before)
        #expect(try await fixture.succeed(["get", "entry"], environment: withoutPassword).stdout == "entry-pw\n",
                "the cached key must still work")
    }

    @Test("rekey with a cached key but no password source exits 3; vault unchanged")
    func rekeyNeedsThePassword() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .inMemory())
        try await fixture.add("entry", password: "entry-pw")
        let before = try fixture.vaultBytes()
        expectFailure(try await fixture.run(["rekey"], environment: withoutPassword),
                      status: 3, mentioning: "current master password")
        #expect(try fixture.vaultBytes() == before)
    }

    @Test("export --stdout --yes with a cached key but no password source exits 3 and prints nothing")
    func exportNeedsThePassword() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .inMemory())
        try await fixture.add("entry", password: "entry-pw")
        expectFailure(try await fixture.run(["export", "--stdout", "--yes"], environment: withoutPassword),
                      status: 3, mentioning: "current master password")
        expectFailure(try await fixture.run(["export", "--output", fixture.path("backup.json"), "--yes"], environment: withoutPassword),
                      status: 3, mentioning: "current master password")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("backup.json")))
    }

    @Test("export with the password file still works while the key is cached")
    func exportWithPassword() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .inMemory())
        try await fixture.add("entry", password: "entry-pw")
        let export = try await fixture.succeed(["export", "--stdout", "--yes"])
        #expect(export.stdout.contains("entry-pw"))
    }

    @Test("passwd replaces the cached key: later commands open the rotated vault without a password")
    func passwdReplacesCachedKey() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .inMemory())
        try await fixture.add("entry", password: "entry-pw")
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "a new one\n")
        try await fixture.succeed(["passwd", "--new-password-file", newPassword])
        #expect(try await fixture.succeed(["get", "entry"], environment: withoutPassword).stdout == "entry-pw\n")
        try await fixture.succeed(["rekey"], environment: ["VAULT_PASSWORD_FILE": newPassword])
        #expect(try await fixture.succeed(["get", "entry"], environment: withoutPassword).stdout == "entry-pw\n")
    }
}
