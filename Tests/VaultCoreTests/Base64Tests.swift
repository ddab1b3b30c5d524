import Foundation
import Testing
@testable import VaultCore

/// The strict Base64 decoder for the payload: same result as Foundation on canonical text,
/// refusal of everything else.
struct Base64Tests {
    private func decode(_ text: String) -> [UInt8]? {
        Array(text.utf8).withUnsafeBytes { Base64.decodeCanonical($0) }
    }

    @Test func roundTripsEveryLengthUpToAFewBlocks() throws {
        for length in 0..<200 {
            let bytes = try Sodium.randomBytes(length)
            let text = Data(bytes).base64EncodedString()
            #expect(decode(text) == bytes, "length \(length)")
        }
    }

    @Test(arguments: [
        "QQ",        // padding missing
        "QR==",      // unused bits of the last character not zero
        "QUI=QUI=",  // padding in the middle
        "QUJD\nRA==",  // a line break
        "QUJ*",      // not in the alphabet
        "Q===",      // too much padding
        "QUJDRA=",   // length not a multiple of four
    ])
    func refusesNonCanonicalText(text: String) {
        #expect(decode(text) == nil)
    }

    @Test func acceptsCanonicalPadding() {
        #expect(decode("QQ==") == [0x41])
        #expect(decode("QUI=") == [0x41, 0x42])
        #expect(decode("QUJD") == [0x41, 0x42, 0x43])
    }

    /// Any one character of a canonical text changed is refused, or makes another canonical
    /// text of other bytes: never a second spelling of the same bytes.
    @Test func aChangedCharacterIsRefusedOrDecodesToOtherBytes() throws {
        for length in [1, 2, 3, 4, 5, 6, 31, 32, 33] {
            let bytes = try Sodium.randomBytes(length)
            let text = Array(Data(bytes).base64EncodedString().utf8)
            for index in text.indices {
                for mask: UInt8 in [0x01, 0x02, 0x04, 0x10, 0x20, 0x40] {
                    var changed = text
                    changed[index] ^= mask
                    guard let decoded = changed.withUnsafeBytes(Base64.decodeCanonical) else { continue }
                    #expect(decoded != bytes && Array(Data(decoded).base64EncodedString().utf8) == changed, "length \(length), \(index) ^ \(mask)")
                }
            }
        }
    }
}
