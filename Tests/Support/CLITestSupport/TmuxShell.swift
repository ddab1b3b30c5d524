import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// An interactive shell in a tmux session of its own (its own server socket), for what only a
/// terminal shows: what Tab inserts on the command line. Keys are sent with `tmux send-keys`;
/// the screen is read with `tmux capture-pane`, which shows it as a terminal emulator would.
package final class TmuxShell {
    package static let tmux = ExternalProgram.find("tmux")

    private let socket: String
    private let environment: [String: String]

    /// Starts `command` (the shell and its arguments) in a new 100 × 30 session.
    package init(_ command: [String], environment: [String: String], socket: String) async throws {
        self.socket = socket
        self.environment = environment
        try await run(["-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30"] + command)
    }

    /// Ends the session, its shell and its server (waiting for the short `kill-server`).
    deinit {
        guard let tmux = Self.tmux, let pid = try? ExternalProgram.spawn(
            tmux, ["-S", socket, "kill-server"], environment: environment,
            streams: [("/dev/null", O_RDONLY), ("/dev/null", O_WRONLY), ("/dev/null", O_WRONLY)]) else { return }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Types `text` literally.
    package func type(_ text: String) async throws {
        try await run(["send-keys", "-l", text])
    }

    /// Presses a key by tmux's name for it (`Tab`, `Enter`, `C-u`).
    package func press(_ key: String) async throws {
        try await run(["send-keys", key])
    }

    /// The screen's lines now.
    package func screen() async throws -> String {
        try await run(["capture-pane", "-p"]).stdout
    }

    /// Waits until a line of the screen satisfies `condition`; fails with the screen after a
    /// minute, a guard against hanging.
    package func waitForLine(_ description: String, _ condition: @escaping (String) -> Bool) async throws {
        var last = ""
        let seen = try await eventually(within: .seconds(60), every: .milliseconds(50)) {
            last = try await self.screen()
            return last.split(separator: "\n").contains { condition(String($0)) }
        }
        if !seen { throw ScreenTimeout(expected: description, screen: last) }
    }

    @discardableResult
    private func run(_ arguments: [String]) async throws -> VaultResult {
        let tmux = try #require(Self.tmux, "tmux is not installed")
        // A probe: the tmux server does the work, and a key press or a look at the screen must
        // not wait behind other tests' commands.
        let result = try await ExternalProgram.probe(tmux, ["-S", socket] + arguments, environment: environment, timeout: .seconds(30))
        try #require(result.status == 0, "\(result)")
        return result
    }
}
