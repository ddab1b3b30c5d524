import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `vault run` as a process of its own: its output in pipes that close early or that a
/// process the command left behind holds, a secret split across reads, and the issue's own
/// command line.
@Suite("vault run: pipes")
struct RunProcessPipeTests {
    /// Runs `script` with /bin/sh, `$VAULT` being the binary, in the fixture's environment plus
    /// `variables`.
    static func shell(_ fixture: VaultFixture, _ script: String, variables: [String: String] = [:],
                      timeout: Duration = .seconds(30)) async throws -> VaultResult {
        let environment = fixture.environment.merging(variables.merging(["VAULT": VaultBinary.path]) { $1 }) { $1 }
        return try await ExternalProgram.run("/bin/sh", ["-c", script], environment: environment, timeout: timeout)
    }

    @Test("a reader that stops early (| head -c 1) ends the command and vault", arguments: [[:], ["DB": "vault://web/github"]])
    func earlyClose(variables: [String: String]) async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let script = #"{ "$VAULT" run -- sh -c 'while :; do echo yes; done'; echo "status=$?" >&2; } | head -c 1"#
        let result = try await Self.shell(fixture, script, variables: variables)
        #expect(result.stdout == "y", "\(result)")
        #expect(result.stderr == "status=141\n", "the command died of SIGPIPE, as without vault: \(result)")
    }

    @Test("a background process that keeps the pipes open does not keep vault waiting", arguments: [[:], ["DB": "vault://web/github"]])
    func quietBackgroundProcess(variables: [String: String?]) async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let vault = try fixture.start(["run", "--", "sh", "-c", #"sleep 1000 & echo "bg $!"; echo "$DB" >&2; exit 5"#],
                                      environment: variables)
        let result = try await vault.finish(timeout: .seconds(30))
        let background = result.stdout.split(separator: " ").last.flatMap { pid_t($0.dropLast()) }
        if let background { kill(background, SIGKILL) }
        #expect(result.termination == .exited(5), "\(result)")
        #expect(background != nil, "\(result)")
        #expect(result.stderr == (variables.isEmpty ? "\n" : ConcealedOutput.marker + "\n"), "\(result)")
    }

    @Test("a background process that keeps writing does not keep vault running once the command has ended")
    func busyBackgroundProcess() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let pidFile = fixture.path("bg")
        defer {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(pid, SIGKILL)
            }
        }
        let script = #"exec "$VAULT" run -- sh -c 'yes & echo $! > "$BG"; exit 6' > /dev/null"#
        let result = try await Self.shell(fixture, script, variables: ["DB": "vault://web/github", "BG": pidFile], timeout: .seconds(20))
        #expect(result.termination == .exited(6), "\(result)")
    }

    @Test("a secret split across two reads is still masked, and what comes before it is shown at once")
    func secretSplitAcrossReads() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let fifo = fixture.path("go")
        try #require(mkfifo(fifo, 0o600) == 0)
        // The first half of the secret, then (once the test has seen "start") the second half.
        let script = #"printf 'start\n%s' "${DB%????}" >&2; read x < "$GO"; printf '%s\nend\n' "${DB#"${DB%????}"}" >&2"#
        let vault = try fixture.start(["run", "--", "sh", "-c", script], environment: ["DB": "vault://web/github", "GO": fifo])
        let shown = try await eventually(within: .seconds(30)) { vault.stderrSoFar().hasPrefix("start\n") || vault.hasEnded }
        #expect(shown && vault.stderrSoFar() == "start\n", "only what cannot start a secret is shown: \(vault.stderrSoFar())")
        let go = try #require(FileHandle(forWritingAtPath: fifo))
        try go.write(contentsOf: Data("\n".utf8))
        try go.close()
        let result = try await vault.finish(timeout: .seconds(30))
        #expect(result.status == 0 && result.stderr == "start\n\(ConcealedOutput.marker)\nend\n", "\(result)")
    }

    @Test("the issue's example: the command prints the concealment marker, not the secret")
    func doneWhen() async throws {
        let fixture = try await VaultFixture.initialized()
        let secret = "pg-Secret-9f8e7d"
        try await fixture.add("db/prod", password: secret)
        let tool = try VaultFixture.writeFile(fixture.path("psql-like-tool"), """
            #!/bin/sh
            echo "connecting with password $DB_PASSWORD"
            echo "psql: FATAL: password authentication failed for \\"$DB_PASSWORD\\"" >&2
            exit 2
            """, mode: 0o700)
        let vault = try fixture.start(["run", "--", "sh", "-c", "echo $DB_PASSWORD; \(tool)"], environment: ["DB_PASSWORD": "vault://db/prod"])
        let result = try await vault.finish(timeout: .seconds(30))
        let marker = ConcealedOutput.marker
        #expect(result.termination == .exited(2), "\(result)")
        #expect(result.stdout == "\(marker)\nconnecting with password \(marker)\n", "\(result)")
        #expect(result.stderr == "psql: FATAL: password authentication failed for \"\(marker)\"\n", "\(result)")
        #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
    }
}
