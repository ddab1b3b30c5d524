import VaultCore
import VaultSystem
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// The controlling terminal (`/dev/tty`) as a full screen, so that standard input and output
/// stay free (`vault pick --print | …`): raw mode (keys as pressed, no echo, Ctrl-C and Ctrl-Z as
/// keys rather than signals) and the alternate screen, both undone by `close`, and by
/// `TerminationSignals` when a signal ends the process first.
public final class ControllingScreen: FullScreen {
    /// The alternate screen, entered with the cursor saved; leaving restores both.
    static let enter = "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
    static let leave = "\u{1B}[?1049l"

    private let descriptor: Int32
    private let saved: termios
    private var isOpen = true

    /// Takes over the terminal, or throws `TerminalError.noTerminal` when there is none.
    public init() throws(TerminalError) {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .noTerminal("a choice of entry") }
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else {
            Glibc.close(fd)
            throw .noTerminal("a choice of entry")
        }
        descriptor = fd
        saved = settings
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP | BRKINT)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        TerminalEchoGuard.arm(descriptor: fd, settings: settings, farewell: Self.leave)
        tcsetattr(fd, TCSAFLUSH, &raw)
        try? draw(Self.enter)
    }

    deinit {
        close()
        Glibc.close(descriptor)
    }

    public var size: ScreenSize {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
            return ScreenSize(rows: 24, columns: 80)
        }
        return ScreenSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }

    public func draw(_ text: String) throws {
        try FileDescriptor(rawValue: descriptor).writeEvery(Array(text.utf8))
    }

    public func readInput(waitingAtMost milliseconds: Int?) throws -> [UInt8] {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = SystemCall.retryingInterrupts { poll(&request, 1, Int32(milliseconds ?? -1)) }
        guard ready > 0 else {
            if ready < 0 { throw Errno(rawValue: errno) }
            return []
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = try buffer.withUnsafeMutableBytes { try FileDescriptor(rawValue: descriptor).readSome(into: $0) }
        // The end of the input: the terminal hung up, and nobody is left to choose.
        guard count > 0 else { throw TerminalError.cancelled }
        return Array(buffer[..<count])
    }

    public func close() {
        guard isOpen else { return }
        isOpen = false
        try? draw(Self.leave)
        var settings = saved
        tcsetattr(descriptor, TCSAFLUSH, &settings)
        TerminalEchoGuard.disarm()
    }
}
