import Testing
import VaultCLI

/// What commands do when the context's keyring cannot keep keys (a session without a Secret
/// Service), run in-process: reading falls back to the password with one note, `unlock` and
/// `lock` exit 6 with the keyring's reason, and `status` reports it. The same paths against a
/// real missing service are FallbackTests.
@Suite("A missing keyring, through the context")
struct KeyringSeamTests {
    static let reason = "no D-Bus session bus"
    static let kernelReason = "keyctl: Operation not permitted"

    /// A fixture whose config lets the keyring be used, and a context whose keyring is missing.
    private func fixture() async throws -> VaultFixture {
        let fixture = try await VaultFixture.initialized()
        try VaultFixture.writeFile(fixture.path(".config/vault/config.json"), "{}")
        return fixture
    }

    private func run(_ fixture: VaultFixture, _ arguments: [String], stdin: String? = nil) async throws -> VaultResult {
        try await fixture.run(arguments, stdin: stdin) {
            $0.keyrings = MissingKeyring.factory(reason: Self.reason, kernelReason: Self.kernelReason)
        }
    }

    @Test("add and get work with the password file and say once that the key is not cached")
    func fallsBack() async throws {
        let fixture = try await fixture()
        let note = "vault: note: the key is not cached (kernel keyring: \(Self.kernelReason); Secret Service: \(Self.reason)); "
            + "the master password will be asked each time"
        let added = try await run(fixture, ["add", "web/site"], stdin: "site-pw\n")
        #expect(added.status == 0 && added.stderrLines.filter { $0 == note }.count == 1, "\(added)")
        let got = try await run(fixture, ["get", "web/site"])
        #expect(got.status == 0 && got.stdout == "site-pw\n", "\(got)")
    }

    @Test("unlock and lock exit 6 with the keyring's reason; status reports it")
    func unlockLockStatus() async throws {
        let fixture = try await fixture()
        expectFailure(try await run(fixture, ["unlock"]), status: 6, mentioning: Self.reason)
        expectFailure(try await run(fixture, ["lock"]), status: 6, mentioning: Self.reason)
        let status = try await run(fixture, ["status"])
        #expect(status.status == 0, "\(status)")
        #expect(status.stdoutLines.contains("Kernel keyring: unavailable (\(Self.kernelReason))"), "\(status)")
        #expect(status.stdoutLines.contains("Secret Service: unavailable (\(Self.reason))"), "\(status)")
        #expect(status.stdoutLines.contains("State:          locked"), "\(status)")
    }
}
