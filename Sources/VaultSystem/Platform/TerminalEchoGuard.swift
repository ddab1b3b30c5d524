import VaultCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The terminal settings to put back if a termination signal ends the process while the
/// terminal is set up for a command (echo off for a secret being typed, raw mode and the
/// alternate screen for `vault pick`): `TerminationSignals` restores them before the process
/// ends.
public enum TerminalEchoGuard {
    /// The terminal, its settings from before, and what to write to leave it as it was.
    private struct Saved: Sendable {
        var descriptor: Int32
        var settings: termios
        var farewell: [UInt8]
    }

    private static let saved = Mutex<Saved?>(nil)

    /// Remembers the settings of the terminal at `descriptor` from before the command changed
    /// them, and `farewell`, written after they are put back: by default a line break that
    /// ends the half-typed line; a full-screen display gives the sequence that leaves it.
    public static func arm(descriptor: Int32, settings: termios, farewell: String = "\n") {
        saved.withLock { $0 = Saved(descriptor: descriptor, settings: settings, farewell: Array(farewell.utf8)) }
    }

    /// Forgets them, once the command has put them back itself.
    public static func disarm() {
        saved.withLock { $0 = nil }
    }

    /// Puts the remembered settings back, and writes the farewell.
    static func restore() {
        guard var remembered = saved.withLock({ $0 }) else { return }
        tcsetattr(remembered.descriptor, TCSAFLUSH, &remembered.settings)
        _ = remembered.farewell.withUnsafeBytes { write(remembered.descriptor, $0.baseAddress, $0.count) }
    }
}
