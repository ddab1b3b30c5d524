import Testing
@testable import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// A write to a pipe whose reader is gone fails with EPIPE inside the guard, and the SIGPIPE it
/// raised is gone from the thread afterwards, without the process's disposition changing. The
/// test holds SIGPIPE back in its own thread around the guard, so that a signal the guard left
/// pending is seen here (by sigpending) rather than delivered.
@Suite("SIGPIPE held back per thread")
struct BrokenPipeGuardTests {
    private static func pipeSignal() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        return set
    }

    private static func isPending() -> Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return sigismember(&pending, SIGPIPE) == 1
    }

    @Test("the write fails with EPIPE, nothing is left pending, and the disposition is unchanged")
    func brokenPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        var before = sigaction()
        sigaction(SIGPIPE, nil, &before)
        var held = Self.pipeSignal()
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try #require(!Self.isPending(), "no SIGPIPE pending before the test")

        let (written, error) = BrokenPipeGuard.failingWithEPIPE { () -> (Int, Int32) in
            var byte: UInt8 = 0x2A
            let count = write(ends[1], &byte, 1)
            return (count, errno)
        }
        #expect(written == -1 && error == EPIPE, "the write fails with EPIPE inside the guard")
        #expect(!Self.isPending(), "the guard takes the SIGPIPE it caused off the thread")
        var after = sigaction()
        sigaction(SIGPIPE, nil, &after)
        #expect(unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self),
                "the process's disposition is left as it was")
    }

    @Test("a SIGPIPE pending before the guard is left pending")
    func pendingBefore() throws {
        var held = Self.pipeSignal()
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&held, nil, &now)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        pthread_kill(pthread_self(), SIGPIPE)
        try #require(Self.isPending())
        BrokenPipeGuard.failingWithEPIPE {}
        #expect(Self.isPending(), "a signal the guard did not cause is not its to take")
    }
}
