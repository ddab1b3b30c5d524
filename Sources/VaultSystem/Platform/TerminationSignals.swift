import VaultCore
import CProcessShim
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C, kill, a closed terminal and Ctrl-\ (SIGINT, SIGTERM, SIGHUP, SIGQUIT) for the vault
/// process. Swift concurrency runs commands on threads that block every signal, while the main
/// thread waits in sigsuspend with none blocked, so a per-thread mask decides nothing: `main`
/// installs a handler that passes each signal through a pipe to a thread of its own. A hot
/// command line runs on the main thread itself, which `takeOver()` then masks as those threads
/// are, so that every command meets the signals alike. A signal
/// that arrives while some work holds a `TerminationDeferral` waits until the last one is let
/// go; otherwise, and then, the terminal's settings are restored (`TerminalEchoGuard`) and the
/// process ends by that signal, as it would have by default. Where `main` never took them over
/// (a test running commands in its own process), deferrals only count.
///
/// While vault runs a program for the person (`vault run`), signals are passed on to it
/// instead (`forwarding(toChildStartedBy:_:)`), and vault ends when it does.
public enum TerminationSignals {
    static let numbers = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// The signals passed on to a program vault runs besides the termination signals: they ask
    /// a daemon to reload or reopen its logs, and would otherwise end vault and orphan it.
    static let forwardedOnly = [SIGUSR1, SIGUSR2]

    private struct State {
        var holders = 0
        var pending: Int32?
        /// The write end of the pipe the handler writes to, once `main` has taken over.
        var pipe: Int32?
        /// Where signals go instead of ending vault, while vault runs a child.
        var forwarding: Forwarding?
        /// What is done before a signal ends vault (`beforeEnding(_:)`).
        var cleanups: [@Sendable () -> Void] = []
    }

    private static let state = Mutex(State())

    /// Whom signals are passed on to.
    private enum Forwarding {
        /// A child being started: the first signal waits for it.
        case starting(pending: Int32?)
        case child(pid_t)
        /// The child has ended: a signal the terminal sent reached it with vault's copy, which
        /// the thread may act on only now, and is dropped; one a process sent ends vault.
        case ended
    }

    /// For `main`, on the main thread: installs the handler, starts the thread that acts on
    /// the signals, and then masks the main thread as Swift concurrency's threads are
    /// (`maskLikeConcurrencyThreads()`); when the pipe or the thread cannot be made, nothing is
    /// taken over or masked, and the signals keep their default actions. A signal set to be
    /// ignored afterwards (as the clipboard clearer does with SIGHUP) stays ignored.
    public static func takeOver() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var thread = pthread_t()
        // The read end, for the thread; kept for its life, which is the process's.
        let reader = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        reader.initialize(to: ends[0])
        guard pthread_create(&thread, nil, { argument in
            let descriptor = argument!.assumingMemoryBound(to: Int32.self).pointee
            // Whatever mask vault was started with, this thread takes the signals it passes on:
            // for a hot command line it is the only thread that does.
            var taken = TerminationSignals.set()
            for number in TerminationSignals.forwardedOnly { sigaddset(&taken, number) }
            pthread_sigmask(SIG_UNBLOCK, &taken, nil)
            while true {
                var byte: UInt8 = 0
                guard SystemCall.retryingInterrupts({ read(descriptor, &byte, 1) }) == 1 else { return nil }
                TerminationSignals.arrived(Int32(byte & 0x7f), fromTerminal: byte & 0x80 != 0)
            }
        }, reader) == 0 else { return }
        pthread_detach(thread)
        state.withLock { $0.pipe = ends[1] }
        _ = numbers.withUnsafeBufferPointer { vault_forward_signals(ends[1], $0.baseAddress, Int32($0.count)) }
        maskLikeConcurrencyThreads()
    }

    /// Blocks on the main thread the signals that Swift concurrency's threads block (all but
    /// those a fault raises, SIGPIPE and SIGPROF), as those threads run every command that is
    /// not a hot command line, which runs here. The termination signals then go to the thread
    /// `takeOver()` started, and a command in a background job that reads the terminal fails
    /// (EIO) rather than being stopped (SIGTTIN), whichever thread it runs on. Waiting for the
    /// other commands, the main thread unblocks them all again (Swift concurrency's
    /// sigsuspend), as before.
    private static func maskLikeConcurrencyThreads() {
        var set = sigset_t()
        sigfillset(&set)
        for number in [SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGSEGV, SIGPIPE, SIGPROF, SIGSYS] { sigdelset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Starts a child with `start` and runs `body` (which waits for it) with every termination
    /// signal and SIGUSR1 and SIGUSR2 sent to vault passed on to the child instead of ending
    /// vault; one that arrives while the child is being started is passed on once it has
    /// started. A signal the kernel sent to the terminal's whole foreground group (Ctrl-C,
    /// Ctrl-\\, a hangup) has reached the child already, and is not sent twice.
    public static func forwarding<Value>(toChildStartedBy start: () throws -> pid_t, _ body: () throws -> Value) throws -> Value {
        let pipe = state.withLock { state in
            state.forwarding = .starting(pending: nil)
            return state.pipe
        }
        if let pipe {
            _ = forwardedOnly.withUnsafeBufferPointer { vault_forward_signals(pipe, $0.baseAddress, Int32($0.count)) }
        }
        let pid: pid_t
        do {
            pid = try start()
        } catch {
            stopForwarding()
            throw error
        }
        let early = state.withLock { state -> Int32? in
            defer { state.forwarding = .child(pid) }
            if case .starting(let pending) = state.forwarding { return pending }
            return nil
        }
        if let early { kill(pid, early) }
        defer { stopForwarding() }
        return try body()
    }

    /// For whoever reaps the child before forwarding ends (`MaskedRelay`, which passes on what
    /// is left in its pipes afterwards): signals are no longer sent to its pid, which the
    /// system may give to another process.
    static func childEnded() {
        state.withLock { state in
            if case .child = state.forwarding { state.forwarding = .ended }
        }
    }

    /// Ends forwarding; a signal that came while the child was being started and none was
    /// there to take it now ends vault.
    private static func stopForwarding() {
        let pending = state.withLock { state -> Int32? in
            defer { state.forwarding = .ended }
            if case .starting(let pending) = state.forwarding { return pending }
            return nil
        }
        if let pending { end(by: pending) }
    }

    /// The four signals as a set.
    static func set() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }

    private static func arrived(_ number: Int32, fromTerminal: Bool) {
        let now = state.withLock { state -> Bool in
            switch state.forwarding {
            case .child(let pid):
                if !fromTerminal { kill(pid, number) }
                return false
            case .starting(let pending):
                if !fromTerminal { state.forwarding = .starting(pending: pending ?? number) }
                return false
            case .ended where fromTerminal:
                return false
            case .ended, nil:
                break
            }
            guard state.holders > 0 else { return true }
            state.pending = state.pending ?? number
            return false
        }
        if now { end(by: number) }
    }

    static func hold() {
        state.withLock { $0.holders += 1 }
    }

    static func release() {
        let waiting = state.withLock { state -> Int32? in
            state.holders -= 1
            return state.holders == 0 ? state.pending : nil
        }
        if let waiting { end(by: waiting) }
    }

    /// Whether a signal is waiting for the deferrals to end.
    static var isPending: Bool { state.withLock { $0.pending != nil } }

    /// Has `action` done before a signal ends the process: for a daemon's own files (the SSH
    /// agent's socket). It runs on the thread that acts on signals, whatever the others are
    /// doing, so it must be quick and safe at any moment (removing a path is).
    public static func beforeEnding(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.cleanups.append(action) }
    }

    /// Ends the process by `number`, as its default action would.
    private static func end(by number: Int32) -> Never {
        for cleanup in state.withLock({ $0.cleanups }) { cleanup() }
        TerminalEchoGuard.restore()
        signal(number, SIG_DFL)
        var one = sigset_t()
        sigemptyset(&one)
        sigaddset(&one, number)
        pthread_sigmask(SIG_UNBLOCK, &one, nil)
        raise(number)
        _exit(128 + number)
    }
}
