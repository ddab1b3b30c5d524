import CLITestSupport
import Foundation
import Testing

/// A writer that waits for the lock while the vault is rotated or tampered with under it (a
/// vault process held at the lock the test holds) stops with exit 3 and writes nothing back;
/// rotation itself is RotationTests, in CLITests.
@Suite("Key rotation under a waiting writer")
struct RotationUnderTheLockTests {
    /// Runs `vault add new` on a vault with one entry, doing `change` to the file while the
    /// add waits for a lock the test holds.
    private static func addWhile(_ fixture: VaultFixture, _ change: () throws -> Void) async throws -> VaultResult {
        try await fixture.add("entry", password: "entry-pw")
        let lock = try LockWaitTests.HeldLock(path: fixture.vaultPath + ".lock")
        let writer = try fixture.start(["add", "new"], stdin: "fresh\n")
        try await killingOnFailure([writer]) {
            try await waitUntilWaiting([writer])
            try change()
        }
        lock.release()
        let result = try await writer.finish()
        #expect(result.stderr.contains("Waiting for another vault command"), "the change must come while it waits: \(result)")
        return result
    }

    @Test("a writer that waited while the header was changed under it exits 3 and writes nothing")
    func tamperedHeaderUnderTheLock() async throws {
        let fixture = try await VaultFixture.initialized()
        var tampered = Data()
        let result = try await Self.addWhile(fixture) {
            tampered = try VaultSurgery.replacing("\"iterations\": 1,", with: "\"iterations\": 2,", in: fixture.vaultBytes())
            try VaultFixture.writeFile(fixture.vaultPath, tampered)
        }
        #expect(result.status == 3, "\(result)")
        #expect(try fixture.vaultBytes() == tampered, "a header nobody authenticated must never be written back")
    }

    @Test("a writer that waited through a password change it cannot follow exits 3 saying so; nothing is lost")
    func writerStopsAfterPasswordChange() async throws {
        let fixture = try await VaultFixture.initialized()
        var rotated = Data()
        let result = try await Self.addWhile(fixture) {
            rotated = try VaultSurgery.rotate(fileAt: fixture.vaultPath, from: VaultFixture.masterPassword, to: "changed")
        }
        #expect(result.status == 3, "\(result)")
        #expect(result.stdoutData.isEmpty)
        #expect(result.stderrLines.count == 2 && result.stderrLines[0].hasPrefix("Waiting for another vault command"), "\(result)")
        #expect(result.stderrLines.last?.hasPrefix("vault: error: the master password changed while") == true, "\(result)")
        #expect(try fixture.vaultBytes() == rotated)
    }
}
