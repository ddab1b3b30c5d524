import CLITestSupport
import Foundation
import Testing

/// `import` checks the whole file first: any problem imports nothing and is explained in one
/// line (by entry number and name where there is one); name conflicts follow `--on-conflict`.
@Suite("Import validation and conflicts")
struct ImportValidationTests {
    /// A file to import that must be refused, and what the message must say.
    struct BadFile: Sendable, CustomTestStringConvertible {
        var label: String
        var contents: @Sendable () throws -> Data
        var mentions: [String]
        var testDescription: String { label }
    }

    private static func valid(_ name: String) -> [String: Any] { ImportDocument.entry(name: name, password: "pw-\(name)") }

    static let badFiles: [BadFile] = [
        BadFile(label: "not JSON", contents: { Data("this is not json\n".utf8) }, mentions: ["cannot tell what the file is", "--format"]),
        BadFile(label: "wrong format", contents: {
            try ImportDocument.data(entries: [valid("new/a")], format: "bitwarden")
        }, mentions: ["not a vault export", "'bitwarden'"]),
        BadFile(label: "newer version", contents: {
            try ImportDocument.data(entries: [valid("new/a")], version: 99)
        }, mentions: ["version 99", "newer"]),
        BadFile(label: "invalid name in the middle", contents: {
            try ImportDocument.data(entries: [valid("new/a"), valid("bad//name"), valid("new/c")])
        }, mentions: ["entry 2", "'bad//name'", "empty path segment", "nothing was imported"]),
        BadFile(label: "entry without created", contents: {
            try ImportDocument.data(entries: [valid("new/a"), valid("new/b"),
                                              ImportDocument.entry(name: "no-date", extra: ["created": NSNull()])])
        }, mentions: ["entry 3", "'no-date'", "created", "nothing was imported"]),
        BadFile(label: "password is a number", contents: {
            try ImportDocument.data(entries: [valid("new/a"), ImportDocument.entry(name: "numeric", password: 12345)])
        }, mentions: ["entry 2", "'numeric'", "password", "expected a string"]),
        BadFile(label: "the same name twice", contents: {
            try ImportDocument.data(entries: [valid("twice"), valid("new/b"), valid("twice")])
        }, mentions: ["two entries named 'twice'", "nothing was imported"]),
        BadFile(label: "truncated JSON", contents: {
            let whole = try ImportDocument.data(entries: [valid("new/a"), valid("new/b")])
            return whole.prefix(whole.count * 2 / 3)
        }, mentions: ["not valid JSON"]),
        BadFile(label: "empty file", contents: { Data() }, mentions: ["the file is empty"]),
        BadFile(label: "a bad date", contents: {
            try ImportDocument.data(entries: [ImportDocument.entry(name: "when", extra: ["created": "yesterday"])])
        }, mentions: ["entry 1", "'when'", "ISO 8601"]),
    ]

    @Test("a bad file imports nothing and says why in one line", arguments: badFiles)
    func badFile(_ file: BadFile) async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("existing", password: "keep-me")
        let before = try fixture.vaultBytes()
        let names = try await fixture.names()
        let path = try VaultFixture.writeFile(fixture.path("import.json"), try file.contents())
        let result = try await fixture.run(["import", path])
        expectFailure(result, status: 1, mentioningAll: file.mentions)
        #expect(try await fixture.names() == names)
        #expect(try fixture.vaultBytes() == before, "a refused import must not rewrite the vault")
    }

    // An imported field "password" would be unreachable with --field, and a field name with a
    // newline or an escape sequence would be printed raw by `show`.
    @Test("import refuses custom field names that add refuses", arguments: ["password", "bad\nname", "esc\u{1b}[2J"])
    func importFieldNames(fieldName: String) async throws {
        let fixture = try await VaultFixture.initialized()
        let before = try fixture.vaultBytes()
        let file = try VaultFixture.writeFile(fixture.path("import.json"), try ImportDocument.data(entries: [
            ImportDocument.entry(name: "with-field", extra: ["fields": [["name": fieldName, "value": "v", "secret": false]]]),
        ]))
        expectFailure(try await fixture.run(["import", file]), status: 1, mentioning: "entry 1", "nothing was imported")
        #expect(try fixture.vaultBytes() == before)
    }

    // A document without a usable "version" must say so, not claim the format name is wrong.
    @Test("a missing version is reported as a missing version, not as a wrong format")
    func missingVersionMessage() async throws {
        let fixture = try await VaultFixture.initialized()
        var document = ImportDocument.document(entries: [])
        document["version"] = nil
        let file = try VaultFixture.writeFile(fixture.path("import.json"), try JSONValue.data(document))
        let result = try await fixture.run(["import", file])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("format is"), "\(result)")
        #expect(result.stderr.contains("no valid \"version\""), "\(result)")
    }

    @Test("a missing file exits 4")
    func missingFile() async throws {
        let fixture = try await VaultFixture.initialized()
        expectFailure(try await fixture.run(["import", fixture.path("absent.json")]), status: 4, mentioning: "absent.json")
    }

    /// A vault holding `shared` (password "original") and a file holding `shared` ("imported")
    /// and `fresh`.
    private func conflictSetUp() async throws -> (VaultFixture, file: String) {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("shared", password: "original")
        let file = try VaultFixture.writeFile(fixture.path("import.json"), try ImportDocument.data(entries: [
            ImportDocument.entry(name: "fresh", password: "fresh-pw"),
            ImportDocument.entry(name: "shared", password: "imported"),
        ]))
        return (fixture, file)
    }

    @Test("a name that exists stops the import with 5 unless --on-conflict says otherwise")
    func conflictWithoutPolicy() async throws {
        let (fixture, file) = try await conflictSetUp()
        let before = try fixture.vaultBytes()
        expectFailure(try await fixture.run(["import", file]), status: 5, mentioning: "'shared'", "--on-conflict", "nothing was imported")
        #expect(try fixture.vaultBytes() == before)
    }

    @Test("--on-conflict skip keeps the existing entry and adds the others")
    func conflictSkip() async throws {
        let (fixture, file) = try await conflictSetUp()
        try await fixture.succeed(["import", file, "--on-conflict", "skip"])
        #expect(try await fixture.names() == ["fresh", "shared"])
        #expect(try await fixture.password(of: "shared") == "original")
        #expect(try await fixture.password(of: "fresh") == "fresh-pw")
    }

    @Test("--on-conflict overwrite replaces the existing entry")
    func conflictOverwrite() async throws {
        let (fixture, file) = try await conflictSetUp()
        try await fixture.succeed(["import", file, "--on-conflict", "overwrite"])
        #expect(try await fixture.names() == ["fresh", "shared"])
        #expect(try await fixture.password(of: "shared") == "imported")
    }

    @Test("--on-conflict rename imports as 'NAME (2)', then 'NAME (3)'")
    func conflictRename() async throws {
        let (fixture, file) = try await conflictSetUp()
        let first = try await fixture.succeed(["import", file, "--on-conflict", "rename"])
        #expect(try await fixture.names() == ["fresh", "shared", "shared (2)"])
        #expect(try await fixture.password(of: "shared") == "original")
        #expect(try await fixture.password(of: "shared (2)") == "imported")
        #expect(first.stderr.contains("entry 2: named 'shared (2)' (an entry in the vault has the same name: 'shared')"), "\(first)")
        #expect(!first.stderr.contains("'fresh ("), "\(first)")
        let second = try await fixture.succeed(["import", file, "--on-conflict", "rename"])
        #expect(try await fixture.names() == ["fresh", "fresh (2)", "shared", "shared (2)", "shared (3)"])
        #expect(try await fixture.password(of: "shared (3)") == "imported")
        #expect(second.stderr.contains("entry 1: named 'fresh (2)' (an entry in the vault has the same name: 'fresh')"), "\(second)")
        #expect(second.stderr.contains("entry 2: named 'shared (3)' (an entry in the vault has the same name: 'shared')"), "\(second)")
        #expect(second.stderr.contains("2 renamed"), "\(second)")
    }
}
