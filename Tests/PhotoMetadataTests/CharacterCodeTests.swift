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
        (Array("JIS\0\0\0\0\0\u{25}F%9%H".utf8), "(6 bytes of JIS text)"),
        (Array("ASCII".utf8), "ASCII"),
        ([0xFF, 0xFE, 0, 1, 2, 3, 4, 5, 6], "(9 bytes)"),
    ]

    @Test("ASCII, undefined and unknown codes, trailing spaces, short values", arguments: codeCases)
    func codes(bytes: [UInt8], text: String) {
        #expect(CharacterCodedText.decode(bytes, order: .bigEndian) == text)
    }
}
