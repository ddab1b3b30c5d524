import Testing
@testable import PhotoMetadata

/// UserComment, GPSProcessingMethod and GPSAreaInformation behind their 8-byte character code.
@Suite("Text behind a character code")
struct CharacterCodeTests {
    private static func value(_ report: PhotoReport, _ name: String) -> String? {
        report.items.first { $0.name == name }?.value
    }

    @Test("exiftool's big-endian UTF-16 comment and ASCII GPS texts are decoded")
    func fixture() throws {
        let report = try PhotoReader.read(Fixture.bytes("text-codes.jpg"))
        #expect(Self.value(report, "UserComment") == "héllo ünïcode")
        #expect(Self.value(report, "GPSProcessingMethod") == "GPS")
        #expect(Self.value(report, "GPSAreaInformation") == "Rue de Rivoli, Paris")
        #expect(report.items.first { $0.name == "GPSAreaInformation" }?.category == .location)
    }

    @Test("the same as exiftool prints them", .enabled(if: ExifToolReference.available))
    func asExiftool() throws {
        let reference = try ExifToolReference.tags(atPath: Fixture.folder + "/text-codes.jpg")
        let report = try PhotoReader.read(Fixture.bytes("text-codes.jpg"))
        for name in ["UserComment", "GPSProcessingMethod", "GPSAreaInformation"] {
            #expect(Self.value(report, name) == ExifToolReference.text(reference["EXIF:\(name)"]), "\(name)")
        }
    }

    private static let unicode: [UInt8] = Array("UNICODE\0".utf8)

    /// Bytes after `UNICODE\0`, the TIFF byte order, the text.
    static let unicodeCases: [([UInt8], ByteOrder, String)] = [
        ([0, 0x41, 0, 0x62, 0x30, 0x42], .bigEndian, "Abあ"),
        ([0x41, 0, 0x62, 0, 0x42, 0x30], .littleEndian, "Abあ"),
        // Little-endian text in big-endian Exif, as Microsoft's tools write it.
        ([0x68, 0, 0x69, 0, 0x21, 0], .bigEndian, "hi!"),
        ([0xFF, 0xFE, 0x41, 0, 0x42, 0], .bigEndian, "AB"),
        ([0, 0x4F, 0, 0x4B, 0, 0, 0, 0x58], .bigEndian, "OK"),
    ]

    @Test("UTF-16 in either order, with or without a byte-order mark, as exiftool guesses it", arguments: unicodeCases)
    func unicode(body: [UInt8], order: ByteOrder, text: String) {
        #expect(CharacterCodedText.decode(Self.unicode + body, order: order) == text)
        #expect(CharacterCodedText.decode(Array("UNICODE ".utf8) + body, order: order) == text)
    }

    static let codeCases: [([UInt8], String)] = [
        (Array("ASCII\0\0\0door code  \0junk".utf8), "door code"),
        (Array("\0\0\0\0\0\0\0\0plain".utf8), "plain"),
        (Array("        spaces".utf8), "spaces"),
        (Array("ASCII   text".utf8), "text"),
        (Array("BOGUS\0\0\0text".utf8), "BOGUS"),
        (Array("ASCII".utf8), "ASCII"),
        ([0xFF, 0xFE, 0, 1, 2, 3, 4, 5, 6], "(9 bytes)"),
    ]

    @Test("ASCII, undefined and unknown codes, trailing spaces, short values", arguments: codeCases)
    func codes(bytes: [UInt8], text: String) {
        #expect(CharacterCodedText.decode(bytes, order: .bigEndian) == text)
    }

    /// テスト写真、東京 in JIS X 0208: each character's row and cell, 0x21–0x7E.
    static let jisPairs: [(UInt8, UInt8)] = [
        (0x25, 0x46), (0x25, 0x39), (0x25, 0x48), (0x3C, 0x4C), (0x3F, 0x3F), (0x21, 0x22), (0x45, 0x6C), (0x35, 0x7E),
    ]

    /// The pairs high byte first, or low byte first as a little-endian writer stores them.
    static func jis(_ pairs: [(UInt8, UInt8)], order: ByteOrder) -> [UInt8] {
        Array("JIS\0\0\0\0\0".utf8) + pairs.flatMap { order == .bigEndian ? [$0.0, $0.1] : [$0.1, $0.0] }
    }

    @Test("JIS X 0208 text is decoded in the structure's byte order, or the other when that reads better",
          arguments: [(ByteOrder.bigEndian, ByteOrder.bigEndian), (.littleEndian, .littleEndian), (.bigEndian, .littleEndian), (.littleEndian, .bigEndian)])
    func jis(stored: ByteOrder, structure: ByteOrder) {
        #expect(CharacterCodedText.decode(Self.jis(Self.jisPairs, order: stored), order: structure) == "テスト写真、東京")
    }

    @Test("JIS: a NUL pair ends the text, a code outside the table is U+FFFD, an odd byte is dropped, spaces may replace the NULs")
    func jisEdges() {
        #expect(CharacterCodedText.decode(Self.jis([(0x25, 0x46), (0, 0), (0x25, 0x39)], order: .bigEndian), order: .bigEndian) == "テ")
        #expect(CharacterCodedText.decode(Self.jis([(0x25, 0x46), (0x7F, 0x7F)], order: .bigEndian), order: .bigEndian) == "テ\u{FFFD}")
        #expect(CharacterCodedText.decode(Self.jis([(0x25, 0x46)], order: .bigEndian) + [0x25], order: .bigEndian) == "テ")
        #expect(CharacterCodedText.decode(Array("JIS     ".utf8) + [0x25, 0x46], order: .bigEndian) == "テ")
        #expect(CharacterCodedText.decode(Array("JIS\0\0\0\0\0".utf8), order: .bigEndian) == "")
    }

    /// A JPEG holding only an Exif segment whose IFD0 has one UserComment, in `order`.
    static func jpegWithComment(_ comment: [UInt8], order: ByteOrder) -> [UInt8] {
        let big = order == .bigEndian
        let u16 = { (value: Int) -> [UInt8] in big ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)] }
        let u32 = { (value: Int) -> [UInt8] in big ? u16(value >> 16) + u16(value & 0xFFFF) : u16(value & 0xFFFF) + u16(value >> 16) }
        var tiff: [UInt8] = (big ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8) + u16(1)
        tiff += u16(0x9286) + u16(7) + u32(comment.count) + u32(8 + 2 + 12 + 4)
        tiff += u32(0) + comment
        let app1 = Array("Exif\0\0".utf8) + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1] + [UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1 + [0xFF, 0xD9]
    }

    @Test("JIS text reads as exiftool reads it, in either byte order", .enabled(if: ExifToolReference.available),
          arguments: [ByteOrder.bigEndian, .littleEndian])
    func jisAsExiftool(order: ByteOrder) throws {
        let file = Self.jpegWithComment(Self.jis(Self.jisPairs, order: order), order: order)
        let reference = try ExifToolReference.tags(of: file, extension: "jpg")
        let report = try PhotoReader.read(file)
        #expect(ExifToolReference.text(reference["EXIF:UserComment"]) == "テスト写真、東京")
        #expect(Self.value(report, "UserComment") == "テスト写真、東京")
    }
}
