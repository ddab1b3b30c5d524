import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the `vault` binary under test is: `$VAULT_BINARY`, or the `vault` that SwiftPM built
/// next to the running test executable.
package enum VaultBinary {
    package static let path: String = {
        if let override = ProcessInfo.processInfo.environment["VAULT_BINARY"], !override.isEmpty {
            return override
        }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent + "/vault"
    }()
}

/// How a child process ended.
package enum Termination: Sendable, Equatable {
    case exited(Int32)
    case signaled(Int32)
}

/// What a finished `vault` process did: how it ended, what it printed, how long it took.
package struct VaultResult: Sendable, CustomStringConvertible {
    package var arguments: [String]
    package var termination: Termination
    package var stdoutData: Data
    package var stderrData: Data
    /// When the command started (after its wait for a place in `CommandGate`), and how long it ran.
    package var started: ContinuousClock.Instant
    package var elapsed: Duration

    /// The exit status, or `nil` when a signal ended the process.
    package var status: Int32? {
        if case .exited(let code) = termination { return code }
        return nil
    }

    package var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    package var stderr: String { String(decoding: stderrData, as: UTF8.self) }

    /// Standard output split into lines, without the empty string after a final newline.
    package var stdoutLines: [String] { Self.lines(of: stdout) }
    /// Standard error split into lines, without the empty string after a final newline.
    package var stderrLines: [String] { Self.lines(of: stderr) }

    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    package var description: String {
        "vault \(arguments.map { $0.debugDescription }.joined(separator: " ")) → \(termination) "
            + "after \(elapsed)\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)---"
    }
}

/// A `vault` run that exceeded its time limit; it was killed, and the test fails with this.
package struct VaultTimeout: Error, CustomStringConvertible {
    package var result: VaultResult
    package var limit: Duration
    package var description: String { "timed out after \(limit) and was killed: \(result)" }
}

/// Hands the end of a child process, once, to everyone who waits for it, and sends signals
/// only while the process has not been reaped (so a recycled pid is never hit).
package final class ExitLatch: @unchecked Sendable {
    private let lock = NSLock()
    private var ended: (termination: Termination, at: ContinuousClock.Instant)?
    private var waiters: [CheckedContinuation<(termination: Termination, at: ContinuousClock.Instant), Never>] = []
    /// Kept alive until the process has ended.
    private var process: Process?

    package init(process: Process) { self.process = process }

    package func fulfil(_ termination: Termination) {
        lock.lock()
        let outcome = (termination: termination, at: ContinuousClock.now)
        ended = outcome
        process = nil
        let waiting = waiters
        waiters = []
        lock.unlock()
        for waiter in waiting { waiter.resume(returning: outcome) }
    }

    package var hasEnded: Bool {
        lock.lock()
        defer { lock.unlock() }
        return ended != nil
    }

    package func wait() async -> (termination: Termination, at: ContinuousClock.Instant) {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let ended {
                lock.unlock()
                continuation.resume(returning: ended)
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }

    /// Sends `signal` to `pid` unless the process has been seen to end; `true` when sent.
    package func send(_ signal: Int32, to pid: pid_t) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard ended == nil else { return false }
        return kill(pid, signal) == 0
    }
}

/// A started `vault` process: it can be signalled, its standard error read while it runs, and
/// it is waited for with a time limit after which it is killed.
package final class RunningVault: Sendable {
    package static let defaultTimeout: Duration = .seconds(60)

    package let arguments: [String]
    package let pid: pid_t
    package let started: ContinuousClock.Instant
    private let stdoutPath: String
    private let stderrPath: String
    private let latch: ExitLatch

    /// Starts the binary with exactly `environment`, standard input from `stdin` (or
    /// /dev/null), and standard output and error going to files in `ioFolder` (files, not
    /// pipes, so that nothing can block on a full pipe), in the working folder `directory`.
    package init(arguments: [String], stdin: Data?, environment: [String: String], directory: String, ioFolder: String) throws {
        let base = ioFolder + "/" + UUID().uuidString
        let inputPath = stdin == nil ? "/dev/null" : base + ".in"
        if let stdin { try stdin.write(to: URL(fileURLWithPath: inputPath)) }
        stdoutPath = base + ".out"
        stderrPath = base + ".err"
        for path in [stdoutPath, stderrPath] {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        defer { for handle in [input, output, errors] { try? handle.close() } }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: VaultBinary.path)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let latch = ExitLatch(process: process)
        process.terminationHandler = { finished in
            latch.fulfil(finished.terminationReason == .uncaughtSignal
                ? .signaled(finished.terminationStatus) : .exited(finished.terminationStatus))
        }
        self.arguments = arguments
        self.latch = latch
        started = ContinuousClock.now
        try process.run()
        pid = process.processIdentifier
    }

    package var hasEnded: Bool { latch.hasEnded }

    /// Sends `signal` unless the process has ended; `true` when it was sent.
    @discardableResult
    package func send(_ signal: Int32) -> Bool { latch.send(signal, to: pid) }

    /// What the process has written to standard error so far.
    package func stderrSoFar() -> String {
        String(decoding: FileManager.default.contents(atPath: stderrPath) ?? Data(), as: UTF8.self)
    }

    /// Waits for the end; after `timeout` the process is killed and `VaultTimeout` thrown.
    package func finish(timeout: Duration = RunningVault.defaultTimeout) async throws -> VaultResult {
        let watchdog = Task { [latch, pid] in
            try await Task.sleep(for: timeout)
            return latch.send(SIGKILL, to: pid)
        }
        let (termination, endedAt) = await latch.wait()
        watchdog.cancel()
        let killedByWatchdog = (try? await watchdog.value) ?? false
        let result = VaultResult(
            arguments: arguments, termination: termination,
            stdoutData: FileManager.default.contents(atPath: stdoutPath) ?? Data(),
            stderrData: FileManager.default.contents(atPath: stderrPath) ?? Data(),
            started: started, elapsed: endedAt - started)
        if killedByWatchdog { throw VaultTimeout(result: result, limit: timeout) }
        return result
    }
}
