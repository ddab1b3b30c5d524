import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// vault marks itself not dumpable at start-up (PR_SET_DUMPABLE 0), so that other processes of
/// the same user cannot attach a debugger to it or read its memory through /proc, and the
/// kernel writes no core file. The kernel shows it: the process's private /proc files
/// (environ, mem, …) then belong to root instead of the process's user.
@Suite("Process hardening")
struct DumpableTests {
    @Test("a running vault is not dumpable: its /proc files belong to root, not to its user")
    func notDumpable() async throws {
        let fixture = try VaultFixture()
        var arguments = [VaultBinary.path, "init", "--no-keyring"]
        var user = getuid()
        if user == 0 {
            // As root the two owners would be the same; run vault as nobody instead.
            let setpriv = try #require(ExternalProgram.find("setpriv"), "setpriv (util-linux) is needed to run vault as another user")
            guard access(VaultBinary.path, X_OK) == 0, Self.reachableByOthers(VaultBinary.path) else {
                print("skipped: \(VaultBinary.path) cannot be run by another user")
                return
            }
            arguments = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] + arguments
            user = 65534
        }
        // `vault init` with no password source and a pseudo-terminal waits at its prompt.
        var environment = fixture.environment
        environment["VAULT_PASSWORD_FILE"] = nil
        environment["VAULT_PATH"] = fixture.path("never/vault.json")
        let waiter = try Self.startWaitingAtPrompt(arguments, environment: environment)
        defer { kill(waiter.pid, SIGKILL); var status: Int32 = 0; waitpid(waiter.pid, &status, 0); close(waiter.master) }
        // Only a vault alive at its prompt counts: an ended process's files belong to root too.
        try #require(waiter.screen.contains("master password"), "vault did not reach its prompt: \(waiter.screen.debugDescription)")
        try #require(Self.isRunning(waiter.pid))
        var info = stat()
        try #require(stat("/proc/\(waiter.pid)/environ", &info) == 0)
        try #require(Self.isRunning(waiter.pid))
        #expect(info.st_uid == 0, "owner \(info.st_uid): vault (running as \(user)) must not be dumpable")
    }

    /// Every folder above `path` can be searched by others, and the file executed by them.
    private static func reachableByOthers(_ path: String) -> Bool {
        var current = path
        while current != "/" && !current.isEmpty {
            var info = stat()
            guard stat(current, &info) == 0, info.st_mode & 0o001 != 0 else { return false }
            current = (current as NSString).deletingLastPathComponent
        }
        return true
    }

    /// Starts the program on a pseudo-terminal and reads what it shows until its prompt (or 30 s).
    private static func startWaitingAtPrompt(_ command: [String], environment: [String: String]) throws -> (pid: pid_t, master: Int32, screen: String) {
        let (master, slave) = try PseudoTerminal.open()
        let pid = try ExternalProgram.spawn(command[0], Array(command.dropFirst()), environment: environment,
                                            streams: [(slave, O_RDWR), (slave, O_RDWR), (slave, O_RDWR)], newSession: true)
        var screen = Data()
        var buffer = [UInt8](repeating: 0, count: 1024)
        let deadline = ContinuousClock.now + .seconds(30)
        while !String(decoding: screen, as: UTF8.self).hasSuffix("password: ") && ContinuousClock.now < deadline {
            var pollfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pollfd, 1, 100) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            screen.append(contentsOf: buffer[0..<count])
        }
        return (pid, master, String(decoding: screen, as: UTF8.self))
    }

    /// Whether the process is alive and not a zombie.
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ") ", options: .backwards) else { return false }
        return !stat[afterName.upperBound...].hasPrefix("Z")
    }
}
