import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs programs other than a plain `vault` command: xclip, secret-tool, `with-keyring`.
///
/// They are started with posix_spawn rather than Foundation's `Process`, which waits for a
/// socket it leaks into the child to close: a program that leaves a daemon behind (xclip keeps
/// serving the selection, `with-keyring` starts dbus-daemon) would never be seen to finish. The
/// child gets no descriptor beyond its standard streams (so it cannot hold on to another
/// test's), an empty signal mask and default signal actions (Swift's worker threads block most
/// signals, and a child would inherit that), and exactly the environment given.
package enum ExternalProgram {
    /// The full path of `name` on the test process's PATH, if it is there.
    package static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Runs `executable arguments…` to its end, with `stdin` (or /dev/null) as standard input and
    /// standard output and error captured in files; after `timeout` it is killed and
    /// `VaultTimeout` thrown. The result's `arguments` begin with the executable.
    package static func run(
        _ executable: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String],
        timeout: Duration = .seconds(30)
    ) async throws -> VaultResult {
        try await CommandGate.commands.admitted {
            try await probe(executable, arguments, stdin: stdin, environment: environment, timeout: timeout)
        }
    }

    /// Runs a program as `run` does but at once, without waiting for a place in `CommandGate`:
    /// for a quick look at something at a moment (what the clipboard or the keyring holds now),
    /// which must not wait behind the other tests' commands while what it looks at changes.
    package static func probe(
        _ executable: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String],
        timeout: Duration = .seconds(30)
    ) async throws -> VaultResult {
        let folder = FileManager.default.temporaryDirectory.path + "/vault-cli-program-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inputPath = stdin == nil ? "/dev/null" : folder + "/in"
        if let stdin { try stdin.write(to: URL(fileURLWithPath: inputPath)) }
        let (outputPath, errorPath) = (folder + "/out", folder + "/err")

        let started = ContinuousClock.now
        let pid = try spawn(executable, arguments, environment: environment,
                            streams: [(inputPath, O_RDONLY), (outputPath, O_WRONLY | O_CREAT | O_TRUNC), (errorPath, O_WRONLY | O_CREAT | O_TRUNC)])
        let termination = try await reap(pid, within: timeout)
        let result = VaultResult(
            arguments: [executable] + arguments, termination: termination ?? .signaled(SIGKILL),
            stdoutData: FileManager.default.contents(atPath: outputPath) ?? Data(),
            stderrData: FileManager.default.contents(atPath: errorPath) ?? Data(),
            started: started, elapsed: ContinuousClock.now - started)
        if termination == nil { throw VaultTimeout(result: result, limit: timeout) }
        return result
    }

    /// Starts the program with its standard streams opened from `streams` (0, 1, 2 in order);
    /// with `newSession`, in a session of its own, so that the first terminal it opens (a
    /// pseudo-terminal's side) becomes its controlling terminal.
    package static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], streams: [(path: String, flags: Int32)],
        newSession: Bool = false
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, stream) in streams.enumerated() {
            posix_spawn_file_actions_addopen(&actions, Int32(descriptor), stream.path, stream.flags, 0o600)
        }
        closeOthers(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? setSessionFlag : 0)))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        return pid
    }

    /// glibc's POSIX_SPAWN_SETSID (spawn.h, a GNU extension that Swift's Glibc module does not
    /// show): the child calls setsid().
    private static let setSessionFlag: Int32 = 0x80

    /// Asks that every descriptor from 3 up be closed in the child. glibc has had
    /// `posix_spawn_file_actions_addclosefrom_np` since 2.34, but Swift's Glibc module does not
    /// show it, so it is looked up by name.
    private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }

    /// How the process ended, or `nil` when it was still running at the deadline and was killed.
    package static func reap(_ pid: pid_t, within timeout: Duration) async throws -> Termination? {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return nil
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return termination(status)
    }

    /// How a process ended, from the status waitpid() gave.
    package static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }
}
