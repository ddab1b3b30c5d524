import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The terminal settings to put back if a termination signal ends the process while a secret is
/// being typed with echo off: `TerminationSignals` restores them before the process ends.
public enum TerminalEchoGuard {
    /// The terminal and its settings from before the prompt, while one is shown.
    private struct Saved: Sendable {
        var descriptor: Int32
        var settings: termios
    }

    private static let saved = Mutex<Saved?>(nil)

    /// Remembers the settings of the terminal at `descriptor` from before echo was turned off.
    public static func arm(descriptor: Int32, settings: termios) {
        saved.withLock { $0 = Saved(descriptor: descriptor, settings: settings) }
    }

    /// Forgets them, once the prompt has put them back itself.
    public static func disarm() {
        saved.withLock { $0 = nil }
    }

    /// Puts the remembered settings back, and ends the half-typed line.
    static func restore() {
        guard var remembered = saved.withLock({ $0 }) else { return }
        tcsetattr(remembered.descriptor, TCSAFLUSH, &remembered.settings)
        _ = write(remembered.descriptor, "\n", 1)
    }
}
