import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A writer that finds the vault locked by another process waits for it, says so on standard
/// error, and completes once the lock is released, instead of failing or writing anyway; a
/// command that finds the file half written while the lock is held waits too.
@Suite("Waiting for the lock")
struct LockWaitTests {
    /// An exclusive flock held by the test process, as another `vault` command would hold it.
    final class HeldLock {
        private var descriptor: Int32

        init(path: String) throws {
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }

        func release() {
            guard descriptor >= 0 else { return }
            flock(descriptor, LOCK_UN)
            close(descriptor)
            descriptor = -1
        }

        deinit { release() }
    }

    @Test("add waits for a held lock, says it is waiting, and succeeds after the release")
    func addWaitsForLock() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("before", password: "pw0")
        let lock = try HeldLock(path: fixture.vaultPath + ".lock")
        let held = ContinuousClock.now
        let process = try fixture.start(["add", "during"], stdin: "pw1\n")

        // Hold the lock at least 1.5 s, and until the waiting message shows (at most 20 s).
        while ContinuousClock.now - held < .milliseconds(1500)
                || (!process.stderrSoFar().contains("Waiting for another vault command") && ContinuousClock.now - held < .seconds(20)) {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(!process.hasEnded, "add must wait for the lock, not give up: \(process.stderrSoFar())")
        #expect(process.stderrSoFar().contains("Waiting for another vault command to finish with \(fixture.vaultPath)"))
        #expect(try await fixture.names() == ["before"], "nothing written while the lock is held")
        lock.release()

        let result = try await process.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.elapsed >= .milliseconds(1000), "\(result)")
        #expect(try await fixture.names() == ["before", "during"])
        #expect(try await fixture.password(of: "during") == "pw1")
    }

    @Test("a reader and a writer that find the vault half written while the lock is held (vault sync's git rewrites it in place) wait, then use the whole new file", arguments: [["get", "web/a"], ["add", "web/b"]])
    func halfWrittenUnderTheLock(command: [String]) async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/a", password: "pw-a")
        let whole = try fixture.vaultBytes()
        let lock = try HeldLock(path: fixture.vaultPath + ".lock")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: fixture.vaultPath))
        // A process of its own, so that it runs at once, and the file is made whole only once
        // it says it waits: it has met the half-written file under the held lock.
        let running = try fixture.start(command, stdin: "pw-b\n")
        let waiting = try await eventually(within: .seconds(60)) {
            running.stderrSoFar().contains("Waiting for another vault command") || running.hasEnded
        }
        try #require(waiting && !running.hasEnded, "it must wait for the lock: \(running.stderrSoFar())")
        try whole.write(to: URL(fileURLWithPath: fixture.vaultPath))
        lock.release()
        let result = try await running.finish()
        #expect(result.status == 0, "\(result)")
        #expect(try await fixture.password(of: "web/a") == "pw-a")
        if command[0] == "add" { #expect(try await fixture.names() == ["web/a", "web/b"]) } else { #expect(result.stdout == "pw-a\n") }
    }
}
