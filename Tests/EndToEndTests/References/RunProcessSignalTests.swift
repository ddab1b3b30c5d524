import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `vault run` as a process of its own: signals sent to vault reach the command, a Ctrl-C at
/// the terminal reaches it once, and the command's exit status is vault's.
@Suite("vault run: signals")
struct RunProcessSignalTests {
    /// A shell script's prologue: a background sleep to wait on (so that a trap runs at once),
    /// and a line `ready SHELL SLEEP` on standard error once the traps are set.
    static let waiting = #"sleep 1000 & p=$!; echo "ready $$ $p" >&2; "#

    /// Waits until the command has said it is ready; returns the ids it gave, for cleaning up.
    static func ready(_ vault: RunningVault, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [pid_t] {
        let said = try await eventually(within: .seconds(30)) { vault.stderrSoFar().contains("ready ") || vault.hasEnded }
        let line = vault.stderrSoFar().split(separator: "\n").first { $0.hasPrefix("ready ") }
        try #require(said && line != nil, "the command never got ready: \(vault.stderrSoFar())", sourceLocation: sourceLocation)
        return line!.split(separator: " ").dropFirst().compactMap { pid_t($0) }
    }

    /// Ends what a failed test may have left running.
    static func cleanUp(_ pids: [pid_t]) {
        for pid in pids { kill(pid, SIGKILL) }
    }

    static let references: [[String: String?]] = [[:], ["DB": "vault://web/github"]]

    @Test("SIGTERM sent to vault reaches the command, whose exit status is vault's", arguments: references)
    func terminate(variables: [String: String?]) async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let script = #"trap 'echo "got TERM $DB"; kill $p; exit 7' TERM; "# + Self.waiting + "wait $p; exit 99"
        let vault = try fixture.start(["run", "--", "sh", "-c", script], environment: variables)
        let pids = try await Self.ready(vault)
        defer { Self.cleanUp(pids) }
        #expect(vault.send(SIGTERM))
        let result = try await vault.finish(timeout: .seconds(30))
        #expect(result.termination == .exited(7), "\(result)")
        let shown = variables.isEmpty ? "" : ConcealedOutput.marker
        #expect(result.stdout == "got TERM \(shown)\n", "\(result)")
    }

    @Test("SIGUSR1 and SIGUSR2 reach the command and do not end vault", arguments: references)
    func userSignals(variables: [String: String?]) async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let script = #"trap 'echo got USR1 >&2' USR1; trap 'echo got USR2; kill $p' USR2; "# + Self.waiting
            + "while kill -0 $p 2>/dev/null; do wait $p; done; exit 3"
        let vault = try fixture.start(["run", "--", "sh", "-c", script], environment: variables)
        let pids = try await Self.ready(vault)
        defer { Self.cleanUp(pids) }
        #expect(vault.send(SIGUSR1))
        #expect(try await eventually(within: .seconds(30)) { vault.stderrSoFar().contains("got USR1") || vault.hasEnded })
        #expect(vault.send(SIGUSR2))
        let result = try await vault.finish(timeout: .seconds(30))
        #expect(result.termination == .exited(3), "\(result)")
        #expect(result.stdout == "got USR2\n" && result.stderr.components(separatedBy: "got USR1\n").count == 2, "\(result)")
    }

    @Test("Ctrl-C at the terminal reaches the command exactly once", arguments: references)
    func interruptAtTerminal(variables: [String: String?]) async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        // Each SIGINT is counted and answered with a SIGUSR1 to vault, which vault passes back:
        // vault handles signals in order, so a second SIGINT it passed on arrives first.
        let script = """
            n=0
            trap 'n=$((n+1)); kill -USR1 $PPID' INT
            trap 'echo "count=$n"; kill $p; exit $((40+n))' USR1
            sleep 1000 & p=$!
            echo ready
            for i in 1 2 3 4 5; do wait $p; done
            kill $p; exit 99
            """
        var environment = fixture.environment
        for (name, value) in variables { environment[name] = value }
        let session = try await PseudoTerminal.run(VaultBinary.path, ["run", "--", "sh", "-c", script], environment: environment,
                                                   answers: [("ready\r\n", "\u{3}")], timeout: .seconds(30))
        #expect(session.screen.contains("count=1"), "\(session.screen)")
        #expect(session.termination == .exited(41), "\(session.screen)")
    }
}
