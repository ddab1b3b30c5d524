import CLITestSupport
import Foundation
import KeyringDoubles
import Testing

/// What commands do with the kernel keyring as the only keyring, as over SSH or in a container
/// (in-process, with in-memory keyrings whose Secret Service is missing): keys are kept apart per
/// vault; `passwd` and `rekey` replace the key; the lifetime `unlock` sets outlives the key that
/// had it. The real kernel keyring's part is KernelKeyringTests.
@Suite("Kernel keyring alone")
struct KernelKeyringAloneTests {
    /// A vault with an entry, made in `session` (a new one if nil) whose Secret Service is
    /// missing as it is without a session bus, so that only the kernel keyring holds its key.
    private func kernelOnlyFixture(in session: InMemoryKeyringSession? = nil) async throws -> (VaultFixture, InMemoryKeyringSession) {
        let session = session ?? InMemoryKeyringSession(secretService: .unavailable(reason: "no D-Bus session bus"))
        let fixture = try await VaultFixture.initialized(keyring: .inMemory(session))
        try await fixture.add("entry", password: "entry-pw")
        return (fixture, session)
    }

    @Test("a key of another vault is never used, nor removed")
    func vaultsKeptApart() async throws {
        let (first, session) = try await kernelOnlyFixture()
        let (second, _) = try await kernelOnlyFixture(in: session)
        try await second.succeed(["lock"])
        #expect(try await first.passwordFromKeyring(of: "entry") == "entry-pw")
        try await second.expectLocked("entry")
        #expect(try await first.statusReport()["unlocked"] as? Bool == true)
        #expect(session.kernelKeyring().cachedItem(vaultID: try first.vaultID()) != nil)
    }

    @Test("passwd and rekey replace the kernel copy; after lock only the new password opens the vault")
    func rotationReplacesTheKernelKey() async throws {
        let (fixture, session) = try await kernelOnlyFixture()
        let id = try fixture.vaultID()
        let original = try #require(session.kernelKeyring().cachedItem(vaultID: id))
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "the new master password\n")

        try await fixture.succeed(["passwd", "--new-password-file", newPassword])
        let afterPasswd = try #require(session.kernelKeyring().cachedItem(vaultID: id), "passwd left no kernel key")
        #expect(!afterPasswd.key.constantTimeEquals(original.key))
        #expect(try await fixture.passwordFromKeyring(of: "entry") == "entry-pw")

        try await fixture.succeed(["rekey"], environment: ["VAULT_PASSWORD_FILE": newPassword])
        let afterRekey = try #require(session.kernelKeyring().cachedItem(vaultID: id), "rekey left no kernel key")
        #expect(!afterRekey.key.constantTimeEquals(afterPasswd.key))
        #expect(try await fixture.passwordFromKeyring(of: "entry") == "entry-pw")

        try await fixture.succeed(["lock"])
        expectFailure(try await fixture.run(["get", "entry"]), status: 3, mentioning: "wrong master password")
        let withNew = try await fixture.succeed(["get", "entry"], environment: ["VAULT_PASSWORD_FILE": newPassword])
        #expect(withNew.stdout == "entry-pw\n")
    }

    @Test("the key passwd puts in place of an unlocked one keeps the lifetime unlock gave")
    func rotationKeepsTheLifetime() async throws {
        let (fixture, session) = try await kernelOnlyFixture()
        try await fixture.succeed(["unlock", "--timeout", "10m", "--idle", "5m"])
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "the new master password\n")
        try await fixture.succeed(["passwd", "--new-password-file", newPassword])
        let kernel = try await fixture.keyringReport("kernel keyring")
        #expect(kernel["cached"] as? Bool == true && kernel["idle_seconds"] as? Int == 300, "\(kernel)")
        #expect((kernel["expires_in_seconds"] as? Int).map { $0 <= 300 } == true, "\(kernel)")
        // The absolute expiry in the new key's record is still the one unlock set, 10 minutes on.
        let item = try #require(session.kernelKeyring().cachedItem(vaultID: try fixture.vaultID()))
        let expires = try #require(item.latestExpiry, "the new key has no absolute expiry")
        let now = Int(Date().timeIntervalSince1970)
        #expect(expires > now && expires <= now + 601, "expires \(expires - now) s from now")
    }

    @Test("the lifetime unlock sets stays the vault's: a key cached later, once the password is asked again, gets it too, until unlock --timeout never lifts it")
    func lifetimeStays() async throws {
        let (fixture, _) = try await kernelOnlyFixture()
        try await fixture.succeed(["unlock", "--timeout", "10m"])
        // The key is gone (as at its timeout); the next command asks for the password and caches the key.
        try await fixture.succeed(["lock"])
        try await fixture.succeed(["get", "entry"])
        let limited = try await fixture.keyringReport("kernel keyring")
        // Ten minutes from when the key was kept, rounded up to a whole second: 601 s if status
        // runs within that same second.
        #expect(limited["cached"] as? Bool == true && (limited["expires_in_seconds"] as? Int).map { $0 > 0 && $0 <= 601 } == true, "\(limited)")

        try await fixture.succeed(["unlock", "--timeout", "never"])
        try await fixture.succeed(["lock"])
        try await fixture.succeed(["get", "entry"])
        let unlimited = try await fixture.keyringReport("kernel keyring")
        #expect(unlimited["cached"] as? Bool == true && unlimited["expires_in_seconds"] == nil, "\(unlimited)")
        let unclear = try await fixture.run(["unlock", "--idle", "soon"])
        #expect(unclear.status == 64 && unclear.stderr.contains("--idle 'soon' is not a duration such as 90s, 15m or 1h, nor never"), "\(unclear)")
    }
}
