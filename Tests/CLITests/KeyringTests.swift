import CLITestSupport
import Foundation
import KeyringDoubles
import Testing

/// The derived key kept in the keyrings: cached by `init`, `unlock` and every command that
/// derived it, found again without asking, forgotten by `lock`, and kept apart per vault; what
/// `status` and `lock` say of it. In-process, with in-memory keyrings (one session per test,
/// shared by its vaults); what the real Secret Service holds is SecretServiceKeyringTests.
@Suite("Keyring")
struct KeyringTests {
    @Test("init caches the key: get and status need no password until lock, then get exits 3")
    func initCachesKey() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .inMemory())
        try await fixture.add("web/site", password: "site-pw")
        #expect(try await fixture.passwordFromKeyring(of: "web/site") == "site-pw")
        let unlocked = try await fixture.succeed(["status"], environment: withoutPassword).stdoutLines
        #expect(unlocked.contains("Secret Service: key cached in the session collection until `vault lock` or the end of the session"),
                "\(unlocked)")
        #expect(unlocked.contains { $0.hasPrefix("Kernel keyring: key cached in the ") }, "\(unlocked)")
        #expect(unlocked.contains("State:          unlocked, until `vault lock` or the end of the session"), "\(unlocked)")
        #expect(unlocked.contains("Entries:        1"), "\(unlocked)")

        let lock = try await fixture.succeed(["lock"], environment: withoutPassword)
        #expect(lock.stderr == "Locked \(fixture.vaultPath).\n")
        try await fixture.expectLocked("web/site")
        let locked = try await fixture.succeed(["status"], environment: withoutPassword).stdoutLines
        #expect(locked.contains("State:          locked"), "\(locked)")
        #expect(locked.contains("Secret Service: available (session collection), no key cached"), "\(locked)")
        #expect(!locked.contains { $0.hasPrefix("Entries:") }, "a locked vault's size is not known: \(locked)")
    }

    @Test("unlock with the password file serves ten following commands without a password")
    func unlockServesManyCommands() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .inMemory())
        try await fixture.add("entry", password: "entry-pw")
        try await fixture.succeed(["lock"])
        try await fixture.expectLocked("entry")

        let unlock = try await fixture.succeed(["unlock"])
        #expect(unlock.stdoutData.isEmpty)
        #expect(unlock.stderr.hasPrefix("Unlocked \(fixture.vaultPath) until `vault lock` or the end of the session, in the kernel keyring ("))
        #expect(unlock.stderr.hasSuffix(") and the Secret Service (session collection).\n"))
        let passwords = try await concurrentMap(Array(1...10), limit: 4) { _ in
            try await fixture.passwordFromKeyring(of: "entry")
        }
        #expect(passwords == Array(repeating: "entry-pw", count: 10))
    }

    @Test("two vaults do not see each other's keys")
    func vaultsKeptApart() async throws {
        let session = InMemoryKeyringSession()
        let first = try await VaultFixture.initialized(keyring: .inMemory(session))
        let second = try await VaultFixture.initialized(keyring: .inMemory(session))
        try await first.add("entry", password: "first-pw")
        try await second.add("entry", password: "second-pw")
        try await first.succeed(["lock"])
        try await second.succeed(["lock"])

        try await first.succeed(["unlock"])
        #expect(try await first.passwordFromKeyring(of: "entry") == "first-pw")
        try await second.expectLocked("entry")
        #expect(try await second.statusReport()["unlocked"] as? Bool == false)
    }

    @Test("status --json: keyring, unlocked, entries and expires_in_seconds")
    func statusJSON() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .inMemory())
        try await fixture.add("one", password: "pw1")
        try await fixture.add("two", password: "pw2")
        try await fixture.succeed(["lock"])

        let locked = try await fixture.statusReport()
        #expect(locked["vault"] as? String == fixture.vaultPath)
        #expect(locked["keyring"] as? String == "available")
        #expect(locked["keyring_detail"] == nil, "a detail only says why no keyring is available: \(locked)")
        let keyrings = try #require(locked["keyrings"] as? [[String: Any]])
        #expect(keyrings.map { $0["name"] as? String } == ["kernel keyring", "Secret Service"], "\(keyrings)")
        #expect(keyrings.last?["detail"] as? String == "session collection" && keyrings.allSatisfy { $0["cached"] as? Bool == false },
                "\(keyrings)")
        #expect(locked["unlocked"] as? Bool == false)
        #expect(locked["entries"] == nil && locked["expires_in_seconds"] == nil, "\(locked)")

        try await fixture.succeed(["unlock"])
        let unlocked = try await fixture.statusReport()
        #expect(unlocked["unlocked"] as? Bool == true)
        #expect(unlocked["entries"] as? Int == 2)
        #expect(unlocked["expires_in_seconds"] == nil, "no expiry without --timeout: \(unlocked)")

        let unlock = try await fixture.succeed(["unlock", "--timeout", "10m"])
        let expiring = try await fixture.statusReport()
        #expect(expiring["unlocked"] as? Bool == true)
        // The ten minutes less the time since unlock started (measured: on a busy machine that
        // is seconds), in whole seconds with a second either way for the rounding.
        let passed = Int((ContinuousClock.now - unlock.started).components.seconds)
        let seconds = try #require(expiring["expires_in_seconds"] as? Int, "\(expiring)")
        #expect((600 - passed - 1...601).contains(seconds), "\(passed) s after unlock: \(expiring)")
    }

    @Test("lock says whether anything was cached, and exits 6 without a keyring")
    func lockOutcomes() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .inMemory())
        try await fixture.succeed(["lock"])
        let again = try await fixture.succeed(["lock"])
        #expect(again.stderr == "\(fixture.vaultPath) was not unlocked.\n")
        let neither = InMemoryKeyringSession(kernel: .unavailable(reason: "keyctl: Operation not permitted"),
                                             secretService: .unavailable(reason: "no D-Bus session bus"))
        let noKeyring = try await fixture.run(["lock"]) { $0.keyrings = neither.factory(records: nil, now: $0.now) }
        expectFailure(noKeyring, status: 6, mentioning: "no keyring is available")
        let usage = try await fixture.run(["lock", "--no-keyring"])
        #expect(usage.status == 64 && usage.stderr.contains("drop --no-keyring"), "\(usage)")
    }
}
