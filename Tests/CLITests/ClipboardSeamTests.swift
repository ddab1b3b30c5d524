import CLITestSupport
import Testing
import VaultCLI

/// `--clip` through the context's clipboard access, with a clipboard the test reads: the secret
/// goes to the clipboard and nowhere else, the clearing is scheduled after the timeout the
/// option, the environment or the config give (in that order, else 45 s), a clipboard that
/// cannot be used changes nothing, and a clearer that cannot start leaves the clipboard empty.
@Suite("The clipboard, through the context")
struct ClipboardSeamTests {
    @Test("get --clip copies the password only to the clipboard, cleared after 45 s by default")
    func copies() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "site-pw")
        let clipboard = RecordingClipboard()
        let result = try await fixture.run(["get", "web/site", "--clip"]) { $0.clipboards = clipboard.access() }
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "Copied web/site to the clipboard; clearing in 45 s.\n", "\(result)")
        #expect(clipboard.content == "site-pw")
        #expect(clipboard.clearings == [45])
    }

    @Test("the timeout comes from --clip-timeout, else VAULT_CLIP_TIMEOUT, else the config", arguments: [
        (["--clip-timeout", "7"], "9", 11.0, 7.0),
        ([], "9", 11.0, 9.0),
        ([], nil, 11.0, 11.0),
    ] as [([String], String?, Double?, Double)])
    func timeoutOrder(option: [String], environment: String?, config: Double?, expected: Double) async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "site-pw")
        if let config {
            try VaultFixture.writeFile(fixture.path(".config/vault/config.json"), #"{"keyring": false, "clip_timeout": \#(config)}"#)
        }
        let clipboard = RecordingClipboard()
        let result = try await fixture.run(["get", "web/site", "--clip"] + option, environment: ["VAULT_CLIP_TIMEOUT": environment]) {
            $0.clipboards = clipboard.access()
        }
        #expect(result.status == 0, "\(result)")
        #expect(clipboard.clearings == [expected])
    }

    @Test("a requested backend that cannot be used exits 6, and add --clip then stores nothing")
    func unavailable() async throws {
        let fixture = try await VaultFixture.initialized()
        let clipboard = RecordingClipboard(name: "x11")
        let result = try await fixture.run(["add", "web/new", "--generate", "--clip", "--clip-backend", "wayland"]) {
            $0.clipboards = clipboard.access()
        }
        expectFailure(result, status: 6, mentioning: "only x11 in this test")
        #expect(try await fixture.names().isEmpty)
        #expect(clipboard.content == nil)
    }

    @Test("when the clearer cannot be started the clipboard is emptied again and the command fails")
    func clearerFails() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "site-pw")
        let clipboard = RecordingClipboard()
        let result = try await fixture.run(["get", "web/site", "--clip"]) {
            $0.clipboards = clipboard.access(failingToSchedule: .helperFailed("vault", "cannot start"))
        }
        expectFailure(result, status: 1, mentioning: "cannot start")
        #expect(clipboard.content == nil, "nothing would clear it later")
    }

    @Test("the automatic order: Wayland, then X11, then OSC 52 on a terminal; the first that takes the secret wins")
    func automaticOrder() throws {
        #expect(ClipboardBackend.candidates(environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"], errorIsTerminal: true)
                == [.wayland, .x11, .osc52])
        #expect(ClipboardBackend.candidates(environment: ["WAYLAND_DISPLAY": "", "DISPLAY": ":0"], errorIsTerminal: false) == [.x11])
        #expect(ClipboardBackend.candidates(environment: [:], errorIsTerminal: false).isEmpty)

        let x11 = RecordingClipboard(name: "x11")
        let stale = ClipboardAccess(
            automatic: [.wayland, .x11],
            open: { backend throws(ClipboardError) in
                guard backend == .x11 else { throw .unavailable("stale WAYLAND_DISPLAY") }
                return x11
            },
            scheduleClearing: { _, _, _ in })
        let used = try Array("secret".utf8).withUnsafeBytes { try stale.copy($0, to: nil) }
        #expect(used.name == "x11" && x11.content == "secret")
        #expect(throws: ClipboardError.unavailable("stale WAYLAND_DISPLAY")) { try stale.usable(.wayland) }
        let none = ClipboardAccess(automatic: [], open: { _ throws(ClipboardError) in x11 }, scheduleClearing: { _, _, _ in })
        #expect(throws: ClipboardError.self) { try none.usable(nil) }
    }
}
