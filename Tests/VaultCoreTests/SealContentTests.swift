import Foundation
import Testing
@testable import VaultCore

/// The seal's content, read by its layout without a JSON decoder: the text it writes is the
/// JSON encoder's, and for that text and any one byte of it changed, the layout reader reads
/// what the JSON decoder reads or leaves the text to it.
struct SealContentTests {
    private static let stamps: [Stamp?] = [
        nil, Stamp(milliseconds: 0, device: ""), Stamp(milliseconds: 1_700_000_000_123, counter: 7, device: "0123456789abcdef"),
        Stamp(milliseconds: Stamp.largestMilliseconds, counter: Stamp.largestCounter, device: "fedcba9876543210"),
    ]

    private static var contents: [SealContent] {
        stamps.flatMap { clock in stamps.map { SealContent(clock: clock, keys: $0) } }
    }

    private func decoded(_ text: [UInt8]) -> SealContent? {
        try? EntryJSON.decoder().decode(SealContent.self, from: Data(text))
    }

    @Test(arguments: contents) func itsTextIsTheEncodersAndReadsBackByItsLayout(content: SealContent) throws {
        let encoded = [UInt8](try EntryJSON.encoder().encode(content))
        #expect(try content.text() == encoded)
        #expect(SealContent(layout: encoded) == content)
        #expect(SealContent(text: encoded) == content)
    }

    @Test(arguments: contents) func theLayoutReaderAgreesWithTheDecoderOnEveryChangedByte(content: SealContent) throws {
        let text = try content.text()
        for index in text.indices {
            for mask: UInt8 in [0x01, 0x02, 0x08, 0x20] {
                var changed = text
                changed[index] ^= mask
                if let layout = SealContent(layout: changed) {
                    #expect(layout == decoded(changed), "byte \(index) ^ \(mask)")
                }
            }
        }
    }

    @Test func aLogIsWrittenAsTheEncoderWouldAndReadByTheDecoder() throws {
        let log = EventLogState(anchors: ["0123456789abcdef": EventLogAnchor(count: 12, head: [UInt8](repeating: 7, count: 32))],
                                retired: ["AAAA", "BBBB"])
        for clock in Self.stamps {
            let content = SealContent(clock: clock, keys: Self.stamps[2], log: log)
            let text = try content.text()
            #expect(text == [UInt8](try EntryJSON.encoder().encode(content)))
            #expect(SealContent(layout: text) == nil)
            #expect(SealContent(text: text) == content)
        }
    }

    @Test func otherJSONLayoutsAreLeftToTheDecoder() {
        let stamp = "1700000000000-3-0123456789abcdef"
        let spaced = Array(#"{ "keys": "\#(stamp)", "clock": "\#(stamp)" }"#.utf8)
        #expect(SealContent(layout: spaced) == nil)
        #expect(SealContent(text: spaced) == SealContent(clock: Stamp(stamp), keys: Stamp(stamp)))
        #expect(SealContent(text: Array(#"{"clock":"not a stamp"}"#.utf8)) == nil)
        for odd in [#"{"clock":"not a stamp"}"#, #"{"clock":"\#(stamp)",}"#, "", "[]", #"{"clock":"\#(stamp)"}x"#] {
            #expect(SealContent(layout: Array(odd.utf8)) == nil, "\(odd)")
        }
    }
}
