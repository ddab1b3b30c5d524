import CLITestSupport
import Foundation
import Testing

/// A command given a vault that is not there fails at once and leaves no lock file for it (the
/// waiting for a lock another process holds is LockWaitTests, in EndToEndTests).
@Suite("A missing vault's lock")
struct MissingVaultLockTests {
    @Test("a vault that is not there is reported at once, and no lock file is left for it")
    func missingVaultLeavesNoLock() async throws {
        let fixture = try VaultFixture()
        let missing = fixture.path("typo.json")
        let result = try await fixture.run(["list", "--vault", missing])
        #expect(result.status == 4 || result.status == 1, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: missing + ".lock"))
    }
}
