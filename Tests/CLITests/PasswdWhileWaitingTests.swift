import Foundation
import Testing
import VaultCore

/// Writers that unlocked the vault and then waited for the lock while another process changed
/// the master password must still succeed: the data key they hold did not change.
@Suite("Writers waiting through a password change")
struct PasswdWhileWaitingTests {
    /// The password a test hands to the library directly.
    struct GivenPassword: PasswordSource {
        var text: String
        func masterPassword(prompt: String, confirm: Bool) throws -> SecureBytes {
            var bytes = Array(text.utf8)
            return try SecureBytes(consuming: &bytes)
        }
    }

    @Test("waiting writers complete after the password was changed under them")
    func writersSurvivePasswd() async throws {
        let fixture = try await VaultFixture.initialized()
        for index in 0..<3 { try await fixture.add("e\(index)", password: "pw\(index)") }
        let lock = try LockWaitTests.HeldLock(path: fixture.vaultPath + ".lock")
        let writers = try (0..<3).map { try fixture.start(["rm", "e\($0)", "--yes"]) }
        let adder = try fixture.start(["add", "new"], stdin: "fresh\n")
        let all = writers + [adder]
        let deadline = ContinuousClock.now + .seconds(20)
        while all.contains(where: { !$0.stderrSoFar().contains("Waiting for another vault command") }) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }

        // What `vault passwd` does, done here while the test holds the lock: a new salt and
        // a new wrap of the same data key.
        var envelope = try Envelope.parse(AtomicFile.read(fixture.vaultPath))
        let unlocker = Unlocker(passwordSource: GivenPassword(text: VaultFixture.masterPassword), keyCache: NoKeyCache())
        let dataKey = try unlocker.dataKey(for: envelope, label: "test")
        envelope.salt = try Sodium.randomBytes(Argon2id.saltLength)
        let newKey = try Argon2id.deriveKey(password: try GivenPassword(text: "changed").masterPassword(prompt: "", confirm: false),
                                            salt: envelope.salt, parameters: envelope.kdf)
        try envelope.wrap(dataKey: dataKey, with: newKey)
        try envelope.render().withUnsafeBytes { try AtomicFile.write($0, to: fixture.vaultPath) }
        lock.release()

        for process in all {
            let result = try await process.finish()
            #expect(result.status == 0, "\(result)")
        }
        let changed = try VaultFixture.writeFile(fixture.path("changed-password"), "changed\n")
        let names = try await fixture.succeed(["list"], environment: ["VAULT_PASSWORD_FILE": changed]).stdoutLines
        #expect(names == ["new"])
    }
}
