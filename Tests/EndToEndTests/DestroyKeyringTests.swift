import CLITestSupport
import Foundation
import Testing

/// `vault destroy` and the real keyrings, seen from outside: after it, `keyctl` finds the
/// vault's key in no session and `secret-tool` finds no item of it. Runs against the private
/// session keyring and unlocked gnome-keyring of `scripts/with-keyring`; the rest of destroy
/// is DestroyCommandTests.
@Suite("Destroy and the real keyrings", .enabled(if: ProcessInfo.processInfo.environment["VAULT_TEST_KEYRING"] == "unlocked",
                                                 "needs the unlocked keyring of scripts/with-keyring"))
struct DestroyKeyringTests {
    @Test("destroy removes the vault's key from the kernel keyring and the Secret Service; a wrong password leaves both")
    func removesTheKeys() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.succeed(["unlock"])
        let id = try fixture.vaultID()
        let wrong = try VaultFixture.writeFile(fixture.path("wrong-password"), "not the master password\n")
        expectFailure(try await fixture.run(["destroy", "--yes"], environment: ["VAULT_PASSWORD_FILE": wrong]),
                      status: 3, mentioning: "wrong master password")
        #expect(try await KernelKeys.serial(vaultID: id) != nil)
        #expect(try await SecretTool.secrets(vaultID: id, fixture: fixture).count == 1)

        let result = try await fixture.run(["destroy", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("the vault's key cached in the kernel keyring"), "\(result)")
        #expect(result.stderr.contains("the vault's key cached in the Secret Service"), "\(result)")
        #expect(try await KernelKeys.serial(vaultID: id) == nil)
        #expect(try KernelKeys.listed(vaultID: id).isEmpty, "no session of this user keeps a copy")
        #expect(try await SecretTool.secrets(vaultID: id, fixture: fixture).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.vaultPath))
    }
}
