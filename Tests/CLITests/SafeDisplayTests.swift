import CLITestSupport
import Foundation
import Testing

/// Values that came from a file are shown to a person with their control characters made
/// visible, so an imported entry cannot rewrite the clipboard (OSC 52), move the cursor, change
/// the window title or hide text; `get` and `--json` keep the exact bytes for scripts.
@Suite("Safe display")
struct SafeDisplayTests {
    /// Escape sequences a hostile export could carry.
    static let osc52 = "\u{1B}]52;c;cHduZWQ=\u{07}"
    static let title = "\u{1B}]0;owned\u{1B}\\"
    static let cursor = "\u{1B}[2J\u{1B}[H"
    static let c1 = "\u{9B}31m\u{9D}0;x\u{9C}"
    static let bidi = "\u{202E}gpj.exe"
    static let hostile = [osc52, title, cursor, c1, "back\u{08}\u{08}space", "cr\rreturn", bidi, "del\u{7F}", "marks\u{200F}\u{61C}"]

    /// Bytes that must never reach a terminal from a shown value: C0 controls but newline,
    /// DEL, and the C1 controls as UTF-8 (C2 80 to C2 9F), and the right-to-left override.
    static func rawControls(in data: Data) -> [String] {
        var found: [String] = []
        let bytes = [UInt8](data)
        for (index, byte) in bytes.enumerated() {
            if (byte < 0x20 && byte != 0x0A) || byte == 0x7F { found.append(String(format: "%02X at %d", byte, index)) }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                found.append(String(format: "C2 %02X at %d", bytes[index + 1], index))
            }
        }
        let bidi: Set<UInt32> = [0x061C, 0x200E, 0x200F]
        if String(decoding: data, as: UTF8.self).unicodeScalars.contains(where: {
            (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) || bidi.contains($0.value)
        }) {
            found.append("a bidirectional formatting character")
        }
        return found
    }

    private func importHostileEntry(into fixture: VaultFixture) async throws {
        let text = Self.hostile.joined(separator: " | ")
        let entry = ImportDocument.entry(name: "hostile/entry", password: "pw " + text, extra: [
            "username": "user " + text,
            "urls": ["https://example.com/" + Self.osc52, "https://" + Self.bidi],
            "notes": "line one " + text + "\nline two " + Self.cursor,
            "tags": ["tag " + Self.title, "searchable"],
            "fields": [
                ["name": "field " + Self.bidi, "value": "value " + text, "secret": false],
                ["name": "secret field", "value": "hidden " + text, "secret": true],
            ],
            "history": [["password": "old " + text, "replaced": ImportDocument.created]],
        ])
        // Names cannot hold control characters, but can hold bidirectional ones.
        let named = ImportDocument.entry(name: "hostile/" + Self.bidi, password: "password")
        let file = try VaultFixture.writeFile(fixture.path("hostile.json"), try ImportDocument.data(entries: [entry, named]))
        try await fixture.succeed(["import", file])
    }

    @Test("show, show --reveal, list and search print no raw control characters from imported fields")
    func nothingRawReachesTheTerminal() async throws {
        let fixture = try await VaultFixture.initialized()
        try await importHostileEntry(into: fixture)
        for arguments in [["show", "hostile/entry"], ["show", "hostile/entry", "--reveal"], ["list"], ["search", "searchable"],
                          ["search", "user"], ["list", "hostile"], ["list", "--json"], ["search", "hostile", "--json"],
                          ["show", "hostile/entry", "--json", "--reveal"], ["entropy", "--all"], ["entropy", "--all", "--json"],
                          ["export", "--stdout", "--yes"]] {
            let result = try await fixture.run(arguments)
            #expect(result.status == 0 || result.status == 10, "\(result)")
            #expect(!result.stdoutData.isEmpty, "\(result)")
            let raw = Self.rawControls(in: result.stdoutData)
            #expect(raw.isEmpty, "\(arguments): raw \(raw) in \(result.stdout.debugDescription)")
            let rawErrors = Self.rawControls(in: result.stderrData)
            #expect(rawErrors.isEmpty, "\(arguments): raw \(rawErrors) on standard error")
        }
        let revealed = try await fixture.succeed(["show", "hostile/entry", "--reveal"]).stdout
        #expect(revealed.contains(#"\u{1B}]52;c;cHduZWQ=\u{7}"#), "escapes are shown, not dropped: \(revealed)")
        #expect(revealed.contains("line two "), "notes keep their lines: \(revealed)")
    }

    @Test("get and --json keep the exact bytes")
    func scriptsGetExactBytes() async throws {
        let fixture = try await VaultFixture.initialized()
        try await importHostileEntry(into: fixture)
        let text = Self.hostile.joined(separator: " | ")
        let username = try await fixture.succeed(["get", "hostile/entry", "--field", "username"])
        #expect(username.stdout == "user " + text + "\n")
        let shown = try await fixture.succeed(["show", "hostile/entry", "--json", "--reveal"])
        let object = try JSONValue.object(shown.stdoutData)
        #expect(object["username"] as? String == "user " + text)
        let exported = try JSONValue.object(try await fixture.succeed(["export", "--stdout", "--yes"]).stdoutData)
        let entries = exported["entries"] as? [[String: Any]]
        #expect(entries?.first { $0["name"] as? String == "hostile/entry" }?["username"] as? String == "user " + text)
    }

    @Test("a photo's GPS date with escape sequences is shown escaped by vault exif")
    func exifReport() async throws {
        let fixture = try VaultFixture()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/exif/gps.jpg")
        var photo = try Data(contentsOf: fixtures)
        let stamp = try #require(photo.range(of: Data("2024:05:01\u{0}".utf8)), "the GPS date stamp of gps.jpg")
        photo.replaceSubrange(stamp.lowerBound..<(stamp.lowerBound + 10), with: Data("\u{1B}]0;pwn\u{07}AB".utf8))
        let path = try VaultFixture.writeFile(fixture.path("hostile.jpg"), photo)
        let result = try await fixture.run(["exif", path])
        #expect(result.status == 10, "\(result)")
        #expect(result.stdout.contains(#"\u{1B}]0;pwn\u{7}AB"#), "\(result)")
        #expect(Self.rawControls(in: result.stdoutData).isEmpty, "\(result.stdout.debugDescription)")
    }

    @Test("messages on standard error show control characters from paths and names as escapes")
    func messagesAreSafe() async throws {
        let fixture = try await VaultFixture.initialized()
        let hostilePath = fixture.path("missing" + Self.osc52 + Self.bidi + ".json")
        let result = try await fixture.run(["list"], environment: ["VAULT_PATH": hostilePath])
        expectFailure(result, status: 4, mentioning: "missing")
        #expect(Self.rawControls(in: result.stderrData).isEmpty, "\(result.stderr.debugDescription)")
        let imported = try await fixture.run(["import", hostilePath])
        #expect(Self.rawControls(in: imported.stderrData).isEmpty, "\(imported.stderr.debugDescription)")
    }
}
