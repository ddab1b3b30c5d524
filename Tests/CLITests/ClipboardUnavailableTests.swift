import CLITestSupport
import Testing

/// Asking for a clipboard that is not there fails with 6 and says what is missing; these need
/// no display and touch no clipboard, so they run everywhere.
@Suite("Clipboard unavailable")
struct ClipboardUnavailableTests {
    @Test("--clip without a usable clipboard exits 6 and names what is missing", arguments: [
        (["--clip-backend", "wayland"], "WAYLAND_DISPLAY is not set"),
        (["--clip-backend", "x11"], "DISPLAY is not set"),
        ([], "install wl-clipboard (Wayland) or xclip or xsel (X11)"),
    ])
    func unavailable(options: [String], message: String) async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("entry", password: "entry-pw")
        expectFailure(try await fixture.run(["get", "entry", "--clip"] + options), status: 6, mentioning: "no clipboard", message)
    }

    @Test("a HOTP code asked for the missing clipboard is not issued: the counter stays where it was")
    func hotpCounterStays() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("otp/hotp", password: "pw-hotp-long-enough", options: ["--otp"],
                              secrets: ["otpauth://hotp/Example:me?secret=JBSWY3DPEHPK3PXP&counter=5"])
        let before = try fixture.vaultBytes()
        for line in [["get", "otp/hotp", "--field", "otp", "--clip"], ["otp", "otp/hotp", "--clip"]] {
            expectFailure(try await fixture.run(line), status: 6, mentioning: "no clipboard")
            #expect(try fixture.vaultBytes() == before, "\(line)")
        }
    }
}
