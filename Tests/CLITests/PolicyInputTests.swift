import CLITestSupport
import Foundation
import Testing

/// Generator input that would produce unusable or dangerous passwords is refused up front.
@Suite("Generator input checks")
struct PolicyInputTests {
    @Test("control characters in --symbols or --separator are usage errors", arguments: [
        ["generate", "--symbols", "\u{01}!"],
        ["generate", "--symbols", "\u{7f}"],
        ["generate", "--words", "3", "--separator", "\n"],
        ["generate", "--words", "3", "--separator", "\u{1b}[31m"],
    ])
    func controlCharacters(arguments: [String]) async throws {
        let result = try await VaultFixture().run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdoutData.isEmpty)
    }

    @Test("add --generate with an impossible policy fails before the vault is touched")
    func impossiblePolicyFirst() async throws {
        let fixture = try await VaultFixture.initialized()
        let before = try fixture.vaultBytes()
        let result = try await fixture.run(["add", "x", "--generate", "--length", "3"])
        #expect(result.status == 64 && result.stderr.contains("use --length 4 or more"), "\(result)")
        #expect(try fixture.vaultBytes() == before)
    }

    @Test("add --clip without any clipboard changes nothing and exits 6")
    func clipUnavailableFirst() async throws {
        let fixture = try await VaultFixture.initialized()
        let before = try fixture.vaultBytes()
        expectFailure(try await fixture.run(["add", "x", "--generate", "--clip"]), status: 6, mentioning: "no clipboard")
        #expect(try fixture.vaultBytes() == before)
    }
}
