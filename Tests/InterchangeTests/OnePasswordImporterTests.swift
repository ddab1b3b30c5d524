import Foundation
import Testing
@testable import Interchange
import VaultCore
import VaultSystem

/// 1Password's 1PUX archive, from Fixtures/import/onepassword.1pux (made by make-1pux there).
struct OnePasswordImporterTests {
    private func read() throws -> Importer.Result {
        try Importer.read(try Fixtures.bytes("import/onepassword.1pux"), format: nil, now: importTime)
    }

    @Test func aLoginKeepsEverything() throws {
        let result = try read()
        #expect(result.format == .onePasswordPUX)
        let github = try #require(result.entry("Personal/GitHub"))
        #expect(github.username == "octocat" && github.password == "gh, \"pass\"" && github.notes == "two\nlines")
        #expect(github.urls == ["https://github.com", "https://gist.github.com"])
        #expect(github.tags == ["work", "code", "favorite"])
        #expect(try github.oneTimePassword()?.secret == Base32.decode("JBSWY3DPEHPK3PXP"))
        #expect(github.field(named: "recovery code") == CustomField(name: "recovery code", value: "1234-5678", secret: true))
        #expect(github.field(named: "since")?.value == "2020-01-01")
        #expect(github.field(named: "remember")?.value == "remember me")
        #expect(github.history == [PasswordChange(password: "older-pass", replaced: Date(timeIntervalSince1970: 1_650_000_000))])
        #expect(github.created == Date(timeIntervalSince1970: 1_600_000_000) && github.modified == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(result.entry("Shared/GitHub") != nil, "vault names keep items of different vaults apart")
    }

    @Test func categoriesBecomeTypes() throws {
        let result = try read()
        let visa = try #require(result.entry("Personal/Visa"))
        #expect(visa.type == .card)
        #expect(visa.field(named: "number") == CustomField(name: "number", value: "4111111111111111", secret: true))
        #expect(visa.field(named: "expiry")?.value == "09/2029" && visa.field(named: "security code")?.secret == true)
        #expect(visa.field(named: "cardholder")?.value == "Ana Example" && visa.field(named: "brand")?.value == "visa")
        let bank = try #require(result.entry("Personal/Checking"))
        #expect(bank.type == .bank && bank.field(named: "iban")?.secret == true && bank.field(named: "bic")?.value == "COBADEFFXXX")
        let me = try #require(result.entry("Personal/Me"))
        #expect(me.type == .identity && me.field(named: "full name")?.value == "Ana Exämple")
        #expect(me.field(named: "address")?.value == "1 Main St, Springfield, IL, 62701, us" && me.field(named: "email")?.value == "ana@example.com")
        #expect(result.entry("Personal/Wi-Fi")?.type == .note)
        let key = try #require(result.entry("Personal/server key"))
        #expect(key.type == .sshKey && key.field(named: "private key")?.secret == true && key.field(named: "public key")?.value == "ssh-ed25519 AAAAC3 fixture")
        #expect(result.entry("Personal/Old site")?.tags == ["archived"])
    }

    /// A 1PUX archive holding one login item made of `item`'s JSON members.
    private func archive(item: String) -> [UInt8] {
        let data = #"{"accounts":[{"vaults":[{"attrs":{"name":"V"},"items":[{"categoryUuid":"001",\#(item)}]}]}]}"#
        return ZipWriterForTests.archive(["export.data": Array(data.utf8)])
    }

    // A date a vault cannot store (before year 1 or after 9999) would make the vault's dates
    // unreadable: it counts as absent, so the import's time stands in for it.
    @Test func datesAVaultCannotStoreCountAsAbsent() throws {
        let bytes = archive(item: #"""
            "createdAt":-99999999999,"updatedAt":999999999999,"overview":{"title":"far"},
            "details":{"passwordHistory":[{"value":"old","time":999999999999}]}
            """#)
        let far = try #require(try Importer.read(bytes, format: nil, now: importTime).entry("V/far"))
        #expect(far.created == importTime && far.modified == importTime)
        #expect(far.history == [PasswordChange(password: "old", replaced: importTime)])
    }

    // Numbers no whole number, month or date can hold are kept as the number's text.
    @Test func numbersOutOfRangeAreKeptAsText() throws {
        let bytes = archive(item: #"""
            "overview":{"title":"big"},"details":{"sections":[{"fields":[
              {"title":"count","value":{"string":1e19}},
              {"title":"expiry","value":{"monthYear":1e19}},
              {"title":"odd month","value":{"monthYear":202513}},
              {"title":"issued","value":{"date":1e19}},
              {"title":"renewed","value":{"date":1577836800}},
              {"title":"small","value":{"string":-42}}]}]}
            """#)
        let big = try #require(try Importer.read(bytes, format: nil, now: importTime).entry("V/big"))
        #expect(big.fields.map(\.name) == ["count", "expiry", "odd month", "issued", "renewed", "small"])
        #expect(big.fields.map(\.value) == ["1e+19", "1e+19", "202513", "1e+19", "2020-01-01", "-42"])
    }

    @Test func aZipWithoutExportDataIsNotA1PUX() throws {
        let archive = ZipWriterForTests.archive(["other.txt": Array("x".utf8)])
        #expect(throws: InterchangeError.notTheFormat(.onePasswordPUX, reason: ZipError.missing("export.data").message)) {
            try Importer.read(archive, format: nil, now: importTime)
        }
    }
}

/// A stored (uncompressed) ZIP of the given files, written here from APPNOTE.TXT's layout so
/// that tests can make archives without a tool.
enum ZipWriterForTests {
    static func archive(_ files: [String: [UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: UInt32) -> [UInt8] { le16(Int(value & 0xFFFF)) + le16(Int(value >> 16)) }
        for (name, contents) in files.sorted(by: { $0.key < $1.key }) {
            let crc = CRC32.checksum(contents), nameBytes = Array(name.utf8), offset = UInt32(out.count)
            let common = le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0) + le32(crc) + le32(UInt32(contents.count)) + le32(UInt32(contents.count)) + le16(nameBytes.count) + le16(0)
            out += le32(0x0403_4B50) + common + nameBytes + contents
            directory += le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + nameBytes
        }
        let start = UInt32(out.count)
        return out + directory + le32(0x0605_4B50) + le16(0) + le16(0) + le16(files.count) + le16(files.count) + le32(UInt32(directory.count)) + le32(start) + le16(0)
    }
}
