import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (or kill, or a closed terminal) while the master password is typed with echo off
/// ends vault by that signal, and the terminal gets its echo back: a shell left without echo
/// would hide everything typed after. A process of its own on a pseudo-terminal, since the
/// point is the signal. Both for a command that runs on Swift concurrency's threads (`list`)
/// and for a hot command line, which runs on the main thread (`get`).
@Suite("Interrupted password prompts")
struct InterruptedPromptTests {
    @Test("a signal at the password prompt ends vault by it and gives the terminal its echo back",
          arguments: [SIGINT, SIGTERM, SIGHUP], [["list"], ["get", "web/site"]])
    func echoComesBack(signal: Int32, command: [String]) async throws {
        let fixture = try await VaultFixture.initialized()
        var environment = fixture.environment
        environment["VAULT_PASSWORD_FILE"] = nil
        let (master, slave) = try PseudoTerminal.open()
        defer { close(master) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        let pid = try ExternalProgram.spawn(VaultBinary.path, command, environment: environment,
                                            streams: [(slave, O_RDWR), (slave, O_RDWR), (slave, O_RDWR)], newSession: true)
        var screen = ""
        let deadline = ContinuousClock.now + RunningVault.defaultTimeout
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !screen.lowercased().contains("master password"), ContinuousClock.now < deadline {
            let count = read(master, &buffer, buffer.count)
            if count > 0 { screen += String(decoding: buffer[0..<count], as: UTF8.self) } else { try await Task.sleep(for: .milliseconds(5)) }
        }
        try #require(screen.lowercased().contains("master password"), "no prompt: \(screen)")
        #expect(try Self.echoes(master) == false, "the prompt turned echo off")

        kill(pid, signal)
        let ending = try await ExternalProgram.reap(pid, within: RunningVault.defaultTimeout)
        #expect(ending == .signaled(signal), "vault ends by the signal, as by default")
        #expect(try Self.echoes(master) == true, "the terminal has its echo back")
    }

    /// Whether the pseudo-terminal echoes input (its settings, read through the master side).
    static func echoes(_ master: Int32) throws -> Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }
}
