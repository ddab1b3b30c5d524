import CLITestSupport
import Foundation
import Testing

/// Standard streams that fail (a full disk, a closed descriptor, a folder as input) end the
/// command with one error line and exit 1, never with a crash or a silent success.
@Suite("Failing standard streams")
struct StreamErrorTests {
    /// Runs `vault ARGUMENTS` through the shell with `redirection` applied, returning the exit
    /// status and standard error.
    private func run(_ fixture: VaultFixture, _ arguments: String, _ redirection: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$VAULT_BINARY_UNDER_TEST\" \(arguments) \(redirection) 2>\"$ERRORS\""]
        let errors = fixture.path("stderr-\(UUID().uuidString)")
        process.environment = fixture.environment.merging(["VAULT_BINARY_UNDER_TEST": VaultBinary.path, "ERRORS": errors]) { $1 }
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    @Test("output and input errors exit 1 with one line", arguments: [
        ("get web/site", "> /dev/full", "No space left on device"),
        ("get web/site --json", ">&-", "Bad file descriptor"),
        ("export --stdout --yes", "> /dev/full", "No space left on device"),
        ("list", "> /dev/full", "No space left on device"),
        ("import -", "< /", "Is a directory"),
    ])
    func streamErrors(arguments: String, redirection: String, reason: String) async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "pw")
        let (status, stderr) = try run(fixture, arguments, redirection)
        #expect(status == 1, "\(stderr)")
        #expect(stderr.split(separator: "\n").last.map { $0.hasPrefix("vault: error: ") && $0.contains(reason) } == true, "\(stderr)")
    }
}
