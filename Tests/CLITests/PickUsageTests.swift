import CLITestSupport
import Testing

/// `vault pick` refused before any screen is drawn: without a terminal, and with clipboard
/// options that do not go with --print (the picker on a terminal is PickTests, in EndToEndTests).
@Suite("Pick: refused at once")
struct PickUsageTests {
    @Test("without a terminal: one line saying so, exit 1")
    func noTerminal() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("bank", password: "pw")
        expectFailure(try await fixture.run(["pick", "--print"]), status: 1, mentioning: "no terminal")
    }

    @Test("--clip-timeout and --clip-backend do not go with --print")
    func clipOptionsWithPrint() async throws {
        let fixture = try await VaultFixture.initialized()
        let result = try await fixture.run(["pick", "--print", "--clip-timeout", "5"])
        #expect(result.status == 64 && result.stderr.contains("--clip-timeout and --clip-backend do not go with --print"), "\(result)")
    }
}
