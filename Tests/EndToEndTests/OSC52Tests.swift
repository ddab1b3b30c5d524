import CLITestSupport
import Foundation
import Testing

/// The OSC 52 backend, in a real pseudo-terminal (util-linux `script`): the escape sequence that
/// sets the terminal's clipboard, and later the one that clears it, written by the clearer.
@Suite("OSC 52 clipboard", .enabled(if: ExternalProgram.find("script") != nil))
struct OSC52Tests {
    @Test("sets the clipboard through the terminal and clears it after the timeout")
    func setsAndClears() async throws {
        let fixture = try await VaultFixture.initialized()
        let password = "osc52-\(UUID().uuidString)"
        try await fixture.add("term/site", password: password)
        // The command line holds only the vault's path and options; the secret never is in argv.
        let command = "'\(VaultBinary.path)' get term/site --clip --clip-backend osc52 --clip-timeout 1; sleep 3"
        let result = try await ExternalProgram.run(
            try #require(ExternalProgram.find("script")), ["-qc", command, "/dev/null"],
            environment: fixture.environment)
        #expect(result.status == 0, "\(result)")
        let encoded = Data(password.utf8).base64EncodedString()
        let output = result.stdout
        let set = try #require(output.range(of: "\u{1B}]52;c;\(encoded)\u{07}"), "no OSC 52 copy in \(output.debugDescription)")
        #expect(output.contains("Copied term/site to the clipboard; clearing in 1 s."))
        let clear = try #require(output.range(of: "\u{1B}]52;c;\u{07}"), "no OSC 52 clear in \(output.debugDescription)")
        #expect(set.upperBound <= clear.lowerBound)
    }
}
