import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `vault pick` on a real pseudo-terminal, driven by keystrokes: the test waits for each screen
/// (the count line, the highlighted selection) before typing the next keys. What a pipe on
/// standard output gets, how the screen is left (the alternate screen's exit is the last thing
/// written), the exit status, and the terminal's settings afterwards.
@Suite("Pick")
struct PickTests {
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    static let enterAlternateScreen = "\u{1B}[?1049h"
    static let down = "\u{1B}[B"
    static let up = "\u{1B}[A"
    static let selected = "\u{1B}[7m> "

    /// A vault with four entries, and a `vault pick` started on a terminal with `arguments`.
    static func fixture() async throws -> VaultFixture {
        let fixture = try await VaultFixture.initialized(process: true)
        for (name, user) in [("bank", "alice"), ("mail/home", "me@home.example"), ("mail/work", "me@work.example"),
                             ("web/github", "octocat")] {
            try await fixture.add(name, password: "pw-" + name, options: ["--username", user])
        }
        return fixture
    }

    static func start(_ fixture: VaultFixture, _ arguments: [String], rows: Int = 24,
                      environment changes: [String: String?] = [:]) throws -> (ScreenSession, output: String) {
        var environment = fixture.environment
        for (name, value) in changes { environment[name] = value }
        let output = fixture.path("pick-output-\(UUID().uuidString)")
        let session = try ScreenSession(VaultBinary.path, ["pick"] + arguments, environment: environment, rows: rows,
                                        outputFile: output)
        return (session, output)
    }

    static func printed(_ output: String) -> String {
        (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    @Test("--print: typing filters, arrows move, Enter prints the name on standard output alone")
    func printsTheChosenName() async throws {
        let fixture = try await Self.fixture()
        let (session, output) = try Self.start(fixture, ["--print"])
        try await session.waitFor(Self.enterAlternateScreen)
        try await session.waitFor("4/4")
        try await session.waitFor(Self.selected + "bank")
        session.type("mail")
        try await session.waitFor("2/4")
        try await session.waitFor(Self.selected + "mail/home")
        session.type(Self.down)
        try await session.waitFor(Self.selected + "mail/work")
        session.type(Self.down + Self.up + Self.down)
        try await session.waitFor(Self.selected + "mail/work")
        session.type("\r")
        #expect(try await session.finish() == .exited(0), "\(session.text.debugDescription)")
        #expect(Self.printed(output) == "mail/work\n")
        #expect(session.text.hasSuffix(Self.leaveAlternateScreen), "\(session.text.debugDescription)")
        #expect(!session.text.contains("pw-"), "no password is ever on the screen")
        #expect(session.settings.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON), "the terminal is cooked again")
    }

    @Test("the query given is typed in already, and usernames and URLs find entries too")
    func queryIsPrefilled() async throws {
        let fixture = try await Self.fixture()
        let (session, output) = try Self.start(fixture, ["--print", "gith"])
        try await session.waitFor("> gith")
        try await session.waitFor("1/4")
        session.type("\u{15}octo")
        try await session.waitFor("1/4")
        try await session.waitFor(Self.selected + "web/github")
        session.type("\r")
        #expect(try await session.finish() == .exited(0))
        #expect(Self.printed(output) == "web/github\n")
    }

    @Test("Esc, Ctrl-C and Ctrl-G leave with 130, print nothing, and leave the alternate screen last")
    func cancelKeysLeaveNothing() async throws {
        let fixture = try await Self.fixture()
        for key in ["\u{1B}", "\u{03}", "\u{07}"] {
            let (session, output) = try Self.start(fixture, ["--print", "mail"])
            try await session.waitFor("2/4")
            session.type(key)
            #expect(try await session.finish() == .exited(130), "\(key.debugDescription): \(session.text.debugDescription)")
            #expect(Self.printed(output).isEmpty)
            #expect(session.text.hasSuffix(Self.leaveAlternateScreen), "\(session.text.debugDescription)")
            #expect(session.settings.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON))
        }
    }

    @Test("a termination signal restores the terminal and leaves the alternate screen")
    func signalRestoresTheScreen() async throws {
        let fixture = try await Self.fixture()
        let (session, output) = try Self.start(fixture, ["--print"])
        try await session.waitFor("4/4")
        #expect(session.settings.c_lflag & tcflag_t(ECHO | ICANON) == 0, "raw mode while picking")
        session.signal(SIGTERM)
        #expect(try await session.finish() == .signaled(SIGTERM))
        #expect(Self.printed(output).isEmpty)
        #expect(session.text.hasSuffix(Self.leaveAlternateScreen), "\(session.text.debugDescription)")
        #expect(session.settings.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON))
    }

    @Test("the list fits the terminal: a short one shows the selection as it moves down")
    func listFitsTheTerminal() async throws {
        let fixture = try await Self.fixture()
        let (session, output) = try Self.start(fixture, ["--print"], rows: 4)
        try await session.waitFor("4/4")
        session.type(Self.down + Self.down + Self.down)
        try await session.waitFor(Self.selected + "web/github")
        session.type("\r")
        #expect(try await session.finish() == .exited(0))
        #expect(Self.printed(output) == "web/github\n")
        // The first frame, before any key: two entries below the pattern and the count, no more.
        let first = try #require(session.text.components(separatedBy: "\u{1B}[H").first { $0.contains("4/4") })
        #expect(first.contains("bank") && first.contains("mail/home") && !first.contains("mail/work"), "\(first.debugDescription)")
    }

    @Test("Enter on an entry without a password: one error line after the screen is back, exit 4")
    func entryWithoutPassword() async throws {
        let fixture = try await Self.fixture()
        let file = try VaultFixture.writeFile(fixture.path("nopw.json"), try ImportDocument.data(entries: [
            ImportDocument.entry(name: "notes/plain", password: NSNull()),
        ]))
        try await fixture.succeed(["import", file])
        let (session, output) = try Self.start(fixture, ["notes/pl"])
        try await session.waitFor(Self.selected + "notes/plain")
        session.type("\r")
        #expect(try await session.finish() == .exited(4))
        #expect(Self.printed(output).isEmpty)
        let after = try #require(session.text.components(separatedBy: Self.leaveAlternateScreen).last)
        #expect(after.hasPrefix("vault: error: entry 'notes/plain' has no field 'password'"), "\(after.debugDescription)")
        #expect(after.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 1, "\(after.debugDescription)")
    }
}

extension ClipboardTests {
    /// In a shell in tmux, as a person runs it: the shell, not vault, leads the terminal's
    /// session, so xclip, which keeps serving the copy, outlives vault as it does at a desk.
    @Test("pick: Enter copies the password to the X clipboard as get --clip does; the screen is as before")
    func pickEnterCopiesToTheClipboard() async throws {
        let (fixture, secret) = try await Self.fixtureWithSecret()
        try await fixture.add("other", password: "other-" + Self.randomText())
        try #require(TmuxShell.tmux != nil, "tmux is not installed")
        var environment = fixture.environment
        environment["PATH"] = (VaultBinary.path as NSString).deletingLastPathComponent + ":" + (environment["PATH"] ?? "")
        let rc = try VaultFixture.writeFile(fixture.path("bashrc"), "PS1='$ '\n")
        let shell = try await TmuxShell(["bash", "--noprofile", "--rcfile", rc], environment: environment, socket: fixture.path("tmux"))
        try await shell.type("echo before-pick")
        try await shell.press("Enter")
        try await shell.waitForLine("the echo") { $0 == "before-pick" }
        try await Self.withClipTimeout(fixture: fixture) { seconds in
            try await shell.type("vault pick entr --clip-timeout \(seconds)")
            try await shell.press("Enter")
            try await shell.waitForLine("the count") { $0.hasPrefix("  1/2") }
            let chosen = ContinuousClock.now
            try await shell.press("Enter")
            try await shell.waitForLine("the note") { $0 == "Copied entry to the clipboard; clearing in \(seconds) s." }
            let held = try await X11Clipboard.read()
            guard ContinuousClock.now - chosen < .seconds(seconds) else { return false }
            #expect(held == secret)
            let screen = try await shell.screen()
            #expect(!screen.contains("1/2") && !screen.contains(secret), "\(screen)")
            #expect(screen.contains("$ echo before-pick\nbefore-pick\n$ vault pick entr --clip-timeout "), "\(screen)")
            #expect(screen.contains("$ vault pick entr --clip-timeout \(seconds)\nCopied entry"), "\(screen)")
            return true
        }
        try await Self.expectCleared(of: secret, fixture: fixture)
    }
}
