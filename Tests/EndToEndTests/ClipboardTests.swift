import CLITestSupport
import Foundation
import Testing

/// `get --clip` on a real X display: the password goes to the clipboard and nowhere else (not
/// standard output, not any process's argv or environment), a detached clearer empties the
/// clipboard after the timeout only if it still holds that password, and then exits. The tests
/// share the one X clipboard, so they run one at a time, and no other suite touches it.
///
/// A look at the clipboard that must come before the clearer acts is made with a timeout of
/// 5 s, and again with a doubled one while the look came too late to tell (`withClipTimeout`):
/// on a busy machine a `vault` command and the look after it can take longer than that.
@Suite("Clipboard", .serialized,
       .enabled(if: X11Clipboard.isAvailable, "needs DISPLAY (xvfb-run) and xclip"))
struct ClipboardTests {
    @Test("a stale WAYLAND_DISPLAY falls through to X11")
    func staleWaylandFallsBackToX11() async throws {
        let (fixture, secret) = try await Self.fixtureWithSecret()
        try await Self.withClipTimeout(fixture: fixture) { seconds in
            let result = try await fixture.run(
                ["get", "entry", "--clip", "--clip-timeout", "\(seconds)"], environment: ["WAYLAND_DISPLAY": "wayland-none"])
            let held = try await X11Clipboard.read()
            guard Self.inTime(result, seconds) else { return false }
            #expect(result.status == 0, "\(result)")
            #expect(held == secret)
            return true
        }
        // Let this test's clearer finish before the next clipboard test starts.
        try await Self.expectClearersGone(fixture)
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

        try await Self.withClipTimeout(fixture: fixture) { seconds in
            let result = try await fixture.succeed(["get", "entry", "--clip", "--clip-timeout", "\(seconds)", "--clip-backend", "x11"],
                                                   environment: ["PATH": shims + ":" + (fixture.environment["PATH"] ?? "")])
            let held = try await X11Clipboard.read()
            guard Self.inTime(result, seconds) else { return false }
            #expect(held == secret)
            return true
        }
        try await Self.expectCleared(of: secret, fixture: fixture)
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
        try await Self.withClipTimeout(fixture: fixture) { seconds in
            let result = try await fixture.run(["get", "entry", "--clip", "--clip-timeout", "\(seconds)"])
            let held = try await X11Clipboard.read()
            let clearers = ProcessTable.clearers(of: fixture).count
            guard Self.inTime(result, seconds) else { return false }
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutData.isEmpty, "\(result)")
            #expect(result.stderr == "Copied entry to the clipboard; clearing in \(seconds) s.\n", "\(result)")
            #expect(held == secret)
            #expect(clearers == 1, "one clearer waits")
            try await Self.expectCleared(of: secret, notBefore: result.started + .seconds(seconds), fixture: fixture)
            return true
        }
    }

    @Test("a password longer than 64 KiB is cleared too: the clearer reads back as much as it copied")
    func longSecretCleared() async throws {
        let fixture = try await VaultFixture.initialized(display: true)
        let secret = String(repeating: Self.randomText(), count: 1_500)  // 72,000 characters
        let file = try VaultFixture.writeFile(fixture.path("long.json"), try ImportDocument.data(entries: [
            ImportDocument.entry(name: "long", password: secret),
        ]))
        try await fixture.succeed(["import", file])
        try await Self.withClipTimeout(fixture: fixture) { seconds in
            let result = try await fixture.succeed(["get", "long", "--clip", "--clip-timeout", "\(seconds)"])
            let held = try await X11Clipboard.read()
            guard Self.inTime(result, seconds) else { return false }
            #expect(held == secret)
            return true
        }
        try await Self.expectCleared(of: secret, fixture: fixture)
    }

    @Test("a newer copy by someone else is left alone when the timeout comes")
    func newerCopyKept() async throws {
        let (fixture, secret) = try await Self.fixtureWithSecret()
        let other = "copied later by the user " + Self.randomText()
        try await Self.withClipTimeout(fixture: fixture) { seconds in
            let result = try await fixture.succeed(["get", "entry", "--clip", "--clip-timeout", "\(seconds)"])
            let held = try await X11Clipboard.read()
            try await X11Clipboard.write(other)
            let waiting = !ProcessTable.clearers(of: fixture).isEmpty
            guard Self.inTime(result, seconds) else { return false }
            #expect(held == secret)
            try #require(waiting, "the clearer must still be waiting, or this proves nothing")
            return true
        }

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

    /// Runs `attempt` with a clipboard timeout of `first` seconds, and again with twice as long
    /// while it says its look at the clipboard came too late to tell: on a busy machine the
    /// clearer may act before the test looks. `attempt` returns `false` only then, before it
    /// expects anything (`inTime`); the clearers of a late attempt are waited for first, so
    /// that none clears the next attempt's copy.
    static func withClipTimeout(
        from first: Int = 5, fixture: VaultFixture, sourceLocation: SourceLocation = #_sourceLocation,
        _ attempt: (_ seconds: Int) async throws -> Bool
    ) async throws {
        var seconds = first
        while try await !attempt(seconds) {
            try await expectClearersGone(fixture, sourceLocation: sourceLocation)
            try #require(seconds < 80, "a copy and a look at the clipboard took over \(seconds) s, each time", sourceLocation: sourceLocation)
            seconds *= 2
        }
    }

    /// Whether it is not yet `seconds` since `result`, a command that copied with that
    /// timeout, started (which is before its clearer's countdown started): called right after
    /// the test's look at the clipboard, it tells that the look came before the clearer acted.
    static func inTime(_ result: VaultResult, _ seconds: Int) -> Bool {
        ContinuousClock.now - result.started < .seconds(seconds)
    }

    /// Waits for the fixture's clearers to finish (they wait at most `seconds`), so that none
    /// is left behind and none clears the clipboard under the next test.
    static func expectClearersGone(
        _ fixture: VaultFixture, within seconds: Int = 80, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let gone = try await eventually(within: .seconds(seconds + 30), every: .milliseconds(100)) { ProcessTable.clearers(of: fixture).isEmpty }
        #expect(gone, "clipboard-clear processes left: \(ProcessTable.clearers(of: fixture))", sourceLocation: sourceLocation)
    }
}
