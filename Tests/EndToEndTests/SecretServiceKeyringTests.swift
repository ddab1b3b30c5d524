import CLITestSupport
import Foundation
import Testing
import VaultCore

/// The derived key in the test session's real Secret Service, checked from outside with
/// `secret-tool`: its item holds the key with an expiry never earlier than asked, is removed by
/// the expirer at that expiry, replaced by `passwd`, left alone by `--no-keyring`, removed by
/// `passwd --no-keyring`; a stale item is replaced. Runs against the private, unlocked
/// gnome-keyring of `scripts/with-keyring`; each test has its own vault, whose random id keys
/// its item, so the tests share the keyring safely in parallel.
@Suite("Keyring items in the Secret Service", .enabled(if: ProcessInfo.processInfo.environment["VAULT_TEST_KEYRING"] == "unlocked",
                                                     "needs the unlocked keyring of scripts/with-keyring"))
struct SecretServiceKeyringTests {
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
            #expect(unlock.stderr.hasPrefix("Unlocked \(fixture.vaultPath) for \(TimeSpan.describe(Double(span))), in the kernel keyring ("), "\(unlock)")
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
