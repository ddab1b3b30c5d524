import Foundation
import Testing
@testable import Interchange
import VaultCore
import VaultSystem

/// KeePass 2 XML: groups, strings, every one-time password convention of the KeePass family,
/// history, the recycle bin, and what only a .kdbx reader could decrypt.
struct KeePassXMLImporterTests {
    private func document(_ entries: String, meta: String = "") -> [UInt8] {
        Array("""
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <KeePassFile><Meta>\(meta)</Meta><Root><Group><UUID>AAAAAAAAAAAAAAAAAAAAAQ==</UUID><Name>Database</Name>
            \(entries)
            </Group></Root></KeePassFile>
            """.utf8)
    }

    private func entry(_ strings: [(String, String)], protected: Set<String> = [], extra: String = "") -> String {
        "<Entry>" + strings.map { key, value in
            "<String><Key>\(key)</Key><Value\(protected.contains(key) ? " ProtectInMemory=\"True\"" : "")>\(value.replacingOccurrences(of: "&", with: "&amp;"))</Value></String>"
        }.joined() + extra + "</Entry>"
    }

    private func read(_ bytes: [UInt8]) throws -> Importer.Result {
        try Importer.read(bytes, format: nil, now: importTime)
    }

    @Test func groupsStringsTagsAndHistory() throws {
        let history = "<History>" + entry([("Title", "Mail"), ("Password", "first")], extra: "<Times><LastModificationTime>2020-01-01T00:00:00Z</LastModificationTime></Times>")
            + entry([("Title", "Mail"), ("Password", "second")], extra: "<Times><LastModificationTime>2021-01-01T00:00:00Z</LastModificationTime></Times>") + "</History>"
        let mail = entry([("Title", "Mail"), ("UserName", "me"), ("Password", " spaced "), ("URL", "https://mail.example"),
                          ("KP2A_URL_1", "https://webmail.example"), ("Notes", "a\nb"), ("PIN", "1234"), ("Colour", "blue")],
                         protected: ["Password", "PIN"],
                         extra: "<Tags>work;mail</Tags><Times><CreationTime>2019-06-01T00:00:00Z</CreationTime><LastModificationTime>2022-01-01T00:00:00Z</LastModificationTime></Times>" + history)
        let result = try read(document("<Group><UUID>AAAAAAAAAAAAAAAAAAAAAg==</UUID><Name>Web</Name>\(mail)</Group>"))
        #expect(result.format == .keepassXML)
        let imported = try #require(result.entry("Web/Mail"))
        #expect(imported.password == " spaced " && imported.username == "me" && imported.notes == "a\nb")
        #expect(imported.urls == ["https://mail.example", "https://webmail.example"])
        #expect(imported.tags == ["work", "mail"])
        #expect(imported.fields == [CustomField(name: "PIN", value: "1234", secret: true), CustomField(name: "Colour", value: "blue", secret: false)])
        #expect(imported.history == [PasswordChange(password: "first", replaced: Date(timeIntervalSince1970: 1_609_459_200)),
                                     PasswordChange(password: "second", replaced: Date(timeIntervalSince1970: 1_640_995_200))])
        #expect(imported.created == Date(timeIntervalSince1970: 1_559_347_200))
    }

    @Test(arguments: [
        ([("otp", "otpauth://totp/X:me?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&issuer=X")], "totp 30 6 SHA1"),
        ([("otp", "key=JBSWY3DPEHPK3PXP&size=8&step=60&otpHashMode=SHA256")], "totp 60 8 SHA256"),
        ([("TOTP Seed", "JBSWY3DPEHPK3PXP"), ("TOTP Settings", "45;7")], "totp 45 7 SHA1"),
        ([("TOTP Seed", "JBSWY3DPEHPK3PXP"), ("TOTP Settings", "30;S")], "steam"),
        ([("TimeOtp-Secret-Base32", "JBSWY3DPEHPK3PXP"), ("TimeOtp-Length", "8"), ("TimeOtp-Period", "60"), ("TimeOtp-Algorithm", "HMAC-SHA-512")], "totp 60 8 SHA512"),
        ([("TimeOtp-Secret-Hex", "48656c6c6f21deadbeef")], "totp 30 6 SHA1"),
        ([("HmacOtp-Secret", "12345678901234567890"), ("HmacOtp-Counter", "7")], "hotp 7"),
        ([("otp", "key=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&type=Hotp&counter=7")], "hotp 7"),
        ([("otp", "key=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&type=hotp&counter=7&size=6")], "hotp 7"),
        ([("otp", "key=JBSWY3DPEHPK3PXP&type=Steam")], "steam"),
        ([("otp", "key=MFRGG%3d%3d%3d&type=Totp&step=45")], "totp 45 6 SHA1"),
        ([("otp", "key=48656c6c6f21deadbeef&encoding=Hex&otpHashMode=Sha512")], "totp 30 6 SHA512"),
    ] as [([(String, String)], String)])
    func everyOneTimePasswordConvention(strings: [(String, String)], expected: String) throws {
        let result = try read(document(entry([("Title", "T"), ("UserName", "me")] + strings)))
        let imported = try #require(result.entry("T"))
        #expect(imported.fields.isEmpty, "the settings are not kept as fields")
        let otp = try #require(try imported.oneTimePassword())
        let summary: String
        switch (otp.kind, otp.encoding) {
        case (_, .steam): summary = "steam"
        case (.totp(let period), _): summary = "totp \(period) \(otp.digits) \(otp.algorithm.rawValue)"
        case (.hotp(let counter), _): summary = "hotp \(counter)"
        }
        #expect(summary == expected)
        if expected == "hotp 7" { #expect(otp.code(counter: 7) == "162583") }  // RFC 4226 appendix D
    }

    @Test func settingsThatAreNotUsedAreKeptAsSecretFields() throws {
        let uri = "otpauth://totp/X:me?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&issuer=X"
        let both = try read(document(entry([("Title", "Both"), ("otp", uri), ("TimeOtp-Secret-Base32", "GEZDGNBV"),
                                            ("TimeOtp-Period", "60"), ("HmacOtp-Secret", "abc"), ("HmacOtp-Counter", "3")])))
        let imported = try #require(both.entry("Both"))
        #expect(try imported.oneTimePassword()?.kind == .totp(period: 30))
        #expect(imported.fields.map(\.name) == ["TimeOtp-Secret-Base32", "TimeOtp-Period", "HmacOtp-Secret", "HmacOtp-Counter"])
        #expect(imported.fields.allSatisfy { $0.secret })

        let time = try read(document(entry([("Title", "Time"), ("HmacOtp-Secret", "12345678901234567890"), ("TimeOtp-Secret-Hex", "4142"),
                                            ("TimeOtp-Secret-Base32", "GEZDGNBV"), ("TimeOtp-Length", "8"), ("TimeOtp-Unknown", "x")])))
        let totp = try #require(time.entry("Time"))
        #expect(try totp.oneTimePassword()?.secret == [0x41, 0x42] && totp.oneTimePassword()?.digits == 8)
        #expect(totp.fields.map(\.name) == ["HmacOtp-Secret", "TimeOtp-Secret-Base32", "TimeOtp-Unknown"])
    }

    @Test func aRepeatedKeyIsKeptAsAFieldOfItsOwn() throws {
        let result = try read(document(entry([("Title", "Mail"), ("Password", "first"), ("Title", "Other"), ("PIN", "1"),
                                              ("Password", "second"), ("PIN", "2"), ("PIN (2)", "3")], protected: ["Password"])))
        let imported = try #require(result.entry("Mail"))
        #expect(imported.password == "first")
        #expect(imported.fields == [CustomField(name: "Title (2)", value: "Other", secret: false),
                                    CustomField(name: "PIN", value: "1", secret: false),
                                    CustomField(name: "Password (2)", value: "second", secret: true),
                                    CustomField(name: "PIN (3)", value: "2", secret: false),
                                    CustomField(name: "PIN (2)", value: "3", secret: false)])
    }

    // A repeated KP2A_URL… key (numbered `KP2A_URL_1 (2)`) is a further URL, as the first is.
    @Test func aRepeatedFurtherURLIsAFurtherURL() throws {
        let result = try read(document(entry([("Title", "Mail"), ("URL", "https://a.example"), ("KP2A_URL_1", "https://b.example"),
                                              ("KP2A_URL_1", "https://c.example"), ("URL", "https://d.example")])))
        let imported = try #require(result.entry("Mail"))
        #expect(imported.urls == ["https://a.example", "https://b.example", "https://c.example"])
        #expect(imported.fields == [CustomField(name: "URL (2)", value: "https://d.example", secret: false)])
    }

    // Many copies of one key in an entry are numbered in one pass (each used to start again at
    // 2: hours for 100,000; ImportNamesTests counts the tries).
    @Test func manyCopiesOfAKeyAreNumbered() throws {
        let result = try read(document(entry([("Title", "T")] + Array(repeating: ("a", "v"), count: 3_000))))
        let names = try #require(result.entry("T")).fields.map(\.name)
        #expect(names == ["a"] + (2...3_000).map { "a (\($0))" })
    }

    // A blank one-time password string holds no setting and is no field: not `otp (2)`, empty.
    @Test(arguments: [[("otp", "")], [("otp", "  ")], [("otp", ""), ("TOTP Seed", "JBSWY3DPEHPK3PXP"), ("TOTP Settings", "30;6")],
                      [("TimeOtp-Length", ""), ("otp", "JBSWY3DPEHPK3PXP")]] as [[(String, String)]])
    func aBlankSettingIsNoField(strings: [(String, String)]) throws {
        let result = try read(document(entry([("Title", "T")] + strings)))
        let imported = try #require(result.entry("T"))
        #expect(imported.fields.isEmpty)
        #expect((imported.otp != nil) == (strings.count > 1))
    }

    // Only a name vault escaped, whose bare name is free, gets it back: never a second field of
    // one name, nor a built-in part's name.
    @Test func escapedNamesComeBackOnlyWhenFree() throws {
        let result = try read(document(entry([("Title", "T"), ("Colour", "blue"), ("vault field: Colour", "red"), ("vault field: url", "u"),
                                              ("vault field: Size", "9"), ("vault field: ", "e"), ("vault type", "bank")])))
        let imported = try #require(result.entry("T"))
        #expect(imported.type == .bank)
        #expect(imported.fields.map(\.name) == ["Colour", "vault field: Colour", "vault field: url", "Size", "vault field: "])
    }

    @Test(arguments: [
        ("AAAAAAAAAIA=", "/////////38="),  // the least and greatest 64-bit seconds since year 1
        ("AAAAAAAAAAA=", "0000-06-01T00:00:00Z"),  // year 1 and year 0, before any a vault stores
    ])
    func impossibleTimesCountAsAbsent(creation: String, modification: String) throws {
        let times = "<Times><CreationTime>\(creation)</CreationTime><LastModificationTime>\(modification)</LastModificationTime></Times>"
        let history = "<History>" + entry([("Password", "old")], extra: "<Times><LastModificationTime>\(creation)</LastModificationTime></Times>") + "</History>"
        let result = try read(document(entry([("Title", "T"), ("Password", "new")], extra: times + history)))
        let imported = try #require(result.entry("T"))
        let created = creation == "AAAAAAAAAAA=" ? Date(timeIntervalSince1970: -62_135_596_800) : importTime
        #expect(imported.created == created && imported.modified == created)
        #expect(imported.history == [PasswordChange(password: "old", replaced: created)])
    }

    @Test func theRecycleBinIsLeftOut() throws {
        let bin = "<Group><UUID>AAAAAAAAAAAAAAAAAAAACQ==</UUID><Name>Recycle Bin</Name>\(entry([("Title", "deleted")]))</Group>"
        let result = try read(document(entry([("Title", "kept")]) + bin,
                                       meta: "<RecycleBinEnabled>True</RecycleBinEnabled><RecycleBinUUID>AAAAAAAAAAAAAAAAAAAACQ==</RecycleBinUUID>"))
        #expect(result.entries.map(\.name) == ["kept"])
    }

    @Test func valuesEncryptedWithTheInnerStreamAreRefused() {
        let bytes = document("<Entry><String><Key>Password</Key><Value Protected=\"True\">q2x3ZQ==</Value></String></Entry>")
        #expect(performing: { try read(bytes) }, throws: {
            guard case .badRecord(let record, let field, let reason)? = $0 as? InterchangeError else { return false }
            return record == "entry 1" && field == "Password" && reason.contains("keepassxc-cli export -f xml") && !reason.contains("q2x3ZQ")
        })
    }

    @Test func notKeePassIsSaidSo() {
        #expect(throws: InterchangeError.notTheFormat(.keepassXML, reason: "it has no KeePassFile/Root/Group")) {
            try Importer.read(Array("<KeePassFile><Meta/></KeePassFile>".utf8), format: .keepassXML, now: importTime)
        }
        #expect(throws: InterchangeError.notTheFormat(.keepassXML, reason: "line 1: a document type declaration is not allowed")) {
            try Importer.read(Array("<!DOCTYPE KeePassFile><KeePassFile/>".utf8), format: .keepassXML, now: importTime)
        }
    }
}
