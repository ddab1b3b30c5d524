import Foundation
import Testing
@testable import VaultCore

/// Looking entries up in a version 5 file without reading it all (`VaultFileLookup`): every
/// answer, absences included, is the one the whole file gives; a lookup reads a small part of a
/// large file; and whatever was done to the page it reads, it answers right or refuses, never
/// with a wrong entry or a false "not there", and never crashes.
struct VaultFileLookupTests {
    private let date = Date(timeIntervalSince1970: 1_700_000_000)

    /// A version 5 vault of `count` entries (names of several lengths and scripts), and its data key.
    private func vault(_ count: Int) throws -> (envelope: Envelope, dataKey: SecureBytes, names: [String]) {
        let key = try SecureBytes.random(count: Cipher.keyLength)
        var (envelope, dataKey) = try Envelope.create(
            id: UUID().uuidString.lowercased(), cipher: .xchacha20poly1305, kdf: .minimum, keyEncryptionKey: key, salt: Array(repeating: 7, count: 16))
        let table = try envelope.openTable(dataKey: dataKey)
        // Plain names, names of other scripts, and names that JSON escapes (a quote, a backslash).
        let names = (0..<count).map { index in
            switch index % 4 {
            case 0: "web/site-\(index)"
            case 1: "mail/ü-\(index)"
            case 2: "say \"\(index)\" \\ back"
            default: "\(index)"
            }
        }
        for (index, name) in names.enumerated() {
            try table.put(Entry(name: name, username: "user-\(index)", password: "pw-\(index)", notes: String(repeating: "n", count: index % 700), created: date))
        }
        try envelope.sealEntries(table, dataKey: dataKey)
        return (envelope, dataKey, names)
    }

    private func body(of envelope: Envelope) throws -> SealedEntries {
        guard case .entries(let body) = envelope.body else { throw FormatError.corrupt("not version 5") }
        return body
    }

    /// The file's text with the body's records replaced by `records` and nothing else changed:
    /// what anyone can do to the lines of the file.
    private func file(of envelope: Envelope, records: [SealedEntries.Record]) throws -> [UInt8] {
        var edited = try body(of: envelope)
        edited.records = records
        var copy = envelope
        copy.body = .entries(edited)
        return copy.render()
    }

    @Test(arguments: [0, 1, 40, 700])
    func answersAsTheWholeFileDoes(count: Int) throws {
        let (envelope, dataKey, names) = try vault(count)
        let table = try envelope.openTable(dataKey: dataKey)
        let asked = names + ["absent", "web/site-1", "zz", "mail/ü-0"]
        let lookup = try VaultFileLookup(file: envelope.render())
        let found = try lookup.entries(named: asked, dataKey: dataKey)
        #expect(found == (try asked.map(table.entry(named:))))
        #expect(found.compactMap { $0 }.count == count)
    }

    @Test func readsMoreOfTheFrontWhenThePageDigestsGoOnPastTheFirstRead() throws {
        let (envelope, dataKey, names) = try vault(300)
        let table = try envelope.openTable(dataKey: dataKey)
        for firstRead in [1, 700, 2000] {
            let lookup = try VaultFileLookup(file: envelope.render(), firstRead: firstRead)
            #expect(try lookup.entries(named: names, dataKey: dataKey) == (try names.map(table.entry(named:))))
        }
    }

    @Test func readsASmallPartOfALargeFile() throws {
        let (envelope, dataKey, names) = try vault(3000)
        let file = CountingFile(bytes: envelope.render())
        let lookup = try VaultFileLookup(file: file)
        let name = names[1234]
        #expect(try lookup.entries(named: [name], dataKey: dataKey)[0]?.password == "pw-1234")
        // The first read (header and page digests), the list's first and last bytes, and for
        // each step of the binary search (about log2 of the number of blocks) the block it lands
        // in and perhaps the next (a line may cross a block's end), then the page's blocks: a
        // fifth of a file of more than a megabyte at most.
        let blocks = file.count / EntryListReader.blockSize
        let steps = blocks.bitWidth - blocks.leadingZeroBitCount
        #expect(blocks > 100)
        #expect(file.read <= VaultFileLookup.firstRead + 16 + 2 * (steps + 3) * EntryListReader.blockSize)
        #expect(file.read < file.count / 5)
    }

    @Test func aRecordDroppedIsRefusedNotReportedMissing() throws {
        let (envelope, dataKey, names) = try vault(300)
        var records = try body(of: envelope).records
        let keys = try EntryKeys(dataKey: dataKey)
        let dropped = names[17]
        let slot = Array(dropped.utf8).withUnsafeBytes(keys.slot(of:))
        records.removeAll { $0.slot == slot }
        let lookup = try VaultFileLookup(file: try file(of: envelope, records: records))
        #expect(throws: VaultOpenError.tampered) { try lookup.entries(named: [dropped], dataKey: dataKey) }
        // A name of another page is still answered, and right: the lookup checks the page it reads.
        let pages = try body(of: envelope).pages.count
        let elsewhere = try #require(names.first { name in
            SealedEntries.page(of: Array(name.utf8).withUnsafeBytes(keys.slot(of:)), among: pages) != SealedEntries.page(of: slot, among: pages)
        })
        #expect(try lookup.entries(named: [elsewhere], dataKey: dataKey) == [try envelope.openTable(dataKey: dataKey).entry(named: elsewhere)])
    }

    @Test func recordsMovedOrReplacedAreRefused() throws {
        let (envelope, dataKey, names) = try vault(300)
        let (older, _, _) = try vault(300)
        let records = try body(of: envelope).records
        var swapped = records
        swapped.swapAt(3, records.count - 4)
        var replaced = records
        replaced[5] = SealedEntries.Record(slot: records[5].slot, box: try body(of: older).records[5].box)
        var duplicated = records
        duplicated.insert(records[9], at: 10)
        let keys = try EntryKeys(dataKey: dataKey)
        let pages = try body(of: envelope).pages.count
        func page(_ slot: [UInt8]) -> Int { SealedEntries.page(of: slot, among: pages) }
        let table = try envelope.openTable(dataKey: dataKey)
        // Lines out of order may also mislead the search for another page, which is then refused
        // too (its lines are not found where they should be): right or refused, there.
        for (edited, touched, inOrder) in [(swapped, [3, records.count - 4], false), (replaced, [5], true), (duplicated, [9], true)] {
            let touchedPages = Set(touched.map { page(records[$0].slot) })
            let lookup = try VaultFileLookup(file: try file(of: envelope, records: edited))
            for name in names {
                let answer = Result { try lookup.entries(named: [name], dataKey: dataKey)[0] }
                if touchedPages.contains(page(Array(name.utf8).withUnsafeBytes(keys.slot(of:)))) {
                    // A page that was edited is refused whatever it holds.
                    #expect(throws: (any Error).self, "\(name)") { try answer.get() }
                } else if inOrder {
                    #expect(try answer.get() == table.entry(named: name), "\(name)")
                } else if case .success(let entry) = answer {
                    #expect(entry == (try table.entry(named: name)), "\(name)")
                }
            }
        }
    }

    @Test func cutOrFlippedFilesAnswerRightOrFailWithoutCrashing() throws {
        let (envelope, dataKey, names) = try vault(90)
        let text = envelope.render()
        let table = try envelope.openTable(dataKey: dataKey)
        let expected = try names.map(table.entry(named:))
        for cut in stride(from: 0, to: text.count, by: 97) {
            #expect(throws: (any Error).self) { try VaultFileLookup(file: Array(text[..<cut])).entries(named: names, dataKey: dataKey) }
        }
        // Every 887th byte changed in turn, each name looked up alone: right or refused.
        var answered = 0
        for position in stride(from: 0, to: text.count, by: 887) {
            var flipped = text
            flipped[position] ^= 0x5A
            guard let lookup = try? VaultFileLookup(file: flipped) else { continue }
            for (name, entry) in zip(names, expected) {
                guard let found = try? lookup.entries(named: [name], dataKey: dataKey) else { continue }
                #expect(found == [entry], "byte \(position), \(name)")
                answered += 1
            }
        }
        // Most changes fall on one page's lines: the names of the other pages are still answered.
        #expect(answered > names.count)
    }
}

/// A file in memory that counts how many bytes were read from it.
private final class CountingFile: RandomAccessBytes {
    let bytes: [UInt8]
    private(set) var read = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }

    func read(_ range: Range<Int>) -> [UInt8] {
        read += range.count
        return Array(bytes[range])
    }
}
