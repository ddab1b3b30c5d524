import Testing
@testable import VaultCore

/// The Padmé padding of the payload.
struct PaddingTests {
    @Test func smallContentsAllPadToTheMinimum() {
        #expect(Padding.paddedLength(for: 0) == Padding.minimumLength)
        #expect(Padding.paddedLength(for: 1000) == Padding.minimumLength)
    }

    @Test func paddedLengthIsLargerAndAtMostTwelvePercentMore() {
        for length in stride(from: 1024, through: 5_000_000, by: 9973) {
            let padded = Padding.paddedLength(for: length)
            #expect(padded > length)
            #expect(Double(padded) <= Double(length + 1) * 1.12 + 1)
        }
    }

    @Test func markerIsFoundAndMalformedPaddingRejected() {
        var buffer: [UInt8] = Array("abc".utf8) + [0x80, 0, 0, 0]
        #expect(buffer.withUnsafeBytes { Padding.contentLength(of: $0) } == 3)
        buffer[3] = 0x81
        #expect(buffer.withUnsafeBytes { Padding.contentLength(of: $0) } == nil)
        #expect([UInt8](repeating: 0, count: 8).withUnsafeBytes { Padding.contentLength(of: $0) } == nil)
    }
}
