#if canImport(Glibc)
import Glibc
#endif

/// Holds off Ctrl-C, kill and a closed terminal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) while work
/// that must not be cut short runs on this thread; a signal that arrives meanwhile takes effect
/// when the work is done. Dispatch's worker threads block these signals already, so holding
/// them on the thread that starts a parallel batch holds them for the whole process.
public struct TerminationDeferral: Sendable {
    private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The signals this deferral blocked; those blocked already are left to whoever blocked them.
    private let held: [Int32]

    /// Runs `body` with the termination signals blocked on this thread, then restores the mask.
    public static func holding<Value, Failure: Error>(
        _ body: (TerminationDeferral) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        var deferred = sigset_t()
        var previous = sigset_t()
        sigemptyset(&deferred)
        for signal in signals { sigaddset(&deferred, signal) }
        pthread_sigmask(SIG_BLOCK, &deferred, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body(TerminationDeferral(held: signals.filter { sigismember(&previous, $0) == 0 }))
    }

    /// Whether a held signal is waiting to take effect (and is not ignored): a batch checks this
    /// before each item, so that it stops early instead of finishing everything.
    public var isPending: Bool {
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return false }
        return held.contains { signal in
            var action = sigaction()
            sigaction(signal, nil, &action)
            let ignored = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            return sigismember(&pending, signal) == 1 && !ignored
        }
    }
}
