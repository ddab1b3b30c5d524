import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// Work split over libdispatch's threads gives what the same work done serially gives: every
/// element once, in order, the first failure's error, and a vault opened in parts equal to one
/// opened whole, refusing what the whole refuses.
struct ParallelWorkTests {
    private struct Failure: Error, Equatable {
        var index: Int
    }

    @Test func thePartsCoverEveryIndexOnceInOrderAndEvenly() {
        for count in 1...40 {
            for parts in 1...min(count, 9) {
                let ranges = (0..<parts).map { ParallelWork.range(of: $0, among: parts, count: count) }
                #expect(ranges.flatMap { Array($0) } == Array(0..<count), "\(count) in \(parts)")
                let lengths = ranges.map(\.count)
                #expect(lengths.max()! - lengths.min()! <= 1, "\(count) in \(parts)")
            }
        }
    }

    @Test func aRunCallsEveryPartOnce() {
        let count = 64
        var calls = [Int](repeating: 0, count: count)
        calls.withUnsafeMutableBufferPointer { calls in
            ParallelWork.dispatch(width: 4).run(count) { calls[$0] += 1 }
        }
        #expect(calls == Array(repeating: 1, count: count))
    }

    @Test(arguments: [1, 2, 3, 8]) func aMapGivesWhatASerialMapGives(width: Int) throws {
        let work = ParallelWork.dispatch(width: width)
        for count in [0, 1, 2, 127, 128, 255, 256, 257, 1000, 1001] {
            let elements = (0..<count).map { "element \($0)" }
            for minimum in [1, 128] {
                let mapped = work.map(elements, minimumPartLength: minimum) { Array($0.utf8).reduce(0) { $0 &* 31 &+ Int($1) } }
                #expect(mapped == elements.map { Array($0.utf8).reduce(0) { $0 &* 31 &+ Int($1) } }, "\(count) by \(minimum)")
            }
        }
    }

    @Test func aMapThrowsTheErrorOfTheFirstElementThatFailed() {
        let failing: Set = [900, 350, 600, 351]
        for width in [1, 2, 4] {
            #expect(throws: Failure(index: 350), "width \(width)") {
                try ParallelWork.dispatch(width: width).map(Array(0..<1000), minimumPartLength: 1) { (index) throws(Failure) in
                    if failing.contains(index) { throw Failure(index: index) }
                    return index
                }
            }
        }
    }

    /// A version 5 vault of `count` entries, and its data key.
    private func vault(entries count: Int) throws -> (Envelope, SecureBytes) {
        let key = try SecureBytes.random(count: Cipher.keyLength)
        var (envelope, dataKey) = try Envelope.create(
            id: UUID().uuidString.lowercased(), cipher: .xchacha20poly1305, kdf: .minimum, keyEncryptionKey: key, salt: Array(repeating: 7, count: 16))
        let table = try envelope.openTable(dataKey: dataKey)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        for index in 0..<count { try table.put(Entry(name: "site/\(index)", password: "pw-\(index)", created: date)) }
        try envelope.sealEntries(table, dataKey: dataKey)
        return (try Envelope.parse(envelope.render()), dataKey)
    }

    @Test func aVaultOpenedInPartsEqualsOneOpenedWhole() throws {
        let (envelope, dataKey) = try vault(entries: 700)
        let bytes = envelope.render()
        let parallel = try Envelope.parse(bytes, work: .dispatch(width: 4))
        #expect(parallel == envelope)
        let whole = try envelope.openTable(dataKey: dataKey)
        let inParts = try parallel.openTable(dataKey: dataKey, work: .dispatch(width: 4))
        #expect(inParts.names == whole.names)
        #expect(inParts.names.count == 700)
        for name in ["site/0", "site/349", "site/699"] {
            #expect(try inParts.entry(named: name) == whole.entry(named: name))
        }
    }

    @Test func aVaultOpenedInPartsRefusesWhatTheWholeRefuses() throws {
        let (envelope, dataKey) = try vault(entries: 700)
        guard case .entries(var body) = envelope.body else { throw FormatError.corrupt("not version 5") }
        // Two boxes exchanged between the first part and the last, behind pages and a seal made
        // again with the keys: each record then fails its slot's binding.
        let (first, last) = (10, 690)
        let records = body.records
        body.records[first] = SealedEntries.Record(slot: records[first].slot, box: records[last].box)
        body.records[last] = SealedEntries.Record(slot: records[last].slot, box: records[first].box)
        body.pages = SealedEntries.pageDigests(of: body.records, pages: body.pages.count)
        let keys = try EntryKeys(dataKey: dataKey)
        body.seal = try Array("{}".utf8).withUnsafeBytes {
            try envelope.cipher.seal($0, key: keys.sealing, associatedData: envelope.sealAssociatedData(tombstones: body.tombstones, pages: body.pages))
        }
        var swapped = envelope
        swapped.body = .entries(body)
        let parsed = try Envelope.parse(swapped.render(), work: .dispatch(width: 4))
        #expect(throws: VaultOpenError.tampered) { try parsed.openTable(dataKey: dataKey) }
        #expect(throws: VaultOpenError.tampered) { try parsed.openTable(dataKey: dataKey, work: .dispatch(width: 4)) }

        // A record whose box does not decode, in the last part, refused by the parse either way.
        var text = envelope.render()
        let lastRecord = try #require(text.firstRange(of: BodyText.recordText(slot: records[last].slot, box: records[last].box)))
        text[lastRecord.lowerBound + 40] = UInt8(ascii: "*")
        let serialError = #expect(throws: FormatError.self) { try Envelope.parse(text) }
        let parallelError = #expect(throws: FormatError.self) { try Envelope.parse(text, work: .dispatch(width: 4)) }
        #expect(serialError == parallelError)
    }
}
