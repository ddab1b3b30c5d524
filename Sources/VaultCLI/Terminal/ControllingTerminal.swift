import VaultCore
import VaultSystem
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// The process's controlling terminal, opened directly so that prompts work while standard
/// input and output are redirected. Reads secrets with echo off and restores the terminal
/// settings afterwards, also when the user presses Ctrl-C.
public final class ControllingTerminal: Terminal {
    private let descriptor: Int32

    public init() throws(TerminalError) {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .noTerminal("input") }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Writes `text` (a prompt or a question, which may quote a name) to the terminal, with
    /// control characters but line breaks made visible.
    public func write(_ text: String) {
        // A prompt that cannot be shown is not worth failing for: the answer is still read.
        try? FileDescriptor(rawValue: descriptor).writeEvery(Array(TerminalText.visibleLines(text).utf8))
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

    /// Reads lines after one prompt, with or without echo: the first, then more while `more`
    /// says the lines so far go on (a pasted key, a note), until the input ends (Ctrl-D). The
    /// terminal is set once for all of them: a paste arrives at once, and setting it between
    /// lines would throw away the lines not yet read.
    public func readLines(prompt: String, echo: Bool, while more: ([SecureBytes]) -> Bool) throws -> [SecureBytes] {
        defer { if !echo { write("\n") } }
        return try withSettings(echo: echo, prompt: prompt) { input in
            var lines: [SecureBytes] = []
            while let line = try SecretReader.lineOrEnd(from: input, what: "input") {
                lines.append(line)
                if !more(lines) { break }
            }
            return lines
        }
    }

    /// Asks a yes/no question; anything but y or yes is no.
    public func confirm(_ question: String) -> Bool {
        guard let answer = try? readLine(prompt: question + " [y/N] ", echo: true) else { return false }
        let text = answer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        return ["y", "yes"].contains(text.lowercased())
    }

    private func readHiddenLine(prompt: String) throws -> SecureBytes {
        try readLine(prompt: prompt, echo: false) ?? SecureBytes(count: 0)
    }

    /// Shows `prompt` and runs `read` on the terminal. Without `echo`, echo is turned off (and
    /// what was typed ahead is discarded) before the prompt appears, so that an answer typed
    /// once the prompt shows is never thrown away; afterwards the settings come back and what
    /// was typed beyond the answer is discarded, so a secret pasted with more lines than asked
    /// for never reaches the shell.
    private func withSettings<R>(echo: Bool, prompt: String, _ read: (FileDescriptor) throws -> R) throws -> R {
        var saved = termios()
        let haveSettings = tcgetattr(descriptor, &saved) == 0
        if haveSettings && !echo {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL)
            quiet.c_lflag |= tcflag_t(ICANON)
            TerminalEchoGuard.arm(descriptor: descriptor, settings: saved)
            tcsetattr(descriptor, TCSAFLUSH, &quiet)
        }
        defer {
            if haveSettings && !echo {
                tcsetattr(descriptor, TCSAFLUSH, &saved)
                TerminalEchoGuard.disarm()
            }
        }
        write(prompt)
        return try read(FileDescriptor(rawValue: descriptor))
    }
}
