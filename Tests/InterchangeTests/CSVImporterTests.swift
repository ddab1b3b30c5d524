import Foundation
import Testing
@testable import Interchange
import VaultKit

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

    @Test func bitwardenCSV() throws {
        let result = try read("bitwarden.csv")
        let github = try #require(result.entry("Web/GitHub"))
        #expect(github.urls == ["https://github.com", "https://gist.github.com"])
        #expect(github.field(named: "custom")?.value == "value" && github.field(named: "other")?.value == "with: colons")
        #expect(try github.oneTimePassword()?.issuer == "GitHub")
        #expect(result.entry("A note")?.type == .note && result.entry("A note")?.notes == "secret note text")
        #expect(result.entry("GitHub")?.username == "other")
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
        #expect(throws: InterchangeError.notTheFormat(.chromeCSV, reason: "line 4: a quoted field is not closed")) {
            try Importer.read(Array((csv + "\"open,x,y,z\n").utf8), format: .chromeCSV, now: importTime)
        }
        #expect(throws: InterchangeError.unknownFormat(candidates: FormatDetector.csvHeaders.map(\.0))) {
            try Importer.read(Array("a,b\n1,2\n".utf8), format: nil, now: importTime)
        }
    }
}
