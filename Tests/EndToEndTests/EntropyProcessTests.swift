import CLITestSupport
import Foundation
import Testing

/// `vault entropy` as a process: under a memory limit, for input that could make an estimate
/// grow (bytes that are not UTF-8, long lines), and on a pseudo-terminal, where it asks for the
/// password without echo (the rest is EntropyCommandTests, in CLITests).
@Suite("vault entropy: limits and the terminal")
struct EntropyProcessTests {
    /// Enough address space for any sane estimate; a run that needs more fails instead of
    /// taking the machine's memory.
    static let memoryLimitKiB = 4 * 1024 * 1024

    /// `vault entropy arguments…` with raw bytes on standard input, under the memory limit.
    private func entropy(_ fixture: VaultFixture, _ arguments: [String], bytes: Data) async throws -> VaultResult {
        try await ExternalProgram.run(
            "/bin/sh",
            ["-c", "ulimit -v \(Self.memoryLimitKiB) && exec \"$0\" entropy \"$@\"", VaultBinary.path] + arguments,
            stdin: bytes, environment: fixture.environment, timeout: .seconds(120))
    }

    @Test("on a terminal, the password is asked for without echo, and the verdict is shown with its parts")
    func terminal() async throws {
        let fixture = try VaultFixture()
        let session = try await PseudoTerminal.run(VaultBinary.path, ["entropy"], environment: fixture.environment,
                                                   answers: [("Password to check: ", "Summer2024!\n")])
        #expect(session.termination == .exited(10), "score 2 is below 3: \(session.screen)")
        let lines = session.screen.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init)
        #expect(lines.first == "Password to check: ", "nothing echoed after the prompt: \(session.screen)")
        #expect(lines.contains("score 2/4 (fair), 24.7 bits, about 27.6 million guesses"), "\(session.screen)")
        #expect(lines.contains { $0.hasPrefix("  dictionary \"Summer\"") }, "\(session.screen)")
        #expect(!lines.contains("Summer2024!"), "the typed password is never echoed: \(session.screen)")
    }

    @Test("a line that is not UTF-8 is reported by number; the others are still checked; exit 1")
    func notUTF8() async throws {
        let fixture = try VaultFixture()
        let input = Data("staple horse correct battery\n".utf8) + Data([0x70, 0xFF, 0xFE, 0x0A]) + Data("Kx9#mQ2!vP7\n".utf8)
        let result = try await entropy(fixture, ["--json"], bytes: input)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == ["vault: error: line 2: not valid UTF-8 text, skipped"], "\(result)")
        #expect(try result.stdoutObjects().map { $0["line"] as? Int } == [1, 3], "\(result)")
    }

    @Test("a 60 KB line is estimated")
    func longLine() async throws {
        let line = String(repeating: "x", count: 60_000)
        let result = try await entropy(try VaultFixture(), ["--json", "--min-score", "0"], bytes: Data((line + "\n").utf8))
        #expect(result.status == 0, "\(result.termination), stderr: \(result.stderr.prefix(300))")
        let objects = try result.stdoutObjects()
        #expect(objects.count == 1 && objects.first?["length"] as? Int == 60_000)
    }

    @Test("a line over 64 KiB is skipped with a clear error, with or without its newline", arguments: [true, false])
    func tooLong(newline: Bool) async throws {
        let line = String(repeating: "x", count: 70_000) + (newline ? "\n" : "")
        let result = try await entropy(try VaultFixture(), ["--min-score", "0"], bytes: Data(line.utf8))
        #expect(result.termination == .exited(1), "\(result.termination), stderr: \(result.stderr.prefix(300))")
        #expect(result.stdoutData.isEmpty, "nothing estimated: \(result.stdout.prefix(200))")
        #expect(result.stderrLines == ["vault: error: line 1: longer than 64 KiB, skipped"], "\(result.stderr.prefix(300))")
    }

    @Test("the lines around an over-long one are still checked, in order")
    func tooLongInTheMiddle() async throws {
        let input = "password\n" + String(repeating: "y", count: 300_000) + "\nletmein\n"
        let result = try await entropy(try VaultFixture(), ["--json", "--min-score", "0"], bytes: Data(input.utf8))
        #expect(result.termination == .exited(1), "\(result.termination)")
        #expect(try result.stdoutObjects().map { $0["line"] as? Int } == [1, 3])
        #expect(result.stderrLines == ["vault: error: line 2: longer than 64 KiB, skipped"], "\(result.stderr.prefix(300))")
    }
}
