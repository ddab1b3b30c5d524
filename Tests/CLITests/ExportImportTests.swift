import CLITestSupport
import Foundation
import Testing

/// `export` writes a 0600 `vault-export` version 2 document, never over an existing file without
/// `--force`; importing it into a new vault and exporting again gives the same entries.
@Suite("export and import")
struct ExportImportTests {
    /// Exports `fixture`'s vault (or the one at `vault`) to `file` and returns the decoded document.
    private func export(_ fixture: VaultFixture, to file: String, vault: [String] = []) async throws -> [String: Any] {
        try await fixture.succeed(["export", "--output", file, "--yes"] + vault)
        return try JSONValue.object(try Data(contentsOf: URL(fileURLWithPath: file)))
    }

    private func entries(of document: [String: Any]) throws -> [[String: Any]] {
        try #require(document["entries"] as? [[String: Any]], "no entries list in \(document)")
    }

    @Test("export writes a 0600 vault-export version 4 file with every entry")
    func exportFile() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let file = fixture.path("backup.json")
        let result = try await fixture.succeed(["export", "--output", file, "--yes"])
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("vault: warning: the export is NOT encrypted"), "\(result)")
        #expect(try VaultFixture.mode(of: file) == 0o600)
        let document = try JSONValue.object(try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(document["format"] as? String == "vault-export")
        #expect(document["version"] as? Int == 4)
        #expect((document["exported"] as? String).flatMap(ISO8601DateFormatter().date(from:)) != nil)
        let exported = try entries(of: document)
        #expect(exported.map { $0["name"] as? String } == ListingTests.sortedNames)
        for sample in SampleEntries.all {
            let entry = try #require(exported.first { $0["name"] as? String == sample.name })
            #expect(entry["password"] as? String == sample.password)
            #expect(entry["username"] as? String == sample.username)
            #expect(entry["urls"] as? [String] == sample.urls)
            #expect(entry["notes"] as? String == sample.note)
            #expect(entry["tags"] as? [String] == sample.tags)
            let values = (entry["fields"] as? [[String: Any]])?.compactMap { $0["value"] as? String }
            #expect(values == sample.fields.map(\.value) + sample.secretFields.map(\.value))
        }
    }

    @Test("export → import into a new vault → export gives the same entries, field for field")
    func exportImportExport() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        try await fixture.succeed(["edit", "web/github", "--password"], stdin: "second-password\n")
        let first = try await export(fixture, to: fixture.path("first.json"))

        let other = ["--vault", fixture.path("other/vault.json")]
        try await fixture.succeed(["init"] + VaultFixture.cheapKDF + other)
        let imported = try await fixture.succeed(["import", fixture.path("first.json")] + other)
        #expect(imported.stderr.contains("Imported 4 of 4 entries"), "\(imported)")
        let second = try await export(fixture, to: fixture.path("second.json"), vault: other)

        JSONValue.expectEqualObjects(try entries(of: first), try entries(of: second))
        #expect(try entries(of: second).count == 4)
        let history = try entries(of: second).first { $0["name"] as? String == "web/github" }?["history"] as? [[String: Any]]
        #expect(history?.first?["password"] as? String == SampleEntries.github.password)
        let password = try await fixture.succeed(["get", SampleEntries.café.name] + other).stdout
        #expect(password == SampleEntries.café.password + "\n")
    }

    @Test("export refuses to overwrite a file without --force (exit 5); with --force the file is replaced, mode 0600")
    func exportRefusesOverwrite() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let file = try VaultFixture.writeFile(fixture.path("existing.json"), "precious\n", mode: 0o644)
        expectFailure(try await fixture.run(["export", "--output", file, "--yes"]), status: 5, mentioning: "already exists")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "precious\n")

        let document = try await fixture.succeed(["export", "--output", file, "--yes", "--force"])
        #expect(document.status == 0)
        #expect(try entries(of: try JSONValue.object(try Data(contentsOf: URL(fileURLWithPath: file)))).count == 4)
        #expect(try VaultFixture.mode(of: file) == 0o600)
    }

    @Test("export without --yes and without a terminal refuses and writes nothing")
    func exportNeedsYes() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let file = fixture.path("never.json")
        let result = try await fixture.run(["export", "--output", file])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.last?.hasPrefix("vault: error: ") == true)
        #expect(result.stderr.contains("--yes"))
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test("import - reads the backup from standard input")
    func importFromStandardInput() async throws {
        let source = try await VaultFixture.withSampleEntries()
        let backup = try await source.succeed(["export", "--stdout", "--yes"]).stdout
        let target = try await VaultFixture.initialized()
        try await target.succeed(["import", "-"], stdin: backup)
        #expect(try await target.names() == ListingTests.sortedNames)
        #expect(try await target.password(of: SampleEntries.quoted.name) == SampleEntries.quoted.password)
    }

    @Test("export --stdout prints the same document")
    func exportToStandardOutput() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let fromFile = try await export(fixture, to: fixture.path("file.json"))
        let printed = try await fixture.succeed(["export", "--stdout", "--yes"])
        let fromStdout = try JSONValue.object(printed.stdoutData)
        #expect(fromStdout["format"] as? String == "vault-export")
        #expect(fromStdout["version"] as? Int == 4)
        JSONValue.expectEqualObjects(try entries(of: fromFile), try entries(of: fromStdout))
    }
}
