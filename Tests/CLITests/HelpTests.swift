import CLITestSupport
import Testing

/// `--help` and `vault help` print usage on standard output and succeed, for the root command
/// and every subcommand; `--version` prints the version.
@Suite("Help and version")
struct HelpTests {
    @Test("help is printed, not reported as an error", arguments: [
        ["--help"], ["help"], ["get", "--help"], ["help", "add"], ["export", "-h"],
    ])
    func help(arguments: [String]) async throws {
        let fixture = try VaultFixture()
        let result = try await fixture.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: vault"), "\(result)")
        #expect(!result.stderr.contains("error"), "\(result)")
    }

    @Test("--version prints the version")
    func version() async throws {
        let result = try await VaultFixture().run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdoutLines == ["0.1.0"])
    }
}
