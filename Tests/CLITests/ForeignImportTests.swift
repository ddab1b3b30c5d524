import CLITestSupport
import Foundation
import Testing

/// `vault import` of other managers' files: the format told from the content, names made
/// valid and unique with a report, one-time codes that work, and bad files that change nothing.
@Suite("import from other managers")
struct ForeignImportTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import")

    @Test("a Bitwarden export comes in whole, with renames reported and codes that agree")
    func bitwarden() async throws {
        let fixture = try await VaultFixture.initialized()
        let result = try await fixture.succeed(["import", Self.fixtures.appendingPathComponent("bitwarden.json").path])
        #expect(result.stderr.contains("Imported 10 of 10 entries from bitwarden-json"), "\(result)")
        #expect(result.stderr.contains("item 8 ('GitHub'): named 'Web/GitHub (2)' (another record has the same name: 'Web/GitHub')"), "\(result)")
        #expect(result.stderr.contains("item 10: named 'untitled' (the record has no name: '')"), "\(result)")
        #expect(!result.stderr.contains("gh-pass"))
        #expect(try await fixture.succeed(["otp", "Steam", "--at", "1511200518"]).stdout == "FR8RV\n")
        #expect(try await fixture.succeed(["get", "Web/GitHub", "--field", "username"]).stdout == "octocat\n")
        #expect(try await fixture.succeed(["get", "Money/Visa", "--field", "type"]).stdout == "card\n")
        let shown = try await fixture.succeed(["show", "Money/Visa"]).stdout
        #expect(shown.contains("Card number:") && !shown.contains("4111111111111111"), "\(shown)")
    }

    @Test("a 1PUX export brings its files: an item's attached file and a Document item's, byte for byte")
    func onePasswordFiles() async throws {
        let fixture = try await VaultFixture.initialized()
        let result = try await fixture.succeed(["import", Self.fixtures.appendingPathComponent("onepassword.1pux").path])
        #expect(result.stderr.contains("Imported 9 of 9 entries from 1password-1pux"), "\(result)")
        let statement = Data("%PDF-1.4\n".utf8) + Data((0...255).map(UInt8.init))
        #expect(try await fixture.succeed(["attach", "get", "Personal/Checking", "statement.pdf", "--stdout"]).stdoutData == statement)
        let scan = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0...255).reversed().map(UInt8.init))
        #expect(try await fixture.succeed(["attach", "get", "Personal/Passport", "passport scan.jpg", "--stdout"]).stdoutData == scan)
        #expect(try await fixture.succeed(["attach", "ls", "Personal/Passport"]).stdout.hasPrefix("passport scan.jpg  "))
        #expect(try await fixture.succeed(["get", "Personal/Passport", "--field", "type"]).stdout == "note\n")
    }

    @Test("a CSV written by keepassxc-cli imports with its groups as name prefixes")
    func keepassxcCSV() async throws {
        let keepassxc = try #require(ExternalProgram.find("keepassxc-cli"), "keepassxc-cli is not installed (scripts/setup --test installs it)")
        let fixture = try await VaultFixture.initialized()
        let database = fixture.path("source.kdbx")
        let environment = ["HOME": fixture.path(""), "PATH": "/usr/bin:/bin"]
        func keepass(_ arguments: [String], stdin: String) async throws {
            let result = try await ExternalProgram.run(keepassxc, arguments, stdin: Data(stdin.utf8), environment: environment, timeout: .seconds(60))
            try #require(result.status == 0, "\(result)")
        }
        try await keepass(["db-create", "-p", "-t", "100", database], stdin: "db pass\ndb pass\n")
        try await keepass(["mkdir", database, "Web"], stdin: "db pass\n")
        try await keepass(["add", "-u", "me@example.com", "--url", "https://github.com", "--notes", "line one\nline, \"two\"", "-p", database, "Web/GitHub"],
                          stdin: "db pass\nsecret,\"pw\" ü\n")
        try await keepass(["add", "-u", "no password", database, "Top level"], stdin: "db pass\n")
        let exported = try await ExternalProgram.run(keepassxc, ["export", "-f", "csv", database], stdin: Data("db pass\n".utf8), environment: environment)
        try #require(exported.status == 0, "\(exported)")
        let csv = try VaultFixture.writeFile(fixture.path("keepassxc.csv"), exported.stdoutData)

        let result = try await fixture.succeed(["import", csv])
        #expect(result.stderr.contains("from keepassxc-csv"), "\(result)")
        #expect(try await fixture.names() == ["Top level", "Web/GitHub"])
        #expect(try await fixture.password(of: "Web/GitHub") == "secret,\"pw\" ü")
        #expect(try await fixture.succeed(["get", "Web/GitHub", "--field", "notes"]).stdout == "line one\nline, \"two\"\n")
        #expect(try await fixture.succeed(["get", "Web/GitHub", "--field", "url"]).stdout == "https://github.com\n")
        expectFailure(try await fixture.run(["get", "Top level"]), status: 4, mentioning: "password")
    }

    @Test("a bad record anywhere imports nothing, names the line and field, and shows no secret")
    func badRecordChangesNothing() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("kept", password: "kept-password-long")
        let before = try fixture.vaultBytes()
        let file = try VaultFixture.writeFile(fixture.path("lastpass.csv"), """
            url,username,password,totp,extra,name,grouping,fav
            https://a.example,u,first-secret-pw,,,first,,0
            https://b.example,u,second-secret-pw,not-base32!!,,second,,0

            """)
        let result = try await fixture.run(["import", file])
        expectFailure(result, status: 1, mentioning: "line 3 ('second'), field totp", "nothing was imported")
        #expect(!result.stderr.contains("secret-pw") && !result.stderr.contains("not-base32"))
        #expect(try fixture.vaultBytes() == before)
    }

    /// An export of each CSV format that breaks RFC 4180, as a writer that forgot to double a
    /// quote (or left a quoted field open) makes it, and where the reader stops.
    struct MalformedExport: Sendable, CustomTestStringConvertible {
        let format: String
        let text: String
        let line: Int
        let column: Int
        var testDescription: String { format }
    }

    static let malformedExports = [
        // The rows after an undoubled quote run into one password, until a quote that closes
        // it is followed by more text.
        MalformedExport(format: "chrome-csv", text: """
            name,url,username,password,note
            a.example,https://a.example,ann,"abc,def-secret
            b.example,https://b.example,bob,pw-b-secret,
            c.example,https://c.example,cat,pw-c-secret,
            d.example,https://d.example,dan,pw"d-secret,

            """, line: 5, column: 36),
        MalformedExport(format: "lastpass-csv", text: """
            url,username,password,totp,extra,name,grouping,fav
            https://a.example,ann,pa"ss-secret,,,site,,0
            https://b.example,bob,pw-b-secret,,,other,,0

            """, line: 2, column: 25),
        MalformedExport(format: "firefox-csv", text: """
            "url","username","password","httpRealm","formActionOrigin","guid","timeCreated","timeLastUsed","timePasswordChanged"
            "https://a.example","ann","pa"ss-secret",,"https://a.example","{1}","1700000000000","1700000000000","1700000000000"

            """, line: 2, column: 31),
        MalformedExport(format: "keepassxc-csv", text: """
            "Group","Title","Username","Password","URL","Notes","TOTP","Icon","Last Modified","Created"
            "Passwords","site","ann","pw-a-secret","https://a.example","","","0","2026-11-26T17:45:08Z","2026-11-26T17:45:08Z"
            "Passwords","other","bob","never closed-secret
            """, line: 3, column: 27),
        MalformedExport(format: "bitwarden-csv", text: """
            folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp
            ,0,login,site,"note-secret "x" here",,0,https://a.example,ann,pw-a-secret,

            """, line: 2, column: 29),
    ]

    @Test("a CSV export that breaks RFC 4180 imports nothing, in every CSV format, naming the line and column and no value",
          arguments: malformedExports)
    func malformedCSVChangesNothing(export: MalformedExport) async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("kept", password: "kept-password-long")
        let before = try fixture.vaultBytes()
        let file = try VaultFixture.writeFile(fixture.path("export.csv"), export.text)
        let result = try await fixture.run(["import", file])
        expectFailure(result, status: 1, mentioning: "the \(export.format) file is not valid CSV at line \(export.line), column \(export.column)",
                      "nothing was imported")
        #expect(!result.stderr.contains("secret"), "\(result)")
        #expect(try fixture.vaultBytes() == before)
        #expect(try await fixture.names() == ["kept"])
    }

    @Test("a file that could be two formats is refused naming both; --format settles it")
    func ambiguousFormat() async throws {
        let fixture = try await VaultFixture.initialized()
        let file = try VaultFixture.writeFile(fixture.path("both.csv"), "name,url,username,password,httpRealm,formActionOrigin\nx,https://x.example,u,p-word-long,,\n")
        expectFailure(try await fixture.run(["import", file]), status: 64, mentioning: "firefox-csv or chrome-csv", "--format")
        try await fixture.succeed(["import", file, "--format", "chrome-csv"])
        #expect(try await fixture.names() == ["x"])
    }
}
