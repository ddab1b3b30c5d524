import Foundation
import Testing

/// `get --clip` on a real X display: the password goes to the clipboard and nowhere else (not
/// standard output, not any process's argv or environment), a detached clearer empties the
/// clipboard after the timeout only if it still holds that password, and then exits. The tests
/// share the one X clipboard, so they run one at a time, and no other suite touches it.
///
/// A check that must happen before the clearer acts gets a 5- to 30-second timeout: with the
/// whole suite running in parallel on a small machine, one `vault` command can take seconds.
@Suite("Clipboard", .serialized,
       .enabled(if: X11Clipboard.isAvailable, "needs DISPLAY (xvfb-run) and xclip"))
struct ClipboardTests {
    @Test("a stale WAYLAND_DISPLAY falls through to X11")
    func staleWaylandFallsBackToX11() async throws {
        let (fixture, secret) = try await Self.fixtureWithSecret()
        // 30 s: the first test of this suite runs while the whole suite starts in parallel, when
        // a `vault` command and the xclip that reads back can take over ten seconds together.
        let result = try await fixture.run(
            ["get", "entry", "--clip", "--clip-timeout", "30"], environment: ["WAYLAND_DISPLAY": "wayland-none"])
        #expect(result.status == 0, "\(result)")
        #expect(try await X11Clipboard.read() == secret)
        // Let this test's clearer finish before the next clipboard test starts.
        let cleared = try await eventually(within: .seconds(60), every: .milliseconds(200)) {
            (try? await X11Clipboard.read()) != secret
        }
        #expect(cleared)
    }

    /// A copy helper whose keeper takes the selection a second after the helper has exited, as
    /// xclip's can when its forked child is scheduled late: vault returns only once a paste gives
    /// the password, so a paste made at once does not get the clipboard's previous content.
    @Test("get --clip returns only once the clipboard serves the password, even when the helper's keeper is late")
    func waitsForALateKeeper() async throws {
        let (fixture, secret) = try await Self.fixtureWithSecret()
        let xclip = try #require(X11Clipboard.xclip)
        let shims = fixture.path("shims")
        try FileManager.default.createDirectory(atPath: shims, withIntermediateDirectories: true)
        let lateCopy = """
            #!/bin/sh
            case " $* " in
            *" -in "*) text=$(cat; printf .); (sleep 1; printf %s "${text%.}" | \(xclip) "$@") >/dev/null 2>&1 & exit 0 ;;
            *) exec \(xclip) "$@" ;;
            esac

            """
        _ = try VaultFixture.writeFile(shims + "/xclip", lateCopy, mode: 0o755)
        try await X11Clipboard.write("copied before " + Self.randomText())

        try await fixture.succeed(["get", "entry", "--clip", "--clip-timeout", "5", "--clip-backend", "x11"],
                                  environment: ["PATH": shims + ":" + (fixture.environment["PATH"] ?? "")])
        #expect(try await X11Clipboard.read() == secret)
        #expect(try await eventually(within: .seconds(30)) { try await X11Clipboard.read() != secret },
                "the clipboard still holds the password")
        try await Self.expectClearersGone(fixture)
    }

    @Test("an X display that does not answer is an unavailable clipboard: exit 6")
    func deadDisplayExits6() async throws {
        let (fixture, _) = try await Self.fixtureWithSecret()
        for extra in [[], ["--clip-backend", "x11"]] {
            expectFailure(try await fixture.run(["get", "entry", "--clip"] + extra, environment: ["DISPLAY": ":77"]),
                          status: 6, mentioning: "could not reach the X display")
        }
    }

    @Test("get --clip copies only to the clipboard, which is cleared after the timeout by a clearer that then exits")
    func copiesAndClears() async throws {
        let (fixture, secret) = try await Self.fixtureWithSecret()
        let started = ContinuousClock.now
        let result = try await fixture.run(["get", "entry", "--clip", "--clip-timeout", "5"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutData.isEmpty, "\(result)")
        #expect(result.stderr == "Copied entry to the clipboard; clearing in 5 s.\n", "\(result)")
        #expect(try await X11Clipboard.read() == secret)
        #expect(ProcessTable.clearers(of: fixture).count == 1, "one clearer waits")

        #expect(try await eventually(within: .seconds(30)) { try await X11Clipboard.read() != secret },
                "the clipboard still holds the password")
        #expect(ContinuousClock.now - started >= .seconds(5), "cleared before the timeout")
        try await Self.expectClearersGone(fixture)
    }

    @Test("a password longer than 64 KiB is cleared too: the clearer reads back as much as it copied")
    func longSecretCleared() async throws {
        let fixture = try await VaultFixture.initialized(display: true)
        let secret = String(repeating: Self.randomText(), count: 1_500)  // 72,000 characters
        let file = try VaultFixture.writeFile(fixture.path("long.json"), try ImportDocument.data(entries: [
            ImportDocument.entry(name: "long", password: secret),
        ]))
        try await fixture.succeed(["import", file])
        try await fixture.succeed(["get", "long", "--clip", "--clip-timeout", "5"])
        #expect(try await X11Clipboard.read() == secret)
        #expect(try await eventually(within: .seconds(30)) { try await X11Clipboard.read() != secret },
                "the clipboard still holds the long password")
        try await Self.expectClearersGone(fixture)
    }

    @Test("a newer copy by someone else is left alone when the timeout comes")
    func newerCopyKept() async throws {
        let (fixture, secret) = try await Self.fixtureWithSecret()
        try await fixture.succeed(["get", "entry", "--clip", "--clip-timeout", "5"])
        #expect(try await X11Clipboard.read() == secret)
        let other = "copied later by the user " + Self.randomText()
        try await X11Clipboard.write(other)
        try #require(!ProcessTable.clearers(of: fixture).isEmpty, "the clearer must still be waiting, or this proves nothing")

        try await Self.expectClearersGone(fixture)
        #expect(try await X11Clipboard.read() == other)
    }

    @Test("the password never appears in any process's command line or environment")
    func secretNotInArgv() async throws {
        let (fixture, secret) = try await Self.fixtureWithSecret()
        let copying = try fixture.start(["get", "entry", "--clip", "--clip-timeout", "5"])
        var scans = 0
        var sawClearer = false
        let start = ContinuousClock.now
        // Scan while vault copies, while its clearer waits, and until the clearer is gone.
        repeat {
            let exposing = ProcessTable.exposing(secret)
            #expect(exposing.isEmpty, "the password is visible in /proc: \(exposing)")
            sawClearer = sawClearer || !ProcessTable.clearers(of: fixture).isEmpty
            scans += 1
            try await Task.sleep(for: .milliseconds(10))
        } while !copying.hasEnded || ContinuousClock.now - start < .seconds(1)
            || (!ProcessTable.clearers(of: fixture).isEmpty && ContinuousClock.now - start < .seconds(30))
        let result = try await copying.finish()
        #expect(result.status == 0, "\(result)")
        #expect(sawClearer, "the scans must have covered the clearer (\(scans) scans)")
        try await Self.expectClearersGone(fixture)
    }

    @Test("VAULT_CLIP_TIMEOUT sets the timeout when --clip-timeout is not given")
    func timeoutFromEnvironment() async throws {
        let (fixture, secret) = try await Self.fixtureWithSecret()
        let result = try await fixture.succeed(["get", "entry", "--clip"], environment: ["VAULT_CLIP_TIMEOUT": "1"])
        #expect(result.stderr == "Copied entry to the clipboard; clearing in 1 s.\n", "\(result)")
        #expect(try await eventually(within: .seconds(30)) { try await X11Clipboard.read() != secret },
                "the clipboard still holds the password")
        try await Self.expectClearersGone(fixture)
    }

    /// A vault with the display passed on, holding `entry` with a long password no other test uses.
    static func fixtureWithSecret() async throws -> (VaultFixture, String) {
        let fixture = try await VaultFixture.initialized(display: true)
        let secret = "clip-" + randomText()
        try await fixture.add("entry", password: secret)
        return (fixture, secret)
    }

    static func randomText() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<48).map { _ in alphabet.randomElement()! })
    }

    /// Waits for the fixture's clearers to finish (they wait at most a few seconds here), so
    /// that none is left behind and none clears the clipboard under the next test.
    static func expectClearersGone(_ fixture: VaultFixture, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let gone = try await eventually(within: .seconds(30), every: .milliseconds(100)) { ProcessTable.clearers(of: fixture).isEmpty }
        #expect(gone, "clipboard-clear processes left: \(ProcessTable.clearers(of: fixture))", sourceLocation: sourceLocation)
    }
}

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
}
