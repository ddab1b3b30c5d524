import Foundation
import Testing
@testable import Interchange
import VaultCore
import VaultSystem

/// The CSV formats, from the files in Fixtures/import (see SOURCES.md there).
struct CSVImporterTests {
    private func read(_ name: String, as format: ImportFormat? = nil) throws -> Importer.Result {
        try Importer.read(try Fixtures.bytes("import/" + name), format: format, now: importTime)
    }

    @Test(arguments: [("chrome.csv", ImportFormat.chromeCSV), ("firefox.csv", .firefoxCSV), ("lastpass.csv", .lastpassCSV),
                      ("bitwarden.csv", .bitwardenCSV), ("bitwarden.json", .bitwardenJSON)])
    func formatsAreDetected(file: String, format: ImportFormat) throws {
        #expect(try FormatDetector.format(of: Fixtures.bytes("import/" + file)) == format)
    }

    @Test func chrome() throws {
        let result = try read("chrome.csv")
        let github = try #require(result.entry("github.com"))
        #expect(github.password == "gh-pass, with \"quotes\"" && github.notes == "two\nlines" && github.urls == ["https://github.com/login"])
        #expect(result.entry("example.com")?.password == nil && result.entry("example.com")?.username == nil)
        #expect(result.entry("example.com (2)")?.username == "second")
        #expect(result.entry("ünïcode.example")?.password == "пароль")
        #expect(result.renames.map(\.to) == ["example.com (2)"])
    }

    @Test func firefox() throws {
        let result = try read("firefox.csv")
        let account = try #require(result.entry("accounts.example.com"))
        #expect(account.password == "p,w \"1\"" && account.username == "me@example.com")
        #expect(account.created == Date(timeIntervalSince1970: 1_700_000_000) && account.modified == Date(timeIntervalSince1970: 1_700_000_400))
        #expect(account.field(named: "form action")?.value == "https://accounts.example.com")
        #expect(result.entry("intranet.example")?.field(named: "http realm")?.value == "Intranet realm")
    }

    @Test func lastPass() throws {
        let result = try read("lastpass.csv")
        let github = try #require(result.entry("Work/Code/GitHub"))
        #expect(github.password == "gh, pass" && github.notes == "login notes\nsecond line" && github.tags == ["favorite"])
        #expect(try github.oneTimePassword()?.secret == Base32.decode("JBSWY3DPEHPK3PXP"))
        #expect(result.entry("Notes/Plain note")?.type == .note && result.entry("Notes/Plain note")?.notes == "just a note, with a comma")
        let visa = try #require(result.entry("Money/Visa"))
        #expect(visa.type == .card)
        #expect(visa.field(named: "number")?.value == "4111111111111111" && visa.field(named: "number")?.secret == true)
        #expect(visa.field(named: "expiry")?.value == "09/2029" && visa.field(named: "cardholder")?.value == "Ana Example")
        #expect(visa.notes == "card notes\nmore card notes")
        #expect(result.entry("example.com") != nil, "a row without a name is named after its site")
    }

    /// A LastPass export of one secure note with the text `note`.
    private func lastPassNote(_ note: String, named name: String) throws -> Entry? {
        let csv = "url,username,password,totp,extra,name,grouping,fav\nhttp://sn,,,,\"\(note)\",\(name),,0\n"
        return try Importer.read(Array(csv.utf8), format: .lastpassCSV, now: importTime).entry(name)
    }

    // A value runs over several lines: the lines of a PEM key, its `Proc-Type:` and `DEK-Info:`
    // headers among them, are all the private key's.
    @Test func lastPassSSHKeyKeepsAMultiLinePrivateKey() throws {
        let privateKey = """
            -----BEGIN RSA PRIVATE KEY-----
            Proc-Type: 4,ENCRYPTED
            DEK-Info: AES-128-CBC,0123456789ABCDEF0123456789ABCDEF

            MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun
            VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK
            -----END RSA PRIVATE KEY-----
            """
        let note = """
            NoteType:SSH Key
            Language:en-US
            Bit Strength:2048
            Format:RSA
            Passphrase:hunter2
            Private Key:\(privateKey)
            Public Key:ssh-rsa AAAAB3NzaC1yc2E fixture
            Hostname:server.example
            Date:
            Notes:key notes
            second line
            """
        let key = try #require(try lastPassNote(note, named: "server key"))
        #expect(key.type == .sshKey && key.password == "hunter2" && key.notes == "key notes\nsecond line")
        #expect(key.field(named: "private key") == CustomField(name: "private key", value: privateKey, secret: true))
        #expect(key.field(named: "public key")?.value == "ssh-rsa AAAAB3NzaC1yc2E fixture")
        #expect(key.fields.map(\.name) == ["language", "bit strength", "format", "private key", "public key", "hostname"])
    }

    // Without a list of its keys, a note of an unknown kind starts a value at every line with a
    // colon; a line without one continues the value before it, and lines before any key are notes.
    @Test func lastPassNoteOfUnknownKindKeepsEveryLine() throws {
        let note = """
            NoteType:Custom_1234
            a line before any key
            Recovery Codes:1111-2222
            3333-4444
            Site:example.com
            Notes:the rest
            """
        let custom = try #require(try lastPassNote(note, named: "codes"))
        #expect(custom.type == .note && custom.notes == "a line before any key\nthe rest")
        #expect(custom.fields == [CustomField(name: "recovery codes", value: "1111-2222\n3333-4444", secret: false),
                                  CustomField(name: "site", value: "example.com", secret: false)])
    }

    @Test func bitwardenCSV() throws {
        let result = try read("bitwarden.csv")
        let github = try #require(result.entry("Web/GitHub"))
        #expect(github.urls == ["https://github.com", "https://gist.github.com"])
        #expect(github.field(named: "custom")?.value == "value" && github.field(named: "other")?.value == "with: colons")
        #expect(try github.oneTimePassword()?.issuer == "GitHub")
        #expect(result.entry("A note")?.type == .note && result.entry("A note")?.notes == "secret note text")
        #expect(result.entry("GitHub")?.username == "other")
    }

    // A field's value with a newline runs over several lines of `fields`: a line that is not
    // `name: value` belongs to the value before it, and is never made a field name.
    @Test func bitwardenCSVFieldValuesRunOverLines() throws {
        let csv = """
            folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp
            ,,login,multi,,"hidden: first line
            second line

            fourth line
            site: see
            https://example.com/help
            last: one",0,,,,

            """
        let entry = try #require(try Importer.read(Array(csv.utf8), format: .bitwardenCSV, now: importTime).entry("multi"))
        #expect(entry.fields == [CustomField(name: "hidden", value: "first line\nsecond line\n\nfourth line", secret: false),
                                 CustomField(name: "site", value: "see\nhttps://example.com/help", secret: false),
                                 CustomField(name: "last", value: "one", secret: false)])
    }

    /// The entry `name` of a Bitwarden CSV export whose only row has `fields` as its fields column.
    private func bitwardenCSVEntry(fields: String, named name: String = "row") throws -> Entry? {
        let csv = "folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\n"
            + ",,login,\(name),,\"\(fields.replacingOccurrences(of: "\"", with: "\"\""))\",0,,,,\n"
        return try Importer.read(Array(csv.utf8), format: .bitwardenCSV, now: importTime).entry(name)
    }

    // A hidden field holding an encrypted PEM key or PGP armour stays whole: its header lines
    // (`Proc-Type: 4,ENCRYPTED`, `Version: …`) look like fields but lie between BEGIN and END.
    @Test func bitwardenCSVKeepsArmouredValuesWhole() throws {
        let pem = """
            -----BEGIN RSA PRIVATE KEY-----
            Proc-Type: 4,ENCRYPTED
            DEK-Info: AES-128-CBC,0123456789ABCDEF0123456789ABCDEF

            MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun
            -----END RSA PRIVATE KEY-----
            """
        let pgp = """
            -----BEGIN PGP MESSAGE-----
            Version: GnuPG v2
            Comment: a comment: with colons

            hQEMA0X5jeX5xTHxAQf/Z2V0
            -----END PGP MESSAGE-----
            """
        let entry = try #require(try bitwardenCSVEntry(fields: "key: \(pem)\nafter: one\npgp:\n\(pgp)\nlast: two"))
        #expect(entry.fields == [CustomField(name: "key", value: pem, secret: false), CustomField(name: "after", value: "one", secret: false),
                                 CustomField(name: "pgp", value: "\n" + pgp, secret: false), CustomField(name: "last", value: "two", secret: false)])
    }

    // bitwarden-csv is not one of vault's exports: its fields are what they say, carried ones
    // included. A name vault escaped in bitwarden-json, which Bitwarden's CSV export writes as
    // `vault field: NAME: value`, keeps its whole name and value.
    @Test func bitwardenCSVKeepsCarriedAndEscapedFieldsAsTheyAre() throws {
        let entry = try #require(try bitwardenCSVEntry(fields: "vault type: bank\nvault field: passkeys: [1, 2]\nvault field: vault tags: a: b\nvault field: "))
        #expect(entry.type == .login)
        #expect(entry.fields == [CustomField(name: "vault type", value: "bank", secret: false),
                                 CustomField(name: "vault field: passkeys", value: "[1, 2]", secret: false),
                                 CustomField(name: "vault field: vault tags", value: "a: b", secret: false),
                                 CustomField(name: "vault field", value: "", secret: false)])
    }

    @Test func aValueOverSeveralLinesLosesOnlyItsTrailingEmptyLines() {
        #expect(CSVImport.joinedWithoutTrailingEmptyLines(["a", "", "b", "", ""]) == "a\n\nb")
        #expect(CSVImport.joinedWithoutTrailingEmptyLines([""]) == "" && CSVImport.joinedWithoutTrailingEmptyLines([]) == "")
    }

    @Test func aBadRowStopsEverythingAndNamesItsLine() {
        let csv = "name,url,username,password\nok,https://a,u,p\nbad,https://b,u,p\n"
        let lastpass = "url,username,password,totp,extra,name,grouping,fav\nhttps://a,u,p,,,ok,,0\nhttps://b,u,p,not-base32!,,bad,,0\n"
        #expect(throws: InterchangeError.badRecord(record: "line 3 ('bad')", field: "totp", reason: OTPError.invalidSecret.message)) {
            try Importer.read(Array(lastpass.utf8), format: nil, now: importTime)
        }
        #expect(throws: InterchangeError.notTheFormat(.firefoxCSV, reason: "the header has no column 'url', 'username', 'password'")) {
            try Importer.read(Array("a,b\n1,2\n".utf8), format: .firefoxCSV, now: importTime)
        }
        #expect(throws: InterchangeError.malformedCSV(.chromeCSV, CSVError(line: 4, column: 1, .unclosedQuote))) {
            try Importer.read(Array((csv + "\"open,x,y,z\n").utf8), format: .chromeCSV, now: importTime)
        }
        #expect(throws: InterchangeError.empty) { try Importer.read([], format: .chromeCSV, now: importTime) }
        #expect(throws: InterchangeError.unknownFormat(candidates: FormatDetector.csvHeaders.map(\.0))) {
            try Importer.read(Array("a,b\n1,2\n".utf8), format: nil, now: importTime)
        }
    }

    /// A header of each CSV format, and a row of it whose password breaks RFC 4180 in each way.
    static let malformedRows: [(ImportFormat, header: String, row: @Sendable (String) -> String)] = [
        (.bitwardenCSV, "folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp",
         { ",0,login,site,,,0,https://a.example,user,\($0),\n" }),
        (.keepassxcCSV, #""Group","Title","Username","Password","URL","Notes","TOTP","Icon","Last Modified","Created""#,
         { #""Root","site","user","# + $0 + #","https://a.example","","","0","2026-01-01T00:00:00Z","2026-01-01T00:00:00Z"\#n"# }),
        (.chromeCSV, "name,url,username,password,note", { "site,https://a.example,user,\($0),\n" }),
        (.firefoxCSV, #""url","username","password","httpRealm","formActionOrigin","guid","timeCreated","timeLastUsed","timePasswordChanged""#,
         { #""https://a.example","user","# + $0 + #",,"https://a.example","{1}","1700000000000","1700000000000","1700000000000"\#n"# }),
        (.lastpassCSV, "url,username,password,totp,extra,name,grouping,fav", { "https://a.example,user,\($0),,,site,,0\n" }),
    ]

    /// A password with a quote written two wrong ways (the quote bare; in quotes, but not
    /// doubled), and a quoted field never closed, each refused where it goes wrong.
    @Test(arguments: malformedRows.map(\.0))
    func everyCSVFormatRefusesWhatBreaksRFC4180(format: ImportFormat) throws {
        let (_, header, row) = try #require(Self.malformedRows.first { $0.0 == format })
        let marked = row("PASSWORD")
        let column = marked.distance(from: marked.startIndex, to: try #require(marked.firstRange(of: "PASSWORD")).lowerBound) + 1
        let cases: [(String, CSVError)] = [
            (row(#"pass"word"#), CSVError(line: 2, column: column + 4, .quoteInUnquotedField)),
            (row(#""pass"word""#), CSVError(line: 2, column: column + 6, .textAfterClosingQuote)),
            (row("second-pw") + #""never closed,"#, CSVError(line: 3, column: 1, .unclosedQuote)),
        ]
        for (rows, refusal) in cases {
            let bytes = Array((header + "\n" + rows).utf8)
            #expect(try FormatDetector.format(of: bytes) == format)
            #expect(throws: InterchangeError.malformedCSV(format, refusal), "\(rows)") {
                try Importer.read(bytes, format: nil, now: importTime)
            }
        }
    }
}
