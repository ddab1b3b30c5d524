import CLITestSupport
import KeyringDoubles
import Testing

/// What commands do when the context's keyrings cannot keep keys (no Secret Service, and a
/// kernel that refuses keyctl), run in-process with in-memory keyrings that are both missing:
/// reading falls back to the password with one note, `unlock` and `lock` exit 6 with the
/// keyrings' reasons, and `status` reports them. The same paths against real missing keyrings
/// are FallbackTests.
@Suite("A missing keyring, through the context")
struct KeyringSeamTests {
    static let reason = "no D-Bus session bus"
    static let kernelReason = "keyctl: Operation not permitted"

    /// A fixture whose in-memory keyrings are both missing, for these reasons.
    private func fixture() async throws -> VaultFixture {
        try await VaultFixture.initialized(keyring: .inMemory(InMemoryKeyringSession(
            kernel: .unavailable(reason: Self.kernelReason), secretService: .unavailable(reason: Self.reason))))
    }

    @Test("add and get work with the password file and say once that the key is not cached")
    func fallsBack() async throws {
        let fixture = try await fixture()
        let note = "vault: note: the key is not cached (kernel keyring: \(Self.kernelReason); Secret Service: \(Self.reason)); "
            + "the master password will be asked each time"
        let added = try await fixture.run(["add", "web/site"], stdin: "site-pw\n")
        #expect(added.status == 0 && added.stderrLines.filter { $0 == note }.count == 1, "\(added)")
        let got = try await fixture.run(["get", "web/site"])
        #expect(got.status == 0 && got.stdout == "site-pw\n", "\(got)")
    }

    @Test("unlock and lock exit 6 with the keyring's reason; status reports it")
    func unlockLockStatus() async throws {
        let fixture = try await fixture()
        expectFailure(try await fixture.run(["unlock"]), status: 6, mentioning: Self.reason)
        expectFailure(try await fixture.run(["lock"]), status: 6, mentioning: Self.reason)
        let status = try await fixture.run(["status"])
        #expect(status.status == 0, "\(status)")
        #expect(status.stdoutLines.contains("Kernel keyring: unavailable (\(Self.kernelReason))"), "\(status)")
        #expect(status.stdoutLines.contains("Secret Service: unavailable (\(Self.reason))"), "\(status)")
        #expect(status.stdoutLines.contains("State:          locked"), "\(status)")
    }
}
