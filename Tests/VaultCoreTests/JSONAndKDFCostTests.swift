import Foundation
import Testing
@testable import VaultCore

/// JSON documents that decode to exactly their values but are safe to print, and the cost of a
/// key derivation against the limit past which a person must confirm it.
struct JSONAndKDFCostTests {
    @Test func wholeJSONTextsKeepTheirValues() throws {
        let value = ["k": "x\u{85}y\u{61C}z\u{2069}—€\u{7F}"]
        let document = try EntryJSON.document(value)
        #expect(!String(decoding: document, as: UTF8.self).unicodeScalars.contains { [0x85, 0x61C, 0x2069, 0x7F].contains($0.value) })
        #expect(try JSONDecoder().decode([String: String].self, from: document) == value)
        let plain = Data(#"{"k":"nothing to do — €"}"#.utf8)
        #expect(JSONTerminalEscapes.escaped(plain, then: 0x0A) == plain + [0x0A])
    }

    @Test("an escaped document is as long as its escapes add up to, which is the size reserved for it")
    func escapedSizeIsExact() {
        let json = Data(#"{"k":"a\#u{85}b\#u{2066}c\#u{7F}"}"#.utf8)
        let escaped = JSONTerminalEscapes.escaped(json, then: 0x0A)
        // Each escape is 6 bytes in place of 2, 3 and 1.
        #expect(escaped.count == json.count + (6 - 2) + (6 - 3) + (6 - 1) + 1)
        #expect(String(decoding: escaped, as: UTF8.self) == #"{"k":"a\u0085b\u2066c\u007f"}"# + "\n")
    }

    @Test func kdfCostAgainstTheLimit() throws {
        #expect(KDFCost(.default).factor == 1)
        #expect(!KDFCost(KDFParameters(memoryKiB: 1024 * 1024, iterations: 3, parallelism: 4)).exceedsLimit)
        #expect(KDFCost(KDFParameters(memoryKiB: 3 * 1024 * 1024, iterations: 1, parallelism: 4)).exceedsLimit, "a memory cap of its own")
        let planted = KDFCost(KDFParameters(memoryKiB: 4 * 1024 * 1024, iterations: 100, parallelism: 1))
        #expect(planted.exceedsLimit)
        #expect(planted.summary == "a key derivation of 4096 MiB × 100 passes (2133 times the default)")
        #expect(throws: CryptoError.self) { try planted.checkForNewVault() }
        #expect(KDFCost.duration(3) == "3 s")
        #expect(KDFCost.duration(600) == "10 min")
        #expect(KDFCost.duration(7200) == "2 h")
    }
}
