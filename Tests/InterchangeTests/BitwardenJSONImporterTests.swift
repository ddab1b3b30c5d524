import Foundation
import Testing
@testable import Interchange
import VaultCore
import VaultSystem

/// Bitwarden's JSON export, from Fixtures/import/bitwarden.json (written from Bitwarden's export
/// models; see Fixtures/import/SOURCES.md).
struct BitwardenJSONImporterTests {
    private func read() throws -> Importer.Result {
        try Importer.read(try Fixtures.bytes("import/bitwarden.json"), format: nil, now: importTime)
    }

    @Test func isDetected() throws {
        #expect(try read().format == .bitwardenJSON)
    }

    @Test func aLoginKeepsEverything() throws {
        let github = try #require(try read().entry("Web/GitHub"))
        #expect(github.type == .login)
        #expect(github.username == "octocat")
        #expect(github.password == "gh-pass, with comma")
        #expect(github.urls == ["https://github.com/login", "https://github.com"])
        #expect(github.notes == "recovery codes in the safe")
        #expect(github.tags == ["favorite"])
        #expect(github.created == Date(timeIntervalSince1970: 1_577_934_245))
        #expect(github.modified == Date(timeIntervalSince1970: 1_709_288_430))
        #expect(github.history.map(\.password) == ["oldest", "older"], "oldest first")
        let otp = try #require(try github.oneTimePassword())
        #expect(otp.issuer == "GitHub" && otp.account == "octocat" && otp.secret == Base32.decode("JBSWY3DPEHPK3PXP"))
        let fields = github.fields.map { "\($0.name)=\($0.value)\($0.secret ? " (secret)" : "")" }
        #expect(fields.contains("text field=visible"))
        #expect(fields.contains("hidden field=s3cr3t, \"quoted\" (secret)"))
        #expect(fields.contains("flag=true"))
        #expect(fields.contains("login link=linked to username"))
        #expect(fields.contains("password (2)=a field called password"), "a reserved field name is changed, not dropped")
        let passkeys = try #require(github.field(named: "passkeys"))
        #expect(passkeys.secret && passkeys.value.contains("\"keyValue\":\"PRIVATEKEYDATA\"") && passkeys.value.contains("\"rpId\":\"github.com\""))
    }

    @Test func everyTOTPFormIsRead() throws {
        let result = try read()
        let steam = try #require(try result.entry("Steam")?.oneTimePassword())
        #expect(steam.encoding == .steam && steam.code(at: Date(timeIntervalSince1970: 1_511_200_518))?.code == "FR8RV")
        #expect(result.entry("Steam")?.password == nil, "an empty password is no password")
        let bare = try #require(try result.entry("bare secret")?.oneTimePassword())
        #expect(bare.secret == Base32.decode("JBSWY3DPEHPK3PXP") && bare.account == "me")
    }

    @Test func cardsIdentitiesNotesAndKeysGetTheirTypes() throws {
        let result = try read()
        let visa = try #require(result.entry("Money/Visa"))
        #expect(visa.type == .card)
        #expect(visa.field(named: "number") == CustomField(name: "number", value: "4111111111111111", secret: true))
        #expect(visa.field(named: "expiry")?.value == "09/2029")
        #expect(visa.field(named: "security code")?.secret == true)
        #expect(visa.field(named: "cardholder")?.value == "Ana Example")
        let me = try #require(result.entry("Me"))
        #expect(me.type == .identity)
        #expect(me.field(named: "full name")?.value == "Dr Ana Exämple")
        #expect(me.field(named: "address")?.value == "1 Main St, 62701 Springfield, IL, US")
        #expect(me.field(named: "passport number")?.secret == true)
        #expect(me.field(named: "ssn")?.secret == true)
        #expect(me.username == "ana")
        #expect(result.entry("Wi-Fi")?.type == .note && result.entry("Wi-Fi")?.notes == "SSID: home\npassword: correct horse")
        let key = try #require(result.entry("server key"))
        #expect(key.type == .sshKey && key.field(named: "private key")?.secret == true && key.field(named: "fingerprint") != nil)
    }

    @Test func namesAreMadeValidAndUniqueWithAReport() throws {
        let result = try read()
        #expect(result.entries.count == 10)
        #expect(Set(result.entries.map(\.name)).count == 10)
        #expect(result.entry("Web/GitHub (2)")?.username == "second account")
        #expect(result.entry("a/b")?.username == "odd name")
        #expect(result.entry("untitled")?.password == "pw10")
        let renamed = Set(result.renames.map(\.to))
        #expect(renamed == ["Web/GitHub (2)", "a/b", "untitled"])
        #expect(result.renames.first { $0.to == "untitled" }?.reason == "the record has no name")
    }

    @Test(arguments: [
        (#"{"encrypted": true, "encKeyValidation_DO_NOT_EDIT": "x", "data": "y"}"#, InterchangeError.encrypted(.bitwardenJSON)),
        (#"{"items": [{"type": 9, "name": "x"}]}"#, InterchangeError.badRecord(record: "item 1 ('x')", field: "type", reason: "unknown item type 9")),
        (#"{"items": [{"type": 1, "name": "x", "login": {"totp": "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&digits=3"}}]}"#,
         InterchangeError.badRecord(record: "item 1 ('x')", field: "login.totp", reason: OTPError.invalidDigits("3").message)),
        (#"{"items": [{"type": 1, "name": "x"}, {"type": 1, "name": 5}]}"#, InterchangeError.badRecord(record: "item 2", field: "name", reason: "expected a string")),
    ] as [(String, InterchangeError)])
    func badFilesAreRefusedNamingTheRecord(json: String, error: InterchangeError) {
        #expect(throws: error) { try Importer.read(Array(json.utf8), format: .bitwardenJSON, now: importTime) }
    }
}
