import Foundation
import Testing

/// The derived key kept in the Secret Service: cached by `init`, `unlock` and every command that
/// derived it, found again without asking, forgotten by `lock`, expiry and `--no-keyring`,
/// replaced by `passwd`, and kept apart per vault. Runs against the private, unlocked
/// gnome-keyring of `scripts/with-keyring`; each test has its own vault, whose random id keys
/// its item, so the tests share the keyring safely in parallel.
@Suite("Keyring", .enabled(if: ProcessInfo.processInfo.environment["VAULT_TEST_KEYRING"] == "unlocked",
                           "needs the unlocked keyring of scripts/with-keyring"))
struct KeyringTests {
    @Test("init caches the key: get and status need no password until lock, then get exits 3")
    func initCachesKey() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
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
        let fixture = try await VaultFixture.initialized(keyring: .system)
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

    @Test("unlock --timeout: the key works at once, then expires, and the expired item is removed")
    func timeoutExpires() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.add("entry", password: "entry-pw")
        // The key must serve a command run at once. On a machine busy enough that unlock and
        // that command together outlast the span, a failure proves nothing: the span is
        // doubled and the whole tried again. A key gone before its span is a failure at once.
        var span = 15
        while true {
            try await fixture.succeed(["lock"])
            let unlock = try await fixture.succeed(["unlock", "--timeout", "\(span)s"])
            #expect(unlock.stderr.hasPrefix("Unlocked \(fixture.vaultPath) for \(span)s, in the kernel keyring ("), "\(unlock)")
            let get = try await fixture.run(["get", "entry"], environment: withoutPassword)
            if get.status == 0 {
                #expect(get.stdout == "entry-pw\n", "\(get)")
                break
            }
            try #require(ContinuousClock.now - unlock.started >= .seconds(span), "the key was gone before its \(span) s: \(get)")
            try #require(span < 120, "unlock and one get took longer than the span four times, the last \(span) s")
            span *= 2
        }

        // The expirer started by unlock removes the item at its deadline, with no command run
        // in between; then the vault is locked.
        let id = try fixture.vaultID()
        let removed = try await eventually(within: .seconds(span + 60), every: .milliseconds(250)) {
            // secret-tool can race the expirer's deletion ("No such secret item"): ask again.
            try await SecretTool.secretsIfListed(vaultID: id, fixture: fixture)?.isEmpty == true
        }
        try #require(removed, "the expired item must be removed by itself")
        #expect(try await fixture.statusReport()["unlocked"] as? Bool == false)
        try await fixture.expectLocked("entry")
    }

    @Test("a key unlocked for 60 s is kept at least 60 s")
    func expiryNotEarly() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.succeed(["lock"])
        let asked = Date().timeIntervalSince1970
        try await fixture.succeed(["unlock", "--timeout", "60s"])
        let items = try await SecretTool.secrets(vaultID: try fixture.vaultID(), fixture: fixture)
        let item = try #require(items.first, "unlock left no item")
        let fields = item.split(separator: " ")
        let expires = try #require(fields.count == 3 ? Double(fields[1]) : nil, "not a vault-key-v1 item: \(item)")
        // The expiry is rounded up to whole seconds, never down.
        #expect(expires >= asked + 60, "expires \(expires - asked) s after unlock was started")
        #expect(expires <= Date().timeIntervalSince1970 + 61, "expires \(expires - asked) s after unlock")
    }

    @Test("passwd replaces the cached key: after lock the old password fails (3), the new one works")
    func passwdReplacesKey() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.add("entry", password: "entry-pw")
        let id = try fixture.vaultID()
        let before = try await SecretTool.secrets(vaultID: id, fixture: fixture)
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "the new master password\n")

        try await fixture.succeed(["passwd", "--new-password-file", newPassword])
        let after = try await SecretTool.secrets(vaultID: id, fixture: fixture)
        #expect(before.count == 1 && after.count == 1 && after != before, "one item, holding the new key")
        #expect(try await fixture.passwordFromKeyring(of: "entry") == "entry-pw")

        try await fixture.succeed(["lock"])
        expectFailure(try await fixture.run(["get", "entry"]), status: 3, mentioning: "wrong master password")
        let withNew = try await fixture.succeed(["get", "entry"], environment: ["VAULT_PASSWORD_FILE": newPassword])
        #expect(withNew.stdout == "entry-pw\n")
    }

    @Test("a cached key that no longer opens the vault is removed and the password asked again")
    func staleKeyReplaced() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.add("entry", password: "entry-pw")
        try await fixture.succeed(["lock"])
        let id = try fixture.vaultID()
        let randomKey = Data((0..<32).map { _ in UInt8.random(in: .min ... .max) }).base64EncodedString()
        let bogus = "vault-key-v1 0 " + randomKey
        try await SecretTool.store(bogus, vaultID: id, fixture: fixture)
        #expect(try await SecretTool.secrets(vaultID: id, fixture: fixture) == [bogus])

        let result = try await fixture.succeed(["get", "entry"])
        #expect(result.stdout == "entry-pw\n")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(try await fixture.passwordFromKeyring(of: "entry") == "entry-pw")
        let secrets = try await SecretTool.secrets(vaultID: id, fixture: fixture)
        #expect(secrets.count == 1 && !secrets.contains(bogus), "only the working key is left: \(secrets)")
    }

    @Test("two vaults do not see each other's keys")
    func vaultsKeptApart() async throws {
        let first = try await VaultFixture.initialized(keyring: .system)
        let second = try await VaultFixture.initialized(keyring: .system)
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
        let fixture = try await VaultFixture.initialized(keyring: .system)
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

    @Test("--no-keyring neither reads nor writes the cached key")
    func noKeyringFlag() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.add("entry", password: "entry-pw")
        try await fixture.succeed(["lock"])

        let direct = try await fixture.succeed(["get", "entry", "--no-keyring"])
        #expect(direct.stdout == "entry-pw\n" && direct.stderr.isEmpty, "\(direct)")
        try await fixture.expectLocked("entry")
        #expect(try await SecretTool.secrets(vaultID: try fixture.vaultID(), fixture: fixture) == [])

        try await fixture.succeed(["unlock"])
        expectFailure(try await fixture.run(["get", "entry", "--no-keyring"], environment: withoutPassword),
                      status: 3, mentioning: "locked")
        #expect(try await fixture.passwordFromKeyring(of: "entry") == "entry-pw")
    }

    @Test("lock says whether anything was cached, and exits 6 without a keyring")
    func lockOutcomes() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.succeed(["lock"])
        let again = try await fixture.succeed(["lock"])
        #expect(again.stderr == "\(fixture.vaultPath) was not unlocked.\n")
        let noKeyring = try await BlockedKernelKeyring(errno: "EPERM").run(fixture, ["lock"], environment: try fixture.withoutBus())
        expectFailure(noKeyring, status: 6, mentioning: "no keyring is available")
        let usage = try await fixture.run(["lock", "--no-keyring"])
        #expect(usage.status == 64 && usage.stderr.contains("drop --no-keyring"), "\(usage)")
    }

    @Test("passwd --no-keyring still removes the old cached key, which would open old backups")
    func passwdWithoutKeyringClearsStaleKey() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        let id = try fixture.vaultID()
        #expect(try await SecretTool.secrets(vaultID: id, fixture: fixture).count == 1)
        #expect(try await KernelKeys.serial(vaultID: id) != nil)
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "another master password\n")
        try await fixture.succeed(["passwd", "--no-keyring", "--new-password-file", newPassword])
        #expect(try await SecretTool.secrets(vaultID: id, fixture: fixture) == [])
        #expect(try await KernelKeys.serial(vaultID: id) == nil)
    }
}

/// The changes that take every password source away from a run: only the keyring is left.
