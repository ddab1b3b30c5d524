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

    @Test func theProcessorsAvailableAreSomeOfThoseOnline() {
        #expect((1...Processors.online).contains(Processors.available))
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

    /// `envelope` with `records` added to its own (in the order of their slots), its pages and
    /// seal made again with the keys, as only a holder of the data key could, and parsed.
    private func adding(_ records: [SealedEntries.Record], to envelope: Envelope, dataKey: SecureBytes) throws -> Envelope {
        guard case .entries(var body) = envelope.body else { throw FormatError.corrupt("not version 5") }
        body.records = (body.records + records).sorted { $0.slot.lexicographicallyPrecedes($1.slot) }
        body.pages = SealedEntries.pageDigests(of: body.records, pages: SealedEntries.pageCount(for: body.records.count))
        let keys = try EntryKeys(dataKey: dataKey)
        body.seal = try Array("{}".utf8).withUnsafeBytes {
            try envelope.cipher.seal($0, key: keys.sealing, associatedData: envelope.sealAssociatedData(tombstones: body.tombstones, pages: body.pages))
        }
        var changed = envelope
        changed.body = .entries(body)
        return try Envelope.parse(changed.render(), work: .dispatch(width: 4))
    }

    /// A record of `line` sealed under the slot of `slotName` (bound to that slot unless
    /// `boundTo` names another).
    private func record(line: String, slotName: String, boundTo bindingName: String? = nil, in envelope: Envelope, dataKey: SecureBytes) throws -> SealedEntries.Record {
        let keys = try EntryKeys(dataKey: dataKey)
        let slot = Array(slotName.utf8).withUnsafeBytes { keys.slot(of: $0) }
        let boundSlot = Array((bindingName ?? slotName).utf8).withUnsafeBytes { keys.slot(of: $0) }
        var scratch = try SecureBytes(count: 4096)
        let box = try Array(line.utf8).withUnsafeBytes {
            try envelope.sealPadded(
                $0, minimum: Envelope.minimumRecordLength, key: keys.sealing,
                associatedData: Envelope.entryAssociatedData(binding: envelope.entryBinding, slot: boundSlot), in: &scratch)
        }
        return SealedEntries.Record(slot: slot, box: box)
    }

    /// Of `count` names made by `name`, the one whose slot comes first, or last: a record under
    /// it falls among the first, or last, of a vault's records.
    private func name(_ name: (Int) -> String, slotFirst: Bool, dataKey: SecureBytes) throws -> String {
        let keys = try EntryKeys(dataKey: dataKey)
        let named = (0..<60).map { index in (name: name(index), slot: Array(name(index).utf8).withUnsafeBytes { keys.slot(of: $0) }) }
        let sorted = named.sorted { $0.slot.lexicographicallyPrecedes($1.slot) }
        return slotFirst ? sorted.first!.name : sorted.last!.name
    }

    /// The line of an entry called `name`, as the table writes one.
    private func line(named name: String, password: String = "pw") -> String {
        #"{"name":"\#(name)","password":"\#(password)"}"#
    }

    private func openingError(_ envelope: Envelope, dataKey: SecureBytes, work: ParallelWork) -> String {
        do {
            _ = try envelope.openTable(dataKey: dataKey, work: work)
            return "opened"
        } catch {
            return "\(error)"
        }
    }

    @Test func aVaultOpenedInPartsReportsTheFirstFailingRecordsError() throws {
        let (envelope, dataKey) = try vault(entries: 700)
        // Among the first records, a line whose name is not its slot's; among the last, a
        // record bound to another slot than the one it is listed under.
        let early = try name({ "early/\($0)" }, slotFirst: true, dataKey: dataKey)
        let late = try name({ "late/\($0)" }, slotFirst: false, dataKey: dataKey)
        let decryption = try adding([
            try record(line: line(named: "someone else"), slotName: early, in: envelope, dataKey: dataKey),
            try record(line: line(named: late), slotName: late, boundTo: "yet another", in: envelope, dataKey: dataKey),
        ], to: envelope, dataKey: dataKey)
        let serial = openingError(decryption, dataKey: dataKey, work: .serial)
        #expect(serial == "\(VaultOpenError.malformedPayload("an entry's name does not match its slot"))")
        for width in [2, 4] {
            #expect(openingError(decryption, dataKey: dataKey, work: .dispatch(width: width)) == serial, "width \(width)")
        }

        // The table's checks: among the first, a name not in NFC; among the last, a line with a
        // newline in it.
        let decomposed = try name({ "cafe\u{301}/\($0)" }, slotFirst: true, dataKey: dataKey)
        let broken = try name({ "broken/\($0)" }, slotFirst: false, dataKey: dataKey)
        let lines = try adding([
            try record(line: line(named: decomposed), slotName: decomposed, in: envelope, dataKey: dataKey),
            try record(line: line(named: broken, password: "a\nb"), slotName: broken, in: envelope, dataKey: dataKey),
        ], to: envelope, dataKey: dataKey)
        let serialTable = openingError(lines, dataKey: dataKey, work: .serial)
        #expect(serialTable == "\(VaultOpenError.malformedPayload("the name of an entry is not in Unicode NFC"))")
        for width in [2, 4] {
            #expect(openingError(lines, dataKey: dataKey, work: .dispatch(width: width)) == serialTable, "width \(width)")
        }
        // Each failure alone is refused too, whichever part it is in.
        let brokenAlone = try adding([try record(line: line(named: broken, password: "a\nb"), slotName: broken, in: envelope, dataKey: dataKey)], to: envelope, dataKey: dataKey)
        #expect(openingError(brokenAlone, dataKey: dataKey, work: .dispatch(width: 4)) == "\(VaultOpenError.malformedPayload("an entry has no name"))")
    }

    @Test func aBoxThatDoesNotDecodeIsRefusedByAParseInParts() throws {
        let (envelope, _) = try vault(entries: 700)
        guard case .entries(let body) = envelope.body else { throw FormatError.corrupt("not version 5") }
        // The first record's box cut short by a character out of Base64, and the last's.
        var text = envelope.render()
        for record in [body.records.first!, body.records.last!] {
            let range = try #require(text.firstRange(of: BodyText.recordText(slot: record.slot, box: record.box)))
            text[range.lowerBound + 40] = UInt8(ascii: "*")
        }
        let serialError = #expect(throws: FormatError.self) { try Envelope.parse(text) }
        let parallelError = #expect(throws: FormatError.self) { try Envelope.parse(text, work: .dispatch(width: 4)) }
        #expect(serialError == parallelError)
    }
}
