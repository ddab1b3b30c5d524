import Foundation
import SeededRandom
import Testing
@testable import VaultCore

/// Version 5's body as the library makes and opens it, with the keys in hand: what only someone
/// holding the data key could forge (an entry sealed under another slot, behind a valid seal)
/// is still refused, unchanged entries keep their records across writes and merges, and the
/// clock's two forms decode as docs/format.md says.
struct SealedEntriesTests {
    private let date = Date(timeIntervalSince1970: 1_700_000_000)

    private func vault(_ names: [String]) throws -> (Envelope, SecureBytes) {
        try SealedVaults.holding(names)
    }

    private func body(of envelope: Envelope) throws -> SealedEntries {
        guard case .entries(let body) = envelope.body else { throw FormatError.corrupt("not version 5") }
        return body
    }

    /// `envelope` with `records`, its pages and seal made again with the keys, as only a holder
    /// of the data key could.
    private func resealed(_ envelope: Envelope, records: [SealedEntries.Record], dataKey: SecureBytes) throws -> Envelope {
        var copy = envelope
        var body = try body(of: envelope)
        body.records = records
        body.pages = SealedEntries.pageDigests(of: records, pages: SealedEntries.pageCount(for: records.count))
        let keys = try EntryKeys(dataKey: dataKey)
        body.seal = try Array("{}".utf8).withUnsafeBytes {
            try envelope.cipher.seal($0, key: keys.sealing, associatedData: envelope.sealAssociatedData(tombstones: body.tombstones, pages: body.pages))
        }
        copy.body = .entries(body)
        return try Envelope.parse(copy.render())
    }

    @Test func opensWhatItSealsAndRendersCanonically() throws {
        let (envelope, dataKey) = try vault(["web/a", "web/b", "café/ü \"q\" \\b"])
        let parsed = try Envelope.parse(envelope.render())
        #expect(parsed == envelope)
        let table = try parsed.openTable(dataKey: dataKey)
        #expect(table.names == ["café/ü \"q\" \\b", "web/a", "web/b"])
        #expect(try table.entry(named: "café/ü \"q\" \\b")?.password == "pw-café/ü \"q\" \\b")
    }

    @Test func anEntrySealedUnderAnotherSlotIsRefusedBehindAValidSeal() throws {
        let (envelope, dataKey) = try vault(["web/a", "web/b"])
        let records = try body(of: envelope).records
        // The two sealed boxes exchanged, each left under the other's slot.
        let swapped = [SealedEntries.Record(slot: records[0].slot, box: records[1].box), SealedEntries.Record(slot: records[1].slot, box: records[0].box)]
        #expect(throws: VaultOpenError.tampered) { try resealed(envelope, records: swapped, dataKey: dataKey).openTable(dataKey: dataKey) }
        // An entry sealed properly under a slot that is not its name's.
        let keys = try EntryKeys(dataKey: dataKey)
        let line = try EntryLine.encode(Entry(name: "web/c", password: "x", created: date))
        let padded = try SecureBytes(count: 256)
        padded.withUnsafeMutableBytes { out in line.withUnsafeBytes { out.copyMemory(from: $0) }; out[line.count] = 0x80 }
        let box = try padded.withUnsafeBytes { try envelope.cipher.seal($0, key: keys.sealing, associatedData: Envelope.entryAssociatedData(binding: envelope.entryBinding, slot: records[0].slot)) }
        let misplaced = [SealedEntries.Record(slot: records[0].slot, box: box), records[1]]
        #expect(throws: VaultOpenError.malformedPayload("an entry's name does not match its slot")) {
            try resealed(envelope, records: misplaced, dataKey: dataKey).openTable(dataKey: dataKey)
        }
        // The same records resealed as they were open: the helper itself forges nothing.
        #expect(try resealed(envelope, records: records, dataKey: dataKey).openTable(dataKey: dataKey).names == ["web/a", "web/b"])
    }

    @Test func aWriteKeepsTheRecordsOfUnchangedEntriesAndARotationNone() throws {
        let (envelope, dataKey) = try vault((0..<40).map { "site/\($0)" })
        let before = try body(of: envelope)
        #expect(before.pages.count == 2)
        var written = envelope
        let table = try envelope.openTable(dataKey: dataKey)
        try table.beginChange(origin: .ephemeral())
        try table.put(Entry(name: "site/new", password: "new", created: date))
        try written.sealEntries(table, dataKey: dataKey)
        let after = try body(of: written)
        #expect(Set(after.records.map(\.box.nonce)).subtracting(before.records.map(\.box.nonce)).count == 1, "one new record")
        #expect(Set(before.records.map(\.box.nonce)).isSubset(of: after.records.map(\.box.nonce)), "every other record kept")
        #expect(after.tombstones == before.tombstones)

        var rotated = written
        let otherKey = try SecureBytes.random(count: Cipher.keyLength)
        try rotated.sealEntries(try written.openTable(dataKey: dataKey), dataKey: otherKey)
        let resealed = try body(of: rotated)
        #expect(Set(resealed.records.map(\.box.nonce)).isDisjoint(with: after.records.map(\.box.nonce)) && resealed.tombstones != after.tombstones)
        #expect(Set(resealed.records.map(\.slot)).isDisjoint(with: after.records.map(\.slot)), "slots depend on the data key")
    }

    @Test func aMergeKeepsTheRecordsOfEntriesNeitherSideChanged() throws {
        let (base, dataKey) = try vault((0..<10).map { "site/\($0)" })
        func changed(_ name: String) throws -> (envelope: Envelope, table: EntryTable) {
            var copy = base
            let table = try base.openTable(dataKey: dataKey)
            try table.beginChange(origin: .ephemeral())
            try table.put(Entry(name: name, password: "pw-\(name)", created: date))
            try copy.sealEntries(table, dataKey: dataKey)
            return (copy, try copy.openTable(dataKey: dataKey))
        }
        let (ours, theirs) = (try changed("ours/new"), try changed("theirs/new"))
        let (merged, _) = try VaultFileMerge.merge(base: try base.openTable(dataKey: dataKey), ours: ours.table, theirs: theirs.table)
        var result = ours.envelope
        try result.sealEntries(merged, dataKey: dataKey)
        let kept = Set(try body(of: base).records.map(\.box.nonce))
        #expect(kept.isSubset(of: try body(of: result).records.map(\.box.nonce)), "the ten shared entries keep their records")
        #expect(try result.openTable(dataKey: dataKey).count == 12)
    }

    @Test func theClockDecodesInEitherFormAndRefusesWhatIsNeither() throws {
        let stamp = "1700000000000-0-0123456789abcdef", later = "1700000000001-0-0123456789abcdef"
        func entry(clock: String) throws -> Entry {
            try EntryJSON.decoder().decode(Entry.self, from: Data(#"{"name":"a","created":"2023-11-14T22:13:20Z","clock":\#(clock)}"#.utf8))
        }
        let byPart = try entry(clock: #"{"name":"\#(stamp)","password":"\#(later)"}"#)
        let byStamp = try entry(clock: #"{"\#(stamp)":["name"],"\#(later)":["password"]}"#)
        #expect(byPart.clocks == byStamp.clocks && byPart.clocks["password"] == Stamp(later))
        let line = try EntryLine.encode(byPart)
        #expect(line.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }.contains(#""clock":{"\#(stamp)":["name"],"\#(later)":["password"]}"#))
        for bad in [#"{"\#(stamp)":["name"],"\#(later)":["name"]}"#, #"{"\#(stamp)":[]}"#, #"{"name":"\#(stamp)","\#(later)":["password"]}"#,
                    #"{"not a stamp":["name"]}"#, #"{"name":"not a stamp"}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try entry(clock: bad) }
        }
    }

    @Test func theBodysByteSearchFindsWhatALinearSearchFinds() {
        // Every length up to three words, the byte at every place or nowhere, among bytes that
        // differ from it by one bit (the search's edge cases) or by none.
        for length in 0..<25 {
            for place in [nil] + Array(0..<length) {
                for filler: UInt8 in [0x23, 0x20, 0xA2, 0x00, 0x22 ^ 0x80] {
                    var bytes = [UInt8](repeating: filler, count: length)
                    if let place { bytes[place] = 0x22 }
                    if filler == 0x22 { continue }
                    let found = bytes.withUnsafeBytes { BodyText.firstIndex(of: 0x22, in: $0) }
                    #expect(found == bytes.firstIndex(of: 0x22), "length \(length), at \(String(describing: place)), among \(filler)")
                }
            }
        }
        // And after it, the later ones are not reported first.
        let twice = Array(repeating: UInt8(0x41), count: 9) + [0x22] + Array(repeating: 0x41, count: 5) + [0x22]
        #expect(twice.withUnsafeBytes { BodyText.firstIndex(of: 0x22, in: $0) } == 9)
    }

    @Test func theSearchForEitherOfTwoBytesFindsWhatALinearSearchFinds() {
        // The quote and the newline, each at every place or nowhere, among bytes one bit from
        // either: the first of the two is found, whichever it is.
        for length in 0..<20 {
            for quote in [nil] + Array(0..<length) {
                for newline in [nil] + Array(0..<length) where newline == nil || newline != quote {
                    for filler: UInt8 in [0x23, 0x0B, 0x02, 0xA2, 0x8A] {
                        var bytes = [UInt8](repeating: filler, count: length)
                        if let quote { bytes[quote] = 0x22 }
                        if let newline { bytes[newline] = 0x0A }
                        let found = bytes.withUnsafeBytes { BodyText.firstIndex(of: 0x22, or: 0x0A, in: $0) }
                        #expect(found == bytes.firstIndex { $0 == 0x22 || $0 == 0x0A }, "\(bytes)")
                    }
                }
            }
        }
    }

    @Test func theListReaderTakesOnlyTheListsItWrites() throws {
        func read(_ text: String) throws(FormatError) -> [String] {
            var reader = BodyText.Reader(text: Array(text.utf8)[...])
            let items = try reader.list()
            guard reader.atEnd else { throw .corrupt("left over") }
            return items.map { String(decoding: $0, as: UTF8.self) }
        }
        for items in [[], ["a"], ["a", "bc"], ["a", "", "long item \(String(repeating: "x", count: 40))"]] {
            var text: [UInt8] = []
            BodyText.appendList(items.map { Array($0.utf8)[...] }, to: &text)
            #expect(try read(String(decoding: text, as: UTF8.self)) == items)
        }
        for bad in [
            "[\n    \"a\nb\"\n  ]", "[\n    \"a\n  ]", "[\n    \"a", "[\n    \"a\",\n  ]", "[\n    \"a\"\n ]", "[\n    \"a\";\n    \"b\"\n  ]",
            "[\n  \"a\"\n  ]", "[\n    a\"\n  ]", "[ ]", "[\n  ]",
        ] {
            #expect(throws: FormatError.self, "\(bad)") { try read(bad) }
        }
    }

    @Test func namesCompareAsTheirBytesDo() {
        // Lengths around the eight-byte steps, differing at every place, or one a prefix of the other.
        var random = SeededRandom(seed: 0x5EED_0C0A)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...20, using: &random)
            let first = (0..<length).map { _ in UInt8.random(in: 0x61...0x63, using: &random) }
            var second = first
            switch Int.random(in: 0...2, using: &random) {
            case 0 where !second.isEmpty: second[Int.random(in: 0..<second.count, using: &random)] = UInt8.random(in: 0x00...0xFF, using: &random)
            case 1: second += (0..<Int.random(in: 0...9, using: &random)).map { _ in UInt8.random(in: 0x61...0x63, using: &random) }
            default: second = (0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 0x61...0x63, using: &random) }
            }
            let expected = first == second ? 0 : (first.lexicographicallyPrecedes(second) ? -1 : 1)
            let compared = first.withUnsafeBytes { a in second.withUnsafeBytes { b in compareNames(a, b) } }
            #expect(compared == expected, "\(first) against \(second)")
        }
    }
}
