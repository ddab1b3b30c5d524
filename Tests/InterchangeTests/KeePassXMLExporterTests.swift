import Foundation
import Testing
@testable import Interchange
import VaultCore
import VaultSystem

/// KeePass 2 XML written by vault and read back by vault's own importer: what KeePass keeps
/// elsewhere (custom fields under its own names, tags holding its separators, the time of the
/// last password change) comes back exactly.
struct KeePassXMLExporterTests {
    private let created = Date(timeIntervalSince1970: 1_500_000_000)

    /// The entries after a keepass-xml export and import.
    private func roundTrip(_ entries: [Entry]) throws -> [Entry] {
        let bytes = try Exporter.render(entries, as: .keepassXML, exported: importTime, contents: { _ in [] })
        return try Importer.read(bytes, format: .keepassXML, now: importTime).entries
    }

    @Test func customFieldsUnderKeePassNamesComeBackAsFields() throws {
        let names = ["Title", "KP2A_URL", "KP2A_URL_1", "TOTP Seed", "TOTP Settings", "TimeOtp-Secret-Base32",
                     "HmacOtp-Counter", "vault type", "vault field: kept", "Colour"]
        var entry = Entry(name: "Web/Mail", username: "me", password: "pw", urls: ["https://mail.example"], created: created)
        entry.fields = names.enumerated().map { CustomField(name: $0.element, value: "value \($0.offset)", secret: $0.offset % 2 == 0) }
        let back = try #require(try roundTrip([entry]).first)
        #expect(back.name == "Web/Mail" && back.type == .login)
        #expect(back.urls == ["https://mail.example"] && back.otp == nil)
        #expect(back.fields == entry.fields)
    }

    @Test func tagsHoldingKeePassSeparatorsComeBackExactly() throws {
        let entry = Entry(name: "Mail", tags: ["a,b", "c;d", " e "], created: created)
        let back = try #require(try roundTrip([entry]).first)
        #expect(back.tags == ["a,b", "c;d", " e "])
        #expect(back.fields.isEmpty, "the carried tags field is taken back")
        let plain = try #require(try roundTrip([Entry(name: "Plain", tags: ["work", "mail"], created: created)]).first)
        #expect(plain.tags == ["work", "mail"])
    }

    @Test func everyPasswordChangeKeepsItsTime() throws {
        var entry = Entry(name: "Mail", password: "third", created: created,
                          history: [PasswordChange(password: "first", replaced: created.addingTimeInterval(100)),
                                    PasswordChange(password: "second", replaced: created.addingTimeInterval(200))])
        entry.modified = created.addingTimeInterval(300)
        let edited = try #require(try roundTrip([entry]).first)
        #expect(edited.history == entry.history, "edited after the last password change")
        #expect(edited.modified == entry.modified && edited.created == entry.created && edited.password == "third")
        entry.modified = created.addingTimeInterval(200)
        let unedited = try #require(try roundTrip([entry]).first)
        #expect(unedited.history == entry.history && unedited.modified == entry.modified)
    }
}
