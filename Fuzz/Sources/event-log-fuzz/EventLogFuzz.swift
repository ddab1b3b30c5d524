import FuzzSupport
import Foundation
@testable import VaultCore

/// The security log's segments and their verification (`EventLogSegment`,
/// `EventLogVerification`). An input whose first byte is even is a segment's text: reading it
/// never traps; what it reads renders back to the text it came from (up to where it is
/// damaged), its last link read from the file's end is its last line's, and verifying it
/// against any anchor names a problem or returns events numbered in order. An odd first byte
/// makes a chain of 1 to 16 events sealed to a fixed key and edits it as the next bytes say
/// (a byte flipped, an event dropped, two swapped, the end cut off; each with the links left
/// or computed again): the intact chain holds, anchored at its end, and the edited one does
/// not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventLog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    guard let mode = bytes.first else { return 0 }
    do {
        var key = [UInt8](repeating: 0x3C, count: 32)
        let pair = try SealedBoxKeyPair(dataKey: try SecureBytes(consuming: &key))
        if mode & 1 == 0 {
            checkText(Array(bytes.dropFirst()), pair: pair)
        } else {
            try checkEdit(Array(bytes.dropFirst()), pair: pair)
        }
    } catch {
        Fuzzer.require(false, "the fixed key pair could not be made: \(error)")
    }
    return 0
}

private let vaultID = "0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9"
private let device = "0123456789abcdef"

private func checkText(_ text: [UInt8], pair: SealedBoxKeyPair) {
    guard let segment = EventLogSegment.parse(text) else { return }
    let rendered = EventLogSegment.headerText(device: segment.device, first: segment.first, previous: segment.previous)
        + segment.lines.flatMap(\.text)
    if segment.damage == nil {
        Fuzzer.require(rendered == text, "an undamaged segment renders to other text")
        let last = EventLogSegment.lastLink(ofTail: text[...], isWhole: true)
        let expected = segment.lines.last.map { ($0.number, $0.link) } ?? (segment.first - 1, segment.previous)
        Fuzzer.require(last?.number == expected.0 && last?.link == expected.1, "the last link read from the end is not the last line's")
    } else {
        Fuzzer.require(text.starts(with: rendered), "the lines read from a damaged segment are not the text's start")
    }
    for anchor in [nil, segment.lines.last.map { EventLogAnchor(count: $0.number, head: $0.link) }, EventLogAnchor(count: 3, head: [1])] {
        let result = EventLogVerification(segments: [segment], device: segment.device, vaultID: vaultID, pairs: [pair], anchor: anchor)
        let numbers = result.events.map(\.number)
        Fuzzer.require(numbers == Array(numbers.indices.map { segment.first + UInt64($0) }), "events out of order")
        Fuzzer.require(result.holds == (result.problem == nil), "holds and a problem")
        if segment.damage != nil { Fuzzer.require(!result.holds, "a damaged segment verifies") }
    }
}

private func checkEdit(_ script: [UInt8], pair: SealedBoxKeyPair) throws {
    guard script.count >= 4 else { return }
    let count = Int(script[0] % 16) + 1
    let edit = Int(script[1] % 4)
    let relink = script[1] & 0x80 != 0
    let place = Int(script[2]) << 8 | Int(script[3])
    var segment = EventLogSegment(device: device, first: 1, previous: EventChain.start(vaultID: vaultID, device: device))
    var link = segment.previous
    for number in 1...UInt64(count) {
        let event = SecurityEvent(number: number, milliseconds: Int64(number), device: device, kind: .reveal, command: "get",
                                  entry: String(decoding: script.dropFirst(4).prefix(40), as: UTF8.self))
        let sealed = try event.paddedPlaintext().withUnsafeBytes { try SealedBoxKeyPair.seal($0, to: pair.publicKey) }
        link = EventChain.link(after: link, number: number, sealed: sealed)
        segment.lines.append(EventLogSegment.Line(number: number, link: link, sealed: sealed))
    }
    let anchor = EventLogAnchor(count: UInt64(count), head: link)
    let intact = EventLogVerification(segments: [segment], device: device, vaultID: vaultID, pairs: [pair], anchor: anchor)
    Fuzzer.require(intact.holds && intact.events.count == count && intact.unanchored == 0, "an intact chain does not verify")

    var edited = segment
    switch edit {
    case 0:
        let line = place % count
        edited.lines[line].sealed[(place >> 4) % edited.lines[line].sealed.count] ^= script[3] | 1
    case 1:
        edited.lines.remove(at: place % count)
    case 2:
        guard count > 1 else { return }
        let first = place % (count - 1)
        let sealed = edited.lines[first].sealed
        edited.lines[first].sealed = edited.lines[first + 1].sealed
        edited.lines[first + 1].sealed = sealed
    default:
        edited.lines.removeLast(place % count + 1)
    }
    if relink {
        var link = edited.previous
        for index in edited.lines.indices {
            link = EventChain.link(after: link, number: edited.lines[index].number, sealed: edited.lines[index].sealed)
            edited.lines[index].link = link
        }
    }
    let result = EventLogVerification(segments: [edited], device: device, vaultID: vaultID, pairs: [pair], anchor: anchor)
    Fuzzer.require(!result.holds, "an edited chain verifies (edit \(edit), relinked: \(relink))")
}

/// The entry point SwiftPM links this executable through; libFuzzer's driver does the rest.
@_cdecl("event_log_fuzz_main")
public func eventLogFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzEventLog)
}
