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
        let (fixture, environment, master, slave) = try await Self.askingVaultOnATerminal()
        defer {
            close(master)
            withExtendedLifetime(fixture) {}  // its folder lives as long as the test
        }
        let pid = try ExternalProgram.spawn(VaultBinary.path, command, environment: environment,
                                            streams: [(slave, O_RDWR), (slave, O_RDWR), (slave, O_RDWR)], newSession: true)
        let screen = try await Self.screen(of: master, until: "master password")
        try #require(screen.lowercased().contains("master password"), "no prompt: \(screen)")
        #expect(try Self.echoes(master) == false, "the prompt turned echo off")

        kill(pid, signal)
        let ending = try await ExternalProgram.reap(pid, within: RunningVault.defaultTimeout)
        #expect(ending == .signaled(signal), "vault ends by the signal, as by default")
        #expect(try Self.echoes(master) == true, "the terminal has its echo back")
    }

    /// Job control meets every command alike: a hot command line runs on the main thread,
    /// masked as the threads the others run on are, so that in a background job its prompt
    /// fails to read the terminal (EIO), as any command's does, rather than stopping the job.
    @Test("in a background job, a command that must ask fails to read the terminal instead of stopping",
          arguments: [["list"], ["get", "web/site"]])
    func backgroundJobFails(command: [String]) async throws {
        let shell = "/bin/bash", setsid = "/usr/bin/setsid"
        try #require(access(shell, X_OK) == 0 && access(setsid, X_OK) == 0, "bash and setsid (util-linux) run the job")
        let (fixture, environment, master, slave) = try await Self.askingVaultOnATerminal()
        defer {
            close(master)
            withExtendedLifetime(fixture) {}  // its folder lives as long as the test
        }
        let line = ([VaultBinary.path] + command).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        // A shell with job control leading a session whose terminal is the pseudo-terminal; a
        // job that stopped instead is killed, and its status (128 and the signal) shows it.
        let script = "\(line) & wait $!; echo \"status=$?\"; kill -KILL %1 2>/dev/null"
        let pid = try ExternalProgram.spawn(setsid, ["--ctty", shell, "-m", "-c", script], environment: environment,
                                            streams: [(slave, O_RDWR), (slave, O_RDWR), (slave, O_RDWR)])
        let screen = try await Self.screen(of: master, until: "status=")
        _ = try await ExternalProgram.reap(pid, within: RunningVault.defaultTimeout)
        #expect(screen.contains("status=1"), "\(screen)")
        #expect(screen.contains("cannot read input"), "\(screen)")
    }

    /// A vault that must ask for its password (no password file, nothing cached), with the
    /// environment that points at it, and a new pseudo-terminal: its master side (non-blocking,
    /// for the test) and its slave's path. The vault's folder goes with the fixture.
    private static func askingVaultOnATerminal() async throws
        -> (fixture: VaultFixture, environment: [String: String], master: Int32, slave: String) {
        let fixture = try await VaultFixture.initialized()
        var environment = fixture.environment
        environment["VAULT_PASSWORD_FILE"] = nil
        let (master, slave) = try PseudoTerminal.open()
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        return (fixture, environment, master, slave)
    }

    /// What the terminal showed until `text` (in any case), or until the usual timeout.
    private static func screen(of master: Int32, until text: String) async throws -> String {
        var screen = ""
        let deadline = ContinuousClock.now + RunningVault.defaultTimeout
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !screen.lowercased().contains(text.lowercased()), ContinuousClock.now < deadline {
            let count = read(master, &buffer, buffer.count)
            if count > 0 { screen += String(decoding: buffer[0..<count], as: UTF8.self) } else { try await Task.sleep(for: .milliseconds(5)) }
        }
        return screen
    }

    /// Whether the pseudo-terminal echoes input (its settings, read through the master side).
    static func echoes(_ master: Int32) throws -> Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }
}
