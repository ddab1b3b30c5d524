import Inflate
import Testing

/// zlib's inflate behind `Inflate`: both framings, the size limit to the byte, and every way a
/// stream can be wrong. The vectors are "hello" compressed by zlib 1.2 (Python's zlib module):
/// with its wrapper, bare, and with a preset dictionary.
@Suite("Inflate")
struct InflateTests {
    private static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return result
    }

    private static let hello = Array("hello".utf8)
    private static let wrapped = bytes("789ccb48cdc9c90700062c0215")
    private static let bare = bytes("cb48cdc9c90700")

    @Test("both framings inflate, up to a limit of exactly their size; one byte less is refused")
    func limits() {
        #expect(Inflate.bytes(of: Self.wrapped, framing: .zlib, limit: 5) == Self.hello)
        #expect(Inflate.bytes(of: Self.bare, framing: .raw, limit: 5) == Self.hello)
        #expect(Inflate.bytes(of: Self.wrapped, framing: .zlib, limit: 4) == nil)
        #expect(Inflate.bytes(of: Self.bare, framing: .raw, limit: 4) == nil)
        #expect(Inflate.bytes(of: Self.bare, framing: .raw, limit: -1) == nil)
    }

    @Test("a stream cut short, with a wrong checksum, in the other framing, empty, or needing a dictionary is refused; bytes after its end are ignored")
    func damaged() {
        #expect(Inflate.bytes(of: Self.wrapped.dropLast(), framing: .zlib, limit: 100) == nil)
        #expect(Inflate.bytes(of: Self.bare.dropLast(), framing: .raw, limit: 100) == nil)
        var checksum = Self.wrapped
        checksum[checksum.count - 1] ^= 1
        #expect(Inflate.bytes(of: checksum, framing: .zlib, limit: 100) == nil)
        #expect(Inflate.bytes(of: Self.bare, framing: .zlib, limit: 100) == nil)
        #expect(Inflate.bytes(of: [], framing: .raw, limit: 100) == nil)
        #expect(Inflate.bytes(of: Self.bytes("78f9062c0215cb001100062c0215"), framing: .zlib, limit: 100) == nil)
        #expect(Inflate.bytes(of: Self.wrapped + [1, 2, 3], framing: .zlib, limit: 100) == Self.hello)
    }

    /// A mebibyte of zero bytes, compressed by zlib 1.2 at level 9: 1,039 bytes, nearly all of
    /// them zero.
    private static let mebibyteOfZeros = bytes("78daedc13101000000c2a0f54f6d085fa0")
        + [UInt8](repeating: 0, count: 1016) + bytes("3e0300f00001")

    @Test("a bomb stops at its limit: a mebibyte of zeros from a kilobyte, allowed 64 KiB")
    func bomb() {
        #expect(Self.mebibyteOfZeros.count == 1039)
        #expect(Inflate.bytes(of: Self.mebibyteOfZeros, framing: .zlib, limit: 1 << 20) == [UInt8](repeating: 0, count: 1 << 20))
        #expect(Inflate.bytes(of: Self.mebibyteOfZeros, framing: .zlib, limit: 64 << 10) == nil)
    }
}
