import CLITestSupport
import Foundation
import Testing

/// `vault export --format bitwarden-json|keepass-xml|csv`: files other managers import, and a
/// round trip out and back in that loses no entry, field, URL, note, tag or one-time code.
@Suite("export to other managers")
struct ExportFormatTests {
    /// The version 3 fixture: every type, a TOTP and a HOTP, history, tags, Unicode.
    private func fixtureVault() async throws -> VaultFixture {
        let fixture = try VaultFixture()
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/v3/vault.json")
        try VaultFixture.writeFile(fixture.vaultPath, try Data(contentsOf: source))
        try VaultFixture.writeFile(fixture.passwordFile, "fixture password v3\n")
        return fixture
    }

    /// The entries of a vault as `export --stdout` gives them, by name.
    private func entries(of fixture: VaultFixture) async throws -> [String: [String: Any]] {
        let document = try JSONValue.object(try await fixture.succeed(["export", "--stdout", "--yes"]).stdoutData)
        let list = try #require(document["entries"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0) })
    }

    /// What must survive a round trip, in a form that compares: lists that other managers
    /// reorder (fields, tags) as sets, history as its passwords, the OTP setting as its URI.
    private func comparable(_ entry: [String: Any]) -> [String: String] {
        func sortedJSON(_ value: Any?) -> String {
            ((value as? [Any]) ?? []).map { item -> String in
                let data = try! JSONSerialization.data(withJSONObject: item, options: [.sortedKeys, .fragmentsAllowed])
                return String(decoding: data, as: UTF8.self)
            }.sorted().joined(separator: "|")
        }
        return [
            "type": entry["type"] as? String ?? "login", "username": entry["username"] as? String ?? "",
            "password": entry["password"] as? String ?? "", "urls": ((entry["urls"] as? [String]) ?? []).joined(separator: "|"),
            "notes": entry["notes"] as? String ?? "", "otp": entry["otp"] as? String ?? "",
            "fields": sortedJSON(entry["fields"]), "tags": sortedJSON(entry["tags"]),
            "history": ((entry["history"] as? [[String: Any]]) ?? []).map { $0["password"] as! String }.joined(separator: "|"),
        ]
    }

    private func expectSameEntries(_ original: [String: [String: Any]], _ back: [String: [String: Any]], via format: String) {
        #expect(Set(original.keys) == Set(back.keys), "\(format)")
        for (name, entry) in original {
            guard let other = back[name] else { continue }
            #expect(comparable(entry) == comparable(other), "\(name) through \(format)")
        }
    }

    @Test("bitwarden-json: out and back in, every entry, field, URL, note, tag and one-time code")
    func bitwardenRoundTrip() async throws {
        let source = try await fixtureVault()
        let file = source.path("bitwarden.json")
        try await source.succeed(["export", "--format", "bitwarden-json", "--output", file, "--yes"])
        #expect(try VaultFixture.mode(of: file) == 0o600)
        let target = try await VaultFixture.initialized()
        let result = try await target.succeed(["import", file])
        #expect(result.stderr.contains("from bitwarden-json"))
        expectSameEntries(try await entries(of: source), try await entries(of: target), via: "bitwarden-json")
    }

    @Test("keepass-xml: KeePassXC imports it, gives the same one-time codes, and its export comes back whole")
    func keepassRoundTrip() async throws {
        let keepassxc = try #require(ExternalProgram.find("keepassxc-cli"), "keepassxc-cli is not installed (scripts/setup --test installs it)")
        let source = try await fixtureVault()
        let xml = source.path("export.xml")
        try await source.succeed(["export", "--format", "keepass-xml", "--output", xml, "--yes"])
        let environment = ["HOME": source.path(""), "PATH": "/usr/bin:/bin"]
        let database = source.path("imported.kdbx")
        let imported = try await ExternalProgram.run(keepassxc, ["import", "-p", "-t", "100", xml, database],
                                                     stdin: Data("kp pass\nkp pass\n".utf8), environment: environment, timeout: .seconds(60))
        try #require(imported.status == 0, "\(imported)")

        // KeePassXC's code and vault's of one fixed instant: keepassxc-cli has no option for a
        // moment, so faketime stops its clock there, and vault is given it with --at.
        let faketime = try #require(ExternalProgram.find("faketime"), "faketime is not installed (scripts/setup --test installs it)")
        let instant = "2026-03-14T15:09:26Z"
        let shown = try await ExternalProgram.run(faketime, ["--exclude-monotonic", "-f", "2026-03-14 15:09:26", keepassxc, "show", "-q", "-t", database, "web/totp"],
                                                  stdin: Data("kp pass\n".utf8), environment: environment.merging(["TZ": "UTC"]) { $1 },
                                                  timeout: .seconds(60))
        try #require(shown.status == 0, "\(shown)")
        let ours = try JSONValue.object(try await source.succeed(["otp", "web/totp", "--json", "--at", instant]).stdoutData)["code"] as? String
        #expect(shown.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == ours, "\(shown); vault's code: \(ours ?? "-")")

        let exported = try await ExternalProgram.run(keepassxc, ["export", "-f", "xml", database], stdin: Data("kp pass\n".utf8),
                                                     environment: environment, timeout: .seconds(60))
        try #require(exported.status == 0, "\(exported)")
        let back = try VaultFixture.writeFile(source.path("back.xml"), exported.stdoutData)
        let target = try await VaultFixture.initialized()
        let result = try await target.succeed(["import", back])
        #expect(result.stderr.contains("from keepass-xml"), "\(result)")
        expectSameEntries(try await entries(of: source), try await entries(of: target), via: "keepass-xml through keepassxc-cli")
    }

    @Test("field names a format claims and tags holding its separators survive bitwarden-json and keepass-xml (and KeePassXC)",
          arguments: ["bitwarden-json", "keepass-xml", "keepassxc"])
    func awkwardNamesAndTags(format: String) async throws {
        let source = try await VaultFixture.initialized()
        // Each --field name is one a format or vault's carried fields use for something else.
        let claimed = ["Title", "KP2A_URL_3", "TOTP Seed", "TimeOtp-Secret-Base32", "vault tags", "vault type", "vault field: x", "passkeys"]
        try await source.add("web/awkward", password: "pw-awkward-long-enough",
                             options: claimed.flatMap { ["--field", "\($0)=value of \($0)"] }
                                 + ["--tag", "home, work", "--tag", "a;b", "--tag", "plain"])
        try await source.add("web/plain", password: "pw-plain-long-enough", options: ["--tag", "one", "--tag", "two"])
        let file = source.path("out")
        try await source.succeed(["export", "--format", format == "keepassxc" ? "keepass-xml" : format, "--output", file, "--yes"])
        var imported = file
        if format == "keepassxc" {
            // Through the real KeePassXC: its import and its own export.
            let keepassxc = try #require(ExternalProgram.find("keepassxc-cli"), "keepassxc-cli is not installed (scripts/setup --test installs it)")
            let environment = ["HOME": source.path(""), "PATH": "/usr/bin:/bin"]
            let database = source.path("db.kdbx")
            let made = try await ExternalProgram.run(keepassxc, ["import", "-p", "-t", "100", file, database],
                                                     stdin: Data("kp pass\nkp pass\n".utf8), environment: environment, timeout: .seconds(60))
            try #require(made.status == 0, "\(made)")
            let exported = try await ExternalProgram.run(keepassxc, ["export", "-f", "xml", database], stdin: Data("kp pass\n".utf8),
                                                         environment: environment, timeout: .seconds(60))
            try #require(exported.status == 0, "\(exported)")
            imported = try VaultFixture.writeFile(source.path("back.xml"), exported.stdoutData)
        }
        let target = try await VaultFixture.initialized()
        try await target.succeed(["import", imported])
        expectSameEntries(try await entries(of: source), try await entries(of: target), via: format)
    }

    @Test("csv: one row per entry with the documented columns; quoting keeps every value")
    func csv() async throws {
        let source = try await fixtureVault()
        let text = try await source.succeed(["export", "--format", "csv", "--stdout", "--yes"]).stdout
        #expect(text.hasPrefix("name,type,username,password,urls,notes,tags,otpauth,fields,created,modified\r\n"))
        #expect(text.contains("card/visa,card,,,,,finance,,\"cardholder: Ana Example\nnumber: 4111111111111111\n"))
        #expect(text.contains("\"café/ü \"\"quoted\"\" \\back\",login,"))
    }

    @Test("a value XML cannot carry stops a keepass-xml export naming the entry; no file is written")
    func unrepresentable() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("odd", password: "bell\u{07}password")
        let file = fixture.path("out.xml")
        expectFailure(try await fixture.run(["export", "--format", "keepass-xml", "--output", file, "--yes"]), status: 1,
                      mentioning: "'odd'", "control character")
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
