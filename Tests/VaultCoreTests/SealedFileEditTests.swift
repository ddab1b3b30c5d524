import Foundation
import Testing
@testable import VaultCore

/// A change to some entries of a version 5 file made without opening the others
/// (`SealedFileEdit`): the file it writes opens to what the same change made on the whole
/// table gives, stamps and tombstones included; every record it did not change is copied byte
/// for byte; it follows the pages when their number changes; and it refuses a file whose
/// other records were tampered with, as opening the whole file does.
struct SealedFileEditTests {
    private let date = Date(timeIntervalSince1970: 1_700_000_000)
    private let origin = ChangeOrigin(device: { "0123456789abcdef" }, now: { Date(timeIntervalSince1970: 1_800_000_000) })

    /// A version 5 vault of `count` entries, as its file's text, and its data key.
    private func vault(_ count: Int) throws -> (file: [UInt8], dataKey: SecureBytes) {
        let key = try SecureBytes.random(count: Cipher.keyLength)
        var (envelope, dataKey) = try Envelope.create(
            id: UUID().uuidString.lowercased(), cipher: .xchacha20poly1305, kdf: .minimum, keyEncryptionKey: key, salt: Array(repeating: 7, count: 16))
        let table = try envelope.openTable(dataKey: dataKey)
        for index in 0..<count {
            try table.put(Entry(name: "site/\(index)", username: "user-\(index)", password: "pw-\(index)", created: date))
        }
        try envelope.sealEntries(table, dataKey: dataKey)
        return (envelope.render(), dataKey)
    }

    /// The changes compared, each with the names it is about.
    enum Change: CaseIterable {
        case add, replace, remove, rename, removeAbsent

        var names: [String] {
            switch self {
            case .add: ["new/entry"]
            case .replace: ["site/0"]
            case .remove: ["site/1"]
            case .rename: ["site/2", "renamed/2"]
            case .removeAbsent: ["absent"]
            }
        }

        func apply(to table: EntryTable, at date: Date) throws {
            switch self {
            case .add:
                var entry = Entry(name: "new/entry", password: "fresh", created: date)
                entry.id = "6f1c2a0e-3b4d-4e5f-8a9b-0c1d2e3f4a5b"
                try table.put(entry)
            case .replace:
                guard var entry = try table.entry(named: "site/0") else { return }
                entry.password = "changed"
                try table.put(entry)
            case .remove:
                try table.remove(named: "site/1")
            case .rename:
                guard var entry = try table.entry(named: "site/2") else { return }
                try table.remove(named: "site/2")
                entry.name = "renamed/2"
                try table.put(entry)
            case .removeAbsent:
                #expect(try table.remove(named: "absent") == false)
            }
        }
    }

    /// The record lines of a file's list of entries.
    private func recordLines(of file: [UInt8]) throws -> Set<ArraySlice<UInt8>> {
        let envelope = try Envelope.parse(file)
        guard case .entries(let body) = envelope.body else { throw FormatError.corrupt("not version 5") }
        return Set(body.records.map { $0.text[...] })
    }

    /// Makes `change` on `file` through an edit, as the store does.
    private func edited(_ file: [UInt8], dataKey: SecureBytes, _ change: Change) throws -> [UInt8] {
        let edit = try #require(try SealedFileEdit(file: file, dataKey: dataKey))
        let table = try edit.table(named: change.names)
        try table.beginChange(origin: origin)
        try change.apply(to: table, at: date)
        return try edit.changedFile(table, named: change.names, header: edit.envelope, dataKey: dataKey)
    }

    @Test(arguments: [0, 3, 31, 32, 33, 64, 65, 300], Change.allCases)
    func writesWhatTheSameChangeOnTheWholeTableWrites(count: Int, change: Change) throws {
        let (file, dataKey) = try vault(count)
        let written = try edited(file, dataKey: dataKey, change)

        var whole = try Envelope.parse(file)
        let table = try whole.openTable(dataKey: dataKey)
        try table.beginChange(origin: origin)
        try change.apply(to: table, at: date)
        try whole.sealEntries(table, dataKey: dataKey)

        let opened = try Envelope.parse(written).openTable(dataKey: dataKey)
        let expected = try Envelope.parse(whole.render()).openTable(dataKey: dataKey)
        #expect(try opened.allEntries() == (try expected.allEntries()))
        #expect(opened.state == expected.state)
        // Every record the change left alone is in the new file as it was.
        let before = try recordLines(of: file)
        let after = try recordLines(of: written)
        let unchanged = before.intersection(after)
        #expect(unchanged.count >= before.count - change.names.count)
        #expect(try recordLines(of: whole.render()).isSuperset(of: unchanged))
    }

    @Test func keepsTheFileAsItWasWhenNothingChanges() throws {
        let (file, dataKey) = try vault(100)
        let edit = try #require(try SealedFileEdit(file: file, dataKey: dataKey))
        let table = try edit.table(named: ["site/5", "absent"])
        #expect(try table.entry(named: "site/5")?.password == "pw-5")
        #expect(try table.entry(named: "absent") == nil)
        let written = try edit.changedFile(table, named: ["site/5", "absent"], header: edit.envelope, dataKey: dataKey)
        let split = { (text: [UInt8]) in text.split(separator: UInt8(ascii: "\n")).filter { $0.starts(with: Array("    \"".utf8)) } }
        // The seal is sealed anew; the page digests and every record stay.
        #expect(split(written) == split(file))
    }

    @Test func refusesAFileWhoseOtherRecordsWereTamperedWith() throws {
        let (file, dataKey) = try vault(200)
        var envelope = try Envelope.parse(file)
        guard case .entries(var body) = envelope.body else { throw FormatError.corrupt("not version 5") }
        // One bit of a record on another page than the entry changed.
        let keys = try EntryKeys(dataKey: dataKey)
        let page = { (slot: [UInt8]) in SealedEntries.page(of: slot, among: body.pages.count) }
        let changedPage = page(Array("site/0".utf8).withUnsafeBytes(keys.slot(of:)))
        let index = try #require(body.records.firstIndex { page($0.slot) != changedPage })
        var box = body.records[index].box
        box.ciphertext[0] ^= 1
        body.records[index] = SealedEntries.Record(slot: body.records[index].slot, box: box)
        envelope.body = .entries(body)
        let tampered = envelope.render()
        #expect(throws: VaultOpenError.tampered) { try SealedFileEdit(file: tampered, dataKey: dataKey) }
        // Dropped: its page's digest no longer fits.
        body.records.remove(at: index)
        envelope.body = .entries(body)
        #expect(throws: VaultOpenError.tampered) { try SealedFileEdit(file: envelope.render(), dataKey: dataKey) }
    }

    @Test func leavesAnOlderVersionToTheWholeOpen() throws {
        let key = try SecureBytes.random(count: Cipher.keyLength)
        var (envelope, dataKey) = try Envelope.create(
            id: UUID().uuidString.lowercased(), cipher: .xchacha20poly1305, kdf: .minimum, keyEncryptionKey: key, salt: Array(repeating: 7, count: 16))
        envelope.version = 4
        try envelope.wrap(dataKey: dataKey, with: key)
        try Array("".utf8).withUnsafeBytes { try envelope.sealPayload($0, dataKey: dataKey) }
        #expect(try SealedFileEdit(file: envelope.render(), dataKey: dataKey) == nil)
    }
}
