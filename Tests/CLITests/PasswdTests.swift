import CLITestSupport
import Foundation
import Testing

/// `vault passwd` checks the current password before anything changes (what it changes is in
/// RotationTests).
@Suite("Changing the master password")
struct PasswdTests {
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
