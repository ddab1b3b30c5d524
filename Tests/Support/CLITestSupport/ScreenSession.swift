import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program on a pseudo-terminal of its own, of a given size, driven the way a person drives a
/// full-screen program: the test waits until what it expects is on the screen, then types the
/// next keys, never sleeping in the hope that the program is ready. Standard output may go to a
/// file instead of the terminal, to see what a pipe would get.
package final class ScreenSession {
    private let master: Int32
    private let pid: pid_t
    /// Everything the program wrote on the terminal so far, escape sequences and all.
    private(set) var screen = Data()
    /// Where the next `waitFor` starts looking: just after what the last one found.
    private var mark = 0
    private var termination: Termination?

    /// Starts `executable arguments…` on a new pseudo-terminal of `rows` × `columns`, in a
    /// session of its own (so the terminal is its controlling terminal, `/dev/tty`), with
    /// standard output in `outputFile` when one is given.
    package init(
        _ executable: String, _ arguments: [String], environment: [String: String], rows: Int = 24, columns: Int = 80,
        outputFile: String? = nil
    ) throws {
        let (master, slave) = try PseudoTerminal.open()
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        self.master = master
        let output = outputFile.map { ($0, O_WRONLY | O_CREAT | O_TRUNC) } ?? (slave, O_RDWR)
        do {
            pid = try ExternalProgram.spawn(executable, arguments, environment: environment,
                                            streams: [(slave, O_RDWR), output, (slave, O_RDWR)], newSession: true)
        } catch {
            close(master)
            throw error
        }
    }

    deinit {
        if termination == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// The screen as text (invalid UTF-8 replaced).
    package var text: String { String(decoding: screen, as: UTF8.self) }

    /// The terminal's settings now (the master shows those of its other side).
    package var settings: termios {
        var settings = termios()
        tcgetattr(master, &settings)
        return settings
    }

    /// Waits until the program has written `expected` since the last thing waited for, reading
    /// what it writes meanwhile; fails the wait after `limit`.
    package func waitFor(_ expected: String, within limit: Duration = RunningVault.defaultTimeout) async throws {
        let wanted = Data(expected.utf8)
        let deadline = ContinuousClock.now + limit
        while true {
            if let found = screen.range(of: wanted, in: mark..<screen.count) {
                mark = found.upperBound
                return
            }
            guard ContinuousClock.now < deadline, try readSome() else {
                throw ScreenTimeout(expected: expected, screen: text)
            }
        }
    }

    /// Types `keys` (text, control characters and escape sequences) as a person would.
    package func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Sends the program a signal.
    package func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Reads until the program has closed the terminal, then how it ended.
    package func finish(within limit: Duration = RunningVault.defaultTimeout) async throws -> Termination {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline, try readSome() {}
        let ended = try await ExternalProgram.reap(pid, within: max(.zero, deadline - ContinuousClock.now))
        termination = ended ?? .signaled(SIGKILL)
        guard let ended else { throw ScreenTimeout(expected: "the end of the program", screen: text) }
        return ended
    }

    /// Reads what is there (waiting a few milliseconds when nothing is); false once the
    /// program has closed the terminal.
    private func readSome() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(master, &buffer, buffer.count)
        if count > 0 {
            screen.append(contentsOf: buffer[0..<count])
            return true
        }
        if count < 0 && errno == EIO { return false }
        if count < 0 && errno != EAGAIN && errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        usleep(5_000)
        return true
    }
}

/// What a screen session did not show in time.
package struct ScreenTimeout: Error, CustomStringConvertible {
    package var expected: String
    package var screen: String
    package var description: String { "never saw \(expected.debugDescription) on the screen:\n\(screen.debugDescription)" }
}
