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

    /// The files the import attaches to the entry called `name`, or nil when there is no such entry.
    private func files(_ result: Importer.Result, _ name: String) -> [ExportedFile]? {
        result.items.first { $0.entry.name == name }?.files
    }

    @Test func anItemBringsItsFileByteForByte() throws {
        let result = try read()
        let statement = Array("%PDF-1.4\n".utf8) + (0...255).map(UInt8.init)
        #expect(files(result, "Personal/Checking")
                == [ExportedFile(name: "statement.pdf", type: "application/pdf", added: Date(timeIntervalSince1970: 1_600_000_000), data: statement)])
        #expect(result.entry("Personal/Checking")?.field(named: "statement.pdf") == nil, "a file is an attachment, not a field")
        #expect(files(result, "Personal/GitHub") == [] && files(result, "Personal/Visa") == [])
    }

    @Test func aDocumentItemIsANoteHoldingItsFile() throws {
        let result = try read()
        let passport = try #require(result.entry("Personal/Passport"))
        #expect(passport.type == .note && passport.notes == "front page" && passport.fields.isEmpty)
        let scan = [0xFF, 0xD8, 0xFF, 0xE0] + (0...255).reversed().map(UInt8.init)
        #expect(files(result, "Personal/Passport")
                == [ExportedFile(name: "passport scan.jpg", type: "image/jpeg", added: Date(timeIntervalSince1970: 1_650_000_000), data: scan)])
    }

    /// A 1PUX archive holding one login item made of `item`'s JSON members, and `files`; a
    /// size in `declaring` is what the archive says of that file instead of its length.
    private func archive(item: String, files: [String: [UInt8]] = [:], declaring sizes: [String: UInt64] = [:]) -> [UInt8] {
        let data = #"{"accounts":[{"vaults":[{"attrs":{"name":"V"},"items":[{"categoryUuid":"001",\#(item)}]}]}]}"#
        return ZipWriterForTests.archive(files.merging(["export.data": Array(data.utf8)]) { $1 }, declaring: sizes)
    }

    /// The JSON members of an item titled `t` with one section whose fields are files, each
    /// a field title and the file's `fileName` and `documentId`; each says its `decryptedSize`
    /// is 1e300, which the import has no need of.
    private func item(files: [(title: String, fileName: String, documentID: String)]) throws -> String {
        let fields = files.map { ["title": $0.title, "value": ["file": ["fileName": $0.fileName, "documentId": $0.documentID, "decryptedSize": 1e300]]] as [String: Any] }
        let details = try JSONSerialization.data(withJSONObject: ["sections": [["fields": fields]]])
        return #""overview":{"title":"t"},"details":"# + String(decoding: details, as: UTF8.self)
    }

    // Names no file may have, and names that come twice: each file comes in, under a name
    // vault accepts and no other attachment of the entry has.
    @Test func fileNamesAreMadeUsableAndDistinct() throws {
        let long = String(repeating: "x", count: 300)
        let given = ["a/b\u{1}.txt", "", "..", "scan.pdf", "scan.pdf", long, long]
        let listed = given.enumerated().map { (title: "f\($0)", fileName: $1, documentID: "d\($0)") }
        var contents: [String: [UInt8]] = [:]
        for (index, file) in listed.enumerated() { contents["files/\(file.documentID)__\(file.fileName)"] = [UInt8(index)] }
        let bytes = archive(item: try item(files: listed), files: contents)
        let imported = try #require(files(try Importer.read(bytes, format: nil, now: importTime), "V/t"))
        #expect(imported.map(\.name) == ["a_b_.txt", "attachment", "attachment (2)", "scan.pdf", "scan (2).pdf",
                                          String(repeating: "x", count: 255), String(repeating: "x", count: 251) + " (2)"])
        #expect(imported.map(\.data) == (0..<given.count).map { [UInt8($0)] })
        for file in imported { #expect((try? AttachmentName.validate(file.name)) != nil, "\(file.name)") }
    }

    // As KeePass XML's import refuses an attachment whose binary the file lacks, a file the
    // archive lacks stops the import, naming the item and the field.
    @Test func aFileTheArchiveLacksStopsTheImport() throws {
        let bytes = archive(item: try item(files: [("scan", "a.pdf", "d1")]), files: ["files/d2__a.pdf": [1]])
        #expect(throws: InterchangeError.badRecord(record: "item 1 ('t')", field: "scan", reason: ZipError.missing("files/d1__a.pdf").message)) {
            try Importer.read(bytes, format: nil, now: importTime)
        }
        let document = archive(item: #""overview":{"title":"doc"},"details":{"documentAttributes":{"fileName":"a.pdf"}}"#)
        #expect(throws: InterchangeError.badRecord(record: "item 1 ('doc')", field: "documentAttributes", reason: "the file has no documentId or no fileName")) {
            try Importer.read(document, format: nil, now: importTime)
        }
        let notAnObject = archive(item: #""overview":{"title":"t"},"details":{"sections":[{"fields":[{"id":"f","value":{"file":"a.pdf"}}]}]}"#)
        #expect(throws: InterchangeError.badRecord(record: "item 1 ('t')", field: "f", reason: "the file has no documentId or no fileName")) {
            try Importer.read(notAnObject, format: nil, now: importTime)
        }
    }

    // A file larger than the limit the import is given (attachments.max_mib) is refused too.
    @Test func aFileAboveTheGivenLimitIsRefused() throws {
        let bytes = archive(item: try item(files: [("scan", "big.bin", "d1")]), files: ["files/d1__big.bin": [1, 2, 3]],
                            declaring: ["files/d1__big.bin": 2 << 20])
        #expect(throws: InterchangeError.badRecord(record: "item 1 ('t')", field: "scan",
                                                   reason: "'files/d1__big.bin' in the ZIP archive is larger than 1 MiB")) {
            try Importer.read(bytes, format: nil, now: importTime, fileLimit: 1 << 20)
        }
    }

    // A file the archive says is larger than an attachment can be (4 GiB) is refused before any
    // of it is read.
    @Test func aFileLargerThanAnAttachmentIsRefused() throws {
        let bytes = archive(item: try item(files: [("huge", "big.bin", "d1")]), files: ["files/d1__big.bin": [1, 2, 3]],
                            declaring: ["files/d1__big.bin": 1 << 40])
        #expect(throws: InterchangeError.badRecord(record: "item 1 ('t')", field: "huge",
                                                   reason: "'files/d1__big.bin' in the ZIP archive is larger than 4095 MiB")) {
            try Importer.read(bytes, format: nil, now: importTime)
        }
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
/// that tests can make archives without a tool. A file in `sizes` is declared that size in the
/// central directory (all ones there, the size in a ZIP64 extra field), whatever its length.
enum ZipWriterForTests {
    static func archive(_ files: [String: [UInt8]], declaring sizes: [String: UInt64] = [:]) -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: UInt32) -> [UInt8] { le16(Int(value & 0xFFFF)) + le16(Int(value >> 16)) }
        for (name, contents) in files.sorted(by: { $0.key < $1.key }) {
            let crc = CRC32.checksum(contents), nameBytes = Array(name.utf8), offset = UInt32(out.count)
            func common(size: UInt32, extra: [UInt8]) -> [UInt8] {
                le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0) + le32(crc) + le32(UInt32(contents.count)) + le32(size) + le16(nameBytes.count) + le16(extra.count)
            }
            let zip64 = sizes[name].map { le16(1) + le16(8) + le32(UInt32(truncatingIfNeeded: $0)) + le32(UInt32($0 >> 32)) } ?? []
            out += le32(0x0403_4B50) + common(size: UInt32(contents.count), extra: []) + nameBytes + contents
            directory += le32(0x0201_4B50) + le16(20) + common(size: zip64.isEmpty ? UInt32(contents.count) : 0xFFFF_FFFF, extra: zip64)
                + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + nameBytes + zip64
        }
        let start = UInt32(out.count)
        return out + directory + le32(0x0605_4B50) + le16(0) + le16(0) + le16(files.count) + le16(files.count) + le32(UInt32(directory.count)) + le32(start) + le16(0)
    }
}
