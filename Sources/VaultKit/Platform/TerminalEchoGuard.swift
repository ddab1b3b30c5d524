#if canImport(Glibc)
import Glibc
#endif

/// Restores the terminal's echo if the process is interrupted while a secret is being typed;
/// a signal handler cannot capture context, so the saved settings live in globals, here in the
/// platform layer.
public enum TerminalEchoGuard {
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var settings = termios()

    public static func arm(descriptor fd: Int32, settings saved: termios) {
        settings = saved
        descriptor = fd
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            Glibc.signal(signal) { number in
                if TerminalEchoGuard.descriptor >= 0 {
                    tcsetattr(TerminalEchoGuard.descriptor, TCSAFLUSH, &TerminalEchoGuard.settings)
                    _ = Glibc.write(TerminalEchoGuard.descriptor, "\n", 1)
                }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    public static func disarm() {
        descriptor = -1
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { Glibc.signal(signal, SIG_DFL) }
    }
}
