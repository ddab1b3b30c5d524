import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// Writes to a pipe whose reader may be gone (a helper that exited, `vault run … | head`)
/// without SIGPIPE ending the process: the signal is held back in the calling thread only, so
/// the write fails with `EPIPE`, and a SIGPIPE the writes raised is taken off the thread before
/// its mask is restored. Nothing changes for the rest of the process (no disposition is
/// flipped, so commands running beside it in one process are not affected), and a program
/// started meanwhile gets an empty mask from `ProcessSpawn`.
package enum BrokenPipeGuard {
    /// Runs `body` with SIGPIPE held back in this thread.
    package static func failingWithEPIPE<R>(_ body: () throws -> R) rethrows -> R {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var pendingBefore = sigset_t()
        sigpending(&pendingBefore)
        let wasPending = sigismember(&pendingBefore, SIGPIPE) == 1
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if !wasPending && sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = SystemCall.retryingInterrupts { sigtimedwait(&pipeSignal, nil, &now) }
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try body()
    }
}
