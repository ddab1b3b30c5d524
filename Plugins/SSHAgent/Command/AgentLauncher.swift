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
    private static let ready = "listening"

    /// Starts `vault arguments…` detached; its process id once it listens.
    static func launch(_ arguments: [String], context: CommandContext) throws(SSHAgentError) -> pid_t {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .didNotStart(String(cString: strerror(errno))) }
        // The read end stays here; the write end goes to the agent as descriptor 3 alone.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
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
        // Until the agent writes its word and closes the pipe, or exits.
        let report = String(decoding: (try? reading.readToEnd(limit: 4096)) ?? [], as: UTF8.self)
        guard report == ready else {
            throw .didNotStart(report.isEmpty ? "it exited at once" : report)
        }
        return pid
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
