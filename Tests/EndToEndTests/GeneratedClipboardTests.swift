import CLITestSupport
import Foundation
import Testing

/// Generated passwords into the clipboard, in the serialized `ClipboardTests` suite (they share
/// its one X clipboard and its gate on DISPLAY and xclip): nothing is printed, the clipboard
/// holds the new password until the timeout, and `add --generate --clip` stores that same one.
extension ClipboardTests {
    @Test("generate --clip puts a new 20-character password only into the clipboard, which is cleared after the timeout")
    func generateClip() async throws {
        let fixture = try VaultFixture(display: true)
        try await Self.withClipTimeout(fixture: fixture) { seconds in
            let result = try await fixture.run(["generate", "--clip", "--clip-timeout", "\(seconds)"])
            let copied = try await X11Clipboard.read()
            guard Self.inTime(result, seconds) else { return false }
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutData.isEmpty, "\(result)")
            #expect(result.stderrLines == ["Copied a new password to the clipboard; clearing in \(seconds) s.", "Entropy: 130.9 bits per password."],
                    "\(result)")
            PasswordShape.expect(copied, length: 20)
            try await Self.expectCleared(of: copied, notBefore: result.started + .seconds(seconds), fixture: fixture)
            return true
        }
    }

    @Test("add --generate --clip stores the password that is in the clipboard, and it is cleared after the timeout")
    func addGenerateClip() async throws {
        let fixture = try await VaultFixture.initialized(display: true)
        try await Self.withClipTimeout(fixture: fixture) { seconds in
            // A new entry each attempt: an attempt that came too late has stored its own.
            let name = "web/new-\(seconds)"
            let result = try await fixture.run(["add", name, "--generate", "--clip", "--clip-timeout", "\(seconds)"])
            let copied = try await X11Clipboard.read()
            guard Self.inTime(result, seconds) else { return false }
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutData.isEmpty, "\(result)")
            #expect(result.stderrLines.last == "Copied \(name) to the clipboard; clearing in \(seconds) s.", "\(result)")
            PasswordShape.expect(copied, length: 20)
            #expect(try await fixture.password(of: name) == copied)
            try await Self.expectCleared(of: copied, notBefore: result.started + .seconds(seconds), fixture: fixture)
            return true
        }
    }

    /// Expects the clipboard to lose `secret` (not before `earliest`, when given), and the
    /// clearer to be gone. The wait is a guard against hanging, above the longest timeout
    /// `withClipTimeout` gives.
    static func expectCleared(
        of secret: String, notBefore earliest: ContinuousClock.Instant? = nil, fixture: VaultFixture,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        #expect(try await eventually(within: .seconds(110)) { try await X11Clipboard.read() != secret },
                "the clipboard still holds the password", sourceLocation: sourceLocation)
        if let earliest {
            #expect(ContinuousClock.now >= earliest, "cleared before the timeout", sourceLocation: sourceLocation)
        }
        try await expectClearersGone(fixture, sourceLocation: sourceLocation)
    }
}
