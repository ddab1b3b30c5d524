import Foundation

/// Bounds how many commands the whole suite runs at once. Swift Testing starts every test at
/// the same time, and each may start `vault`, git, gpg, keepassxc-cli or exiftool, derive keys
/// or run a command in-process on a thread of its own: unbounded, that was a load average of 70
/// on two cores, where a command that takes a second alone took a minute and ran into its
/// test's hang guard.
///
/// A command that runs to its end (`VaultFixture.run`, `ExternalProgram.run`,
/// `PseudoTerminal.run`) waits here for a place, in the order it came, and holds it until it
/// ends. Its time limit starts once it has a place, so that a limit bounds the command's own
/// work, never the queue before it. What runs beside a test's commands and ends only when the
/// test says so (`VaultFixture.start`, servers, tmux sessions) takes no place, so a command
/// waiting on it (a lock it holds, a request to it) can always go on; nor does a quick look at
/// something that changes by itself or a key typed into a session (`ExternalProgram.probe`).
///
/// The width is `VAULT_TEST_COMMANDS` when set, else three per processor: commands spend part
/// of their time waiting on locks, D-Bus, pipes and children, and with three per processor the
/// suite on an idle two-core machine took as long as unbounded (357 s and 362 s, one run after
/// the other).
package final class CommandGate: @unchecked Sendable {
    package static let commands = CommandGate(width: {
        if let text = ProcessInfo.processInfo.environment["VAULT_TEST_COMMANDS"], let width = Int(text), width > 0 {
            return width
        }
        return 3 * max(1, ProcessInfo.processInfo.activeProcessorCount)
    }())

    package let width: Int
    private let lock = NSLock()
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(width: Int) { self.width = width }

    /// Runs `body` once a place is free, and frees it when `body` ends, however it ends.
    package func admitted<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async throws -> Result {
        await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if running < width {
                running += 1
                lock.unlock()
                continuation.resume()
            } else {
                waiting.append(continuation)
                lock.unlock()
            }
        }
    }

    /// Hands the place to the first command waiting, or frees it.
    private func leave() {
        lock.lock()
        if waiting.isEmpty {
            running -= 1
            lock.unlock()
        } else {
            let next = waiting.removeFirst()
            lock.unlock()
            next.resume()
        }
    }
}
