import VaultCore
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A program vault runs on a person's behalf and waits for (`vault run`): each of its standard
/// descriptors is one of ours (shared, as a shell would give it) or a pipe vault writes or
/// reads, and it is started as a fresh process would be (`ProcessSpawn`).
public struct ChildProcess {
    /// What one of the child's standard descriptors is.
    public enum Stream {
        /// This descriptor of ours, shared with the child.
        case shared(FileDescriptor)
        /// A pipe between vault and the child.
        case pipe
    }

    /// The child's process id.
    public let id: pid_t
    /// The write end of the pipe on the child's standard input, if it has one.
    public let input: FileDescriptor?
    /// The read ends of the pipes on the child's standard output and error, if it has them.
    public let output: FileDescriptor?
    public let errors: FileDescriptor?

    /// Starts `path` with `arguments` and exactly `environment`. Our ends of the pipes are
    /// close-on-exec and are the caller's to close.
    public static func start(
        _ path: String, _ arguments: [String], environment: [String: String], input: Stream, output: Stream, errors: Stream
    ) throws(Errno) -> ChildProcess {
        var ours: [Int32?] = []
        var theirs: [Int32] = []
        var started = false
        defer {
            for fd in theirs { close(fd) }
            if !started { for fd in ours.compactMap({ $0 }) { close(fd) } }
        }
        var descriptors: [Int32: ProcessSpawn.Source] = [:]
        for (target, stream) in [input, output, errors].enumerated() {
            switch stream {
            case .shared(let fd):
                let copy = fcntl(fd.rawValue, F_DUPFD_CLOEXEC, 10)
                guard copy >= 0 else { throw Errno(rawValue: errno) }
                theirs.append(copy)
                descriptors[Int32(target)] = .descriptor(copy)
                ours.append(nil)
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw Errno(rawValue: errno) }
                ends = ends.map(ProcessSpawn.lifted)
                let (childEnd, ourEnd) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                theirs.append(childEnd)
                descriptors[Int32(target)] = .descriptor(childEnd)
                ours.append(ourEnd)
            }
        }
        takeBackChildSignal()
        let pid = try ProcessSpawn.spawn(path, arguments, environment: environment, descriptors: descriptors)
        started = true
        return ChildProcess(id: pid, input: ours[0].map(FileDescriptor.init), output: ours[1].map(FileDescriptor.init),
                            errors: ours[2].map(FileDescriptor.init))
    }

    /// A SIGCHLD ignored by whoever started vault survives exec, and makes the kernel reap
    /// every child at once: waitpid then finds none (ECHILD), and the child's exit status is
    /// lost. It is set back to the default, which discards the signal as well; a handler that
    /// is installed (Foundation's, in a test process) is left alone.
    private static func takeBackChildSignal() {
        var current = sigaction()
        guard sigaction(SIGCHLD, nil, &current) == 0,
              unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) else { return }
        signal(SIGCHLD, SIG_DFL)
    }

    /// The child's exit status (or 128 + the signal that ended it) if it has ended, reaping it;
    /// nil while it runs.
    public func exitStatusIfEnded() -> Int32? {
        var status: Int32 = 0
        let done = SystemCall.retryingInterrupts { waitpid(id, &status, WNOHANG) }
        if done == id { return ProcessSpawn.exitStatus(status) }
        return done == 0 ? nil : 127
    }

    /// Waits for the child to end and returns its exit status (or 128 + the signal).
    public func waitForExit() -> Int32 {
        ProcessSpawn.wait(for: id, timeout: nil)
    }
}
