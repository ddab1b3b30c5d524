import VaultKit
#if canImport(Glibc)
import Glibc
#endif

/// The process's controlling terminal, opened directly so that prompts work while standard
/// input and output are redirected. Reads secrets with echo off and restores the terminal
/// settings afterwards, also when the user presses Ctrl-C.
public final class ControllingTerminal {
    private let descriptor: Int32

    public init() throws(TerminalError) {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .noTerminal("input") }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Whether standard input is a terminal (rather than a pipe or a file).
    public static var standardInputIsTerminal: Bool { isatty(0) == 1 }

    /// Writes `text` (a prompt or a question, which may quote a name) to the terminal, with
    /// control characters but line breaks made visible.
    public func write(_ text: String) {
        var copy = TerminalText.visibleLines(text)
        copy.withUTF8 { bytes in _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
    }

    /// Reads one line with echo off; with `confirm`, twice, and the two must match.
    public func readSecret(prompt: String, confirm: Bool, what: String) throws -> SecureBytes {
        let first = try readHiddenLine(prompt: prompt)
        guard first.count > 0 else { throw InputError.emptySecret(what) }
        if confirm {
            let second = try readHiddenLine(prompt: "Again: ")
            guard first.constantTimeEquals(second) else { throw TerminalError.mismatch }
        }
        return first
    }

    /// Asks a yes/no question; anything but y or yes is no.
    public func confirm(_ question: String) -> Bool {
        write(question + " [y/N] ")
        guard let answer = try? readLine(echo: true) else { return false }
        let text = answer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        return ["y", "yes"].contains(text.lowercased())
    }

    private func readHiddenLine(prompt: String) throws -> SecureBytes {
        write(prompt)
        defer { write("\n") }
        return try readLine(echo: false)
    }

    private func readLine(echo: Bool) throws -> SecureBytes {
        var saved = termios()
        let haveSettings = tcgetattr(descriptor, &saved) == 0
        if haveSettings && !echo {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL)
            quiet.c_lflag |= tcflag_t(ICANON)
            EchoGuard.arm(descriptor: descriptor, settings: saved)
            tcsetattr(descriptor, TCSAFLUSH, &quiet)
        }
        defer {
            if haveSettings && !echo {
                tcsetattr(descriptor, TCSAFLUSH, &saved)
                EchoGuard.disarm()
            }
        }
        return try SecretReader.line(from: descriptor, what: "input")
    }
}

/// Restores the terminal's echo if the process is interrupted while a secret is being typed;
/// a signal handler cannot capture context, so the saved settings live in globals.
enum EchoGuard {
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var settings = termios()

    static func arm(descriptor fd: Int32, settings saved: termios) {
        settings = saved
        descriptor = fd
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            Glibc.signal(signal) { number in
                if EchoGuard.descriptor >= 0 {
                    tcsetattr(EchoGuard.descriptor, TCSAFLUSH, &EchoGuard.settings)
                    _ = Glibc.write(EchoGuard.descriptor, "\n", 1)
                }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    static func disarm() {
        descriptor = -1
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { Glibc.signal(signal, SIG_DFL) }
    }
}
