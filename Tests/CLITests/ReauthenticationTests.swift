import Foundation
import Testing

/// `passwd`, `rekey` and `export` prove the current master password every time: a key in the
/// keyring is not enough, because whoever sits at an unlocked session has it. Without a
/// terminal or a password file they fail with exit 3 and leave the vault and the cached key
/// as they were.
@Suite("Re-authentication", .enabled(if: ProcessInfo.processInfo.environment["VAULT_TEST_KEYRING"] == "unlocked",
                                     "needs the unlocked keyring of scripts/with-keyring"))
struct ReauthenticationTests {
    private let withoutPassword: [String: String?] = ["VAULT_PASSWORD_FILE": nil]

    @Test("passwd with a cached key but no password source exits 3; vault and cached key unchanged")
    func passwdNeedsThePassword() async throws {
        let fixture = try await VaultFixture.initialized(keyring: true)
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
        let fixture = try await VaultFixture.initialized(keyring: true)
        try await fixture.add("entry", password: "entry-pw")
        let before = try fixture.vaultBytes()
        expectFailure(try await fixture.run(["rekey"], environment: withoutPassword),
                      status: 3, mentioning: "current master password")
        #expect(try fixture.vaultBytes() == before)
    }

    @Test("export --stdout --yes with a cached key but no password source exits 3 and prints nothing")
    func exportNeedsThePassword() async throws {
        let fixture = try await VaultFixture.initialized(keyring: true)
        try await fixture.add("entry", password: "entry-pw")
        expectFailure(try await fixture.run(["export", "--stdout", "--yes"], environment: withoutPassword),
                      status: 3, mentioning: "current master password")
        expectFailure(try await fixture.run(["export", "--output", fixture.path("backup.json"), "--yes"], environment: withoutPassword),
                      status: 3, mentioning: "current master password")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("backup.json")))
    }

    @Test("export with the password file still works while the key is cached")
    func exportWithPassword() async throws {
        let fixture = try await VaultFixture.initialized(keyring: true)
        try await fixture.add("entry", password: "entry-pw")
        let export = try await fixture.succeed(["export", "--stdout", "--yes"])
        #expect(export.stdout.contains("entry-pw"))
    }

    @Test("passwd replaces the cached key: later commands open the rotated vault without a password")
    func passwdReplacesCachedKey() async throws {
        let fixture = try await VaultFixture.initialized(keyring: true)
        try await fixture.add("entry", password: "entry-pw")
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "a new one\n")
        try await fixture.succeed(["passwd", "--new-password-file", newPassword])
        #expect(try await fixture.succeed(["get", "entry"], environment: withoutPassword).stdout == "entry-pw\n")
        try await fixture.succeed(["rekey"], environment: ["VAULT_PASSWORD_FILE": newPassword])
        #expect(try await fixture.succeed(["get", "entry"], environment: withoutPassword).stdout == "entry-pw\n")
    }

    @Test("writers that waited through a rotation take the new key from the keyring and lose nothing")
    func waitingWritersTakeTheNewKey() async throws {
        let fixture = try await VaultFixture.initialized(keyring: true)
        for index in 0..<3 { try await fixture.add("e\(index)", password: "pw\(index)") }
        let lock = try LockWaitTests.HeldLock(path: fixture.vaultPath + ".lock")
        let writers = try (0..<3).map { try fixture.start(["rm", "e\($0)", "--yes"], environment: withoutPassword) }
        let adder = try fixture.start(["add", "new"], stdin: "fresh\n", environment: withoutPassword)
        let all = writers + [adder]
        try await waitUntilWaiting(all)

        try VaultSurgery.rotate(fileAt: fixture.vaultPath, from: VaultFixture.masterPassword, to: "changed")
        let changed = try VaultFixture.writeFile(fixture.path("changed-password"), "changed\n")
        try await fixture.succeed(["unlock"], environment: ["VAULT_PASSWORD_FILE": changed])
        lock.release()

        for process in all {
            let result = try await process.finish()
            #expect(result.status == 0, "\(result)")
        }
        let names = try await fixture.succeed(["list"], environment: ["VAULT_PASSWORD_FILE": changed]).stdoutLines
        #expect(names == ["new"])
    }
}

/// Waits until every process has said that it is waiting for the lock.
func waitUntilWaiting(_ processes: [RunningVault]) async throws {
    let deadline = ContinuousClock.now + .seconds(20)
    while processes.contains(where: { !$0.stderrSoFar().contains("Waiting for another vault command") }) && ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(20))
    }
}
