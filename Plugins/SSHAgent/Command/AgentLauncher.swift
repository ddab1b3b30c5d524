import SystemPackage
import VaultCLI
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// Starts the agent detached, as ssh-agent does: vault itself, in a session of its own with no
/// terminal and its output sent nowhere, told (`--detached`) to say on descriptor 3 that it
/// listens, or why it cannot; `vault ssh-agent` waits for that word and then prints where the
/// agent is.
enum AgentLauncher {
    /// The descriptor the detached agent reports on.
    static let reportDescriptor: Int32 = 3
    /// How long the agent may take to listen before it is given up (and stopped).
    static let startDeadline: Duration = .seconds(10)
    private static let ready = "listening"

    /// Starts `vault arguments…` detached; its process id once it listens.
    static func launch(_ arguments: [String], context: CommandContext) throws(SSHAgentError) -> pid_t {
        var ends: [Int32] = [-1, -1]
        // Programs are started with every descriptor but theirs closed (`ProcessSpawn`): the
        // write end reaches the agent alone, as its descriptor 3.
        guard pipe(&ends) == 0 else { throw .didNotStart(String(cString: strerror(errno))) }
        let reading = FileDescriptor(rawValue: ends[0])
        defer { try? reading.close() }
        let pid: pid_t
        do {
            pid = try HelperProcess.start(context.executable, arguments, environment: context.environment,
                                          extraDescriptor: ends[1], ownSession: true) { _ in }
        } catch {
            close(ends[1])
            throw .didNotStart(error.message)
        }
        close(ends[1])
        guard let bytes = readReport(from: reading) else {
            kill(pid, SIGTERM)
            throw .didNotStart("it did not listen within \(startDeadline)")
        }
        let report = String(decoding: bytes, as: UTF8.self)
        guard report == ready else {
            throw .didNotStart(report.isEmpty ? "it exited at once" : report)
        }
        return pid
    }

    /// What the agent reports, once it has closed the pipe (or exited); nil when it has not
    /// within `startDeadline`.
    private static func readReport(from pipe: FileDescriptor) -> [UInt8]? {
        let clock = ContinuousClock()
        let deadline = clock.now + startDeadline
        var report: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while report.count < 4096 {
            guard clock.now < deadline else { return nil }
            var polled = pollfd(fd: pipe.rawValue, events: Int16(POLLIN), revents: 0)
            let timeout = AgentServer.milliseconds(until: deadline, from: clock.now)
            guard SystemCall.retryingInterrupts({ poll(&polled, 1, timeout) }) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { buffer in
                SystemCall.retryingInterrupts { read(pipe.rawValue, buffer.baseAddress, buffer.count) }
            }
            guard count > 0 else { return report }
            report += chunk[..<count]
        }
        return report
    }

    /// For the detached agent: it listens.
    static func reportReady() {
        report(ready)
    }

    /// For the detached agent: it cannot start, because of `error`.
    static func reportFailure(_ error: any Error) {
        report((error as? any VaultFailure)?.message ?? "\(error)")
    }

    /// Writes `text` on the report descriptor and closes it, when it is a pipe (as `launch`
    /// makes it): a hand-typed `--detached` writes into no file that happens to be open there.
    private static func report(_ text: String) {
        var status = stat()
        guard fstat(reportDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        let fd = FileDescriptor(rawValue: reportDescriptor)
        try? fd.writeEvery(Array(text.utf8))
        try? fd.close()
    }
}
