import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program on a pseudo-terminal of its own, as if a person sat at it: each time the
/// output so far ends with the next expected prompt, the answer is typed. Prompts are waited
/// for, never guessed with sleeps, so that typed input cannot be flushed away by a program that
/// discards type-ahead before reading a password.
package enum PseudoTerminal {
    /// What was shown on the terminal (echoed input included, with the terminal's `\r\n` line
    /// endings) and how the program ended.
    package struct Session {
        package var screen: String
        package var termination: Termination
    }

    package static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        answers: [(prompt: String, reply: String)], timeout: Duration = RunningVault.defaultTimeout
    ) async throws -> Session {
        try await CommandGate.commands.admitted {
            try await session(executable, arguments, environment: environment, answers: answers, timeout: timeout)
        }
    }

    private static func session(
        _ executable: String, _ arguments: [String], environment: [String: String],
        answers: [(prompt: String, reply: String)], timeout: Duration
    ) async throws -> Session {
        let (master, slave) = try open()
        defer { close(master) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        let pid = try ExternalProgram.spawn(executable, arguments, environment: environment,
                                            streams: [(slave, O_RDWR), (slave, O_RDWR), (slave, O_RDWR)], newSession: true)
        var screen = Data()
        var pending = answers[...]
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                screen.append(contentsOf: buffer[0..<count])
                if let next = pending.first, String(decoding: screen, as: UTF8.self).hasSuffix(next.prompt) {
                    try await type(next.reply, into: master, before: deadline)
                    pending.removeFirst()
                }
                continue
            }
            if count < 0 && errno == EIO { break }  // the program closed its terminal: it ended
            try await Task.sleep(for: .milliseconds(5))
        }
        let termination = try await ExternalProgram.reap(pid, within: max(.zero, deadline - ContinuousClock.now))
        guard let termination else {
            throw VaultTimeout(result: VaultResult(arguments: [executable] + arguments, termination: .signaled(SIGKILL),
                                                   stdoutData: screen, stderrData: Data(), started: deadline - timeout,
                                                   elapsed: timeout), limit: timeout)
        }
        return Session(screen: String(decoding: screen, as: UTF8.self), termination: termination)
    }

    /// Writes all of `text` to the terminal's master side, which does not block: what the
    /// terminal cannot take yet (its input queue is full until the program reads) is written
    /// once it can.
    private static func type(_ text: String, into master: Int32, before deadline: ContinuousClock.Instant) async throws {
        var rest = Array(text.utf8)[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 {
                rest = rest.dropFirst(written)
            } else if written < 0 && errno != EAGAIN && errno != EINTR {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            } else {
                guard ContinuousClock.now < deadline else { return }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// A new pseudo-terminal: the master's descriptor and the path of the other side. glibc's
    /// posix_openpt, grantpt, unlockpt and ptsname are XSI functions that Swift's Glibc module
    /// does not show, so they are looked up by name.
    package static func open() throws -> (master: Int32, slave: String) {
        typealias Open = @convention(c) (Int32) -> Int32
        typealias Prepare = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let library = dlopen(nil, RTLD_NOW)
        guard let openSymbol = dlsym(library, "posix_openpt"), let grantSymbol = dlsym(library, "grantpt"),
              let unlockSymbol = dlsym(library, "unlockpt"), let nameSymbol = dlsym(library, "ptsname") else {
            throw POSIXError(.ENOSYS)
        }
        let master = unsafeBitCast(openSymbol, to: Open.self)(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard unsafeBitCast(grantSymbol, to: Prepare.self)(master) == 0,
              unsafeBitCast(unlockSymbol, to: Prepare.self)(master) == 0,
              let name = unsafeBitCast(nameSymbol, to: Name.self)(master) else {
            close(master)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return (master, String(cString: name))
    }
}
