import CLITestSupport
import Foundation
import Testing
import VaultCLI
import VaultCore
import VaultSystem

/// Re-authentication where commands wait for the vault's lock beside a rotation, or a write
/// fails under a file size limit: processes of their own, with the test session's real keyrings
/// (the unlocked keyring of `scripts/with-keyring`). The rest is ReauthenticationTests.
@Suite("Re-authentication beside other processes",
       .enabled(if: ProcessInfo.processInfo.environment["VAULT_TEST_KEYRING"] == "unlocked",
                "needs the unlocked keyring of scripts/with-keyring"))
struct ReauthenticationProcessTests {
    @Test("writers waiting beside a real passwd all succeed, in whichever order the lock is granted")
    func writersBesideARealPasswd() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        for index in 0..<3 { try await fixture.add("e\(index)", password: "pw\(index)") }
        let changed = try VaultFixture.writeFile(fixture.path("changed-password"), "changed\n")
        let lock = try LockWaitTests.HeldLock(path: fixture.vaultPath + ".lock")
        let writers = try (0..<3).map { try fixture.start(["rm", "e\($0)", "--yes"], environment: withoutPassword) }
        let passwd = try fixture.start(["passwd", "--new-password-file", changed])
        let all = writers + [passwd]
        try await killingOnFailure(all) { try await waitUntilWaiting(all) }
        lock.release()
        for process in all {
            let result = try await process.finish()
            #expect(result.status == 0, "\(result)")
        }
        #expect(try await fixture.succeed(["list"], environment: ["VAULT_PASSWORD_FILE": changed]).stdoutLines.isEmpty)
        expectFailure(try await fixture.run(["list", "--no-keyring"]), status: 3, mentioning: "wrong master password")
        #expect(try await fixture.succeed(["list"], environment: withoutPassword).stdoutLines.isEmpty, "the new key is cached")
    }

    @Test("a passwd whose write fails leaves the vault as it was and no stale key cached")
    func failedPasswdLeavesNoStaleKey() async throws {
        let prlimit = try #require(ExternalProgram.find("prlimit"), "prlimit (util-linux) is needed")
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.add("entry", password: "entry-pw")
        let before = try fixture.vaultBytes()
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "never in effect\n")
        let result = try await ExternalProgram.run(
            prlimit, ["--fsize=1024", "--", VaultBinary.path, "passwd", "--new-password-file", newPassword],
            environment: fixture.environment)
        expectFailure(result, status: 1, mentioning: fixture.vaultPath)
        #expect(try fixture.vaultBytes() == before)
        expectFailure(try await fixture.run(["get", "entry"], environment: withoutPassword), status: 3, mentioning: "locked")
        #expect(try await fixture.password(of: "entry") == "entry-pw", "the old password still opens it")
    }

    @Test("unlock waits for a held lock to cache the key; a reader does not wait long, and works without caching")
    func lockHeldDuringCaching() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.add("entry", password: "entry-pw")
        try await fixture.succeed(["lock"])
        let lock = try LockWaitTests.HeldLock(path: fixture.vaultPath + ".lock")
        // A reader that derived the key gives up caching it rather than wait for the writer.
        #expect(try await fixture.succeed(["get", "entry"]).stdout == "entry-pw\n")
        let unlock = try fixture.start(["unlock", "--timeout", "90s"])
        try await killingOnFailure([unlock]) { try await waitUntilWaiting([unlock]) }
        lock.release()
        let result = try await unlock.finish()
        #expect(result.status == 0, "\(result)")
        let status = try await fixture.succeed(["status"], environment: withoutPassword).stdoutLines
        #expect(status.contains { $0.hasPrefix("State:          unlocked, key expires in") }, "\(status)")
    }

    @Test("writers that waited through a rotation take the new key from the keyring and lose nothing")
    func waitingWritersTakeTheNewKey() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        for index in 0..<3 { try await fixture.add("e\(index)", password: "pw\(index)") }
        let lock = try LockWaitTests.HeldLock(path: fixture.vaultPath + ".lock")
        let writers = try (0..<3).map { try fixture.start(["rm", "e\($0)", "--yes"], environment: withoutPassword) }
        let adder = try fixture.start(["add", "new"], stdin: "fresh\n", environment: withoutPassword)
        let all = writers + [adder]
        let changed = try VaultFixture.writeFile(fixture.path("changed-password"), "changed\n")
        try await killingOnFailure(all) {
            try await waitUntilWaiting(all)
            // As passwd does it, under the lock: the new file, then the new key in the keyring.
            try VaultSurgery.rotate(fileAt: fixture.vaultPath, from: VaultFixture.masterPassword, to: "changed",
                                    cache: Keyrings(kernel: KernelKeyCache(), secretService: SecretServiceKeyCache(expirer: OwnCommandLines.keyExpirer(executable: VaultBinary.path), environment: fixture.environment),
                                                    onUnavailable: { reason, _ in Issue.record("no keyring: \(reason)") }))
        }
        lock.release()

        for process in all {
            let result = try await process.finish()
            #expect(result.status == 0, "\(result)")
        }
        let names = try await fixture.succeed(["list"], environment: ["VAULT_PASSWORD_FILE": changed]).stdoutLines
        #expect(names == ["new"])
    }
}

/// Waits until every process has said that it is waiting for the lock; fails the test if one
/// has not after 30 s (then the test would not test what it says).
func waitUntilWaiting(_ processes: [RunningVault], sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while processes.contains(where: { !$0.stderrSoFar().contains("Waiting for another vault command") }) {
        try #require(ContinuousClock.now < deadline, "a command never waited for the lock", sourceLocation: sourceLocation)
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// Runs `body` with processes started; if it throws, the processes are killed and reaped
/// first, so none goes on writing into a fixture that is being removed.
func killingOnFailure<R>(_ processes: [RunningVault], _ body: () async throws -> R) async throws -> R {
    do {
        return try await body()
    } catch {
        for process in processes where !process.hasEnded { _ = process.send(SIGKILL) }
        for process in processes { _ = try? await process.finish() }
        throw error
    }
}
