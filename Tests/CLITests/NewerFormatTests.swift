import CLITestSupport
import Foundation
import Testing

/// A vault written by a newer `vault` (a higher format version) is refused with 3 and a message
/// that says it is newer, rather than misread or rewritten.
@Suite("Newer file format")
struct NewerFormatTests {
    @Test("version 11 is refused with 3, says 'newer', and is left alone", arguments: [["get", "entry"], ["list"], ["add", "more"]])
    func newerVersion(arguments: [String]) async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("entry", password: "pw")
        let text = try String(contentsOfFile: fixture.vaultPath, encoding: .utf8)
        try #require(text.contains("\n  \"version\": 8,\n"))
        let newer = text.replacingOccurrences(of: "\n  \"version\": 8,\n", with: "\n  \"version\": 11,\n")
        try VaultFixture.writeFile(fixture.vaultPath, newer)
        expectFailure(try await fixture.run(arguments, stdin: "pw\n"), status: 3, mentioning: "newer", "version 11")
        #expect(try String(contentsOfFile: fixture.vaultPath, encoding: .utf8) == newer)
    }
}
