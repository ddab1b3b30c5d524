import Testing
@testable import PhotoMetadata

/// PNG text chunks named `Raw profile type …`, which hold a JPEG's metadata in hex.
@Suite("PNG raw profiles")
struct RawProfileTests {
    /// clean.png with gps.jpg's Exif (thumbnail included) in a `Raw profile type exif` chunk.
    static func exifProfilePNG(keyword: String = "Raw profile type exif") throws -> [UInt8] {
        try Fixture.png(inserting: [Fixture.textChunk(keyword, Fixture.rawProfileText("exif", try Fixture.gpsExifSegment()))])
    }

    @Test("ImageMagick's 8bim, iptc and xmp profiles are decoded")
    func imageMagick() throws {
        let report = try PhotoReader.read(Fixture.bytes("raw-profiles.png"))
        #expect(report.items.contains { $0.group == "IPTC" && $0.name == "By-line" && $0.value == "Ada Lovelace" })
        #expect(report.items.contains { $0.group == "IPTC" && $0.name == "City" && $0.category == .location })
        #expect(report.items.contains { $0.group == "PNG raw xmp" && $0.name == "dc:creator" && $0.value == "Ada Lovelace" })
        #expect(!report.items.contains { $0.value.contains("encoded profile") }, "\(report.items)")
        // ImageMagick's copies of the Exif fields, one text chunk each, count as the fields do.
        #expect(report.items.first { $0.name == "exif:GPSLatitude" }?.category == .location)
        #expect(report.items.first { $0.name == "exif:Make" }?.category == .device)
        #expect(report.problems.isEmpty, "\(report.problems)")
    }

    @Test("an Exif profile, with or without Exif\\0\\0, under exif or APP1, gives its fields, GPS and thumbnail", arguments: [
        ("Raw profile type exif", true), ("Raw profile type APP1", true), ("Raw profile type exif", false),
    ])
    func exif(keyword: String, header: Bool) throws {
        let segment = try Fixture.gpsExifSegment()
        let data = header ? segment : Array(segment.dropFirst(6))
        let png = try Fixture.png(inserting: [Fixture.textChunk(keyword, Fixture.rawProfileText("exif", data))])
        let report = try PhotoReader.read(png)
        let type = keyword.dropFirst(RawProfile.keywordPrefix.count).lowercased()
        #expect(report.items.contains { $0.group == "PNG raw \(type) IFD0" && $0.name == "Make" && $0.value == "Vaultphone" })
        #expect(abs((report.gps?.latitude ?? 0) - 48.85837) < 1e-6)
        #expect(report.orientation == 6)
        #expect(report.thumbnails == 1)
        #expect(report.items.contains { $0.group == "Thumbnail EXIF IFD0" && $0.value == "Thumbnail Camera" })
    }

    @Test("an IPTC profile of bare IIM records, and a length that does not match, noted", arguments: [18, 99])
    func iptc(declared: Int) throws {
        let records: [UInt8] = [0x1C, 2, 80, 0, 3] + Array("Ada".utf8) + [0x1C, 2, 90, 0, 5] + Array("Paris".utf8)
        let png = try Fixture.png(inserting: [Fixture.textChunk("Raw profile type iptc", Fixture.rawProfileText("iptc", records, declaredLength: declared))])
        let report = try PhotoReader.read(png)
        #expect(report.items.map(\.name).contains("By-line") && report.items.map(\.name).contains("City"))
        #expect(report.problems == (declared == records.count ? [] : ["the Raw profile type iptc text says 99 bytes but holds 18"]))
    }

    @Test("stripping removes every raw profile, and the result reads clean")
    func stripped() throws {
        for png in [try Fixture.bytes("raw-profiles.png"), try Self.exifProfilePNG()] {
            let result = try PhotoStripper.strip(png)
            #expect(result.removed.contains { $0.hasPrefix("tEXt") || $0.hasPrefix("zTXt") }, "\(result.removed)")
            let after = try PhotoReader.read(result.output)
            #expect(!after.hasPrivateMetadata && after.thumbnails == 0, "\(after.items)")
            #expect(result.output.firstRange(of: Array("Raw profile".utf8)) == nil)
        }
    }

    @Test("exiftool finds the same make, model, GPS and thumbnail in an Exif profile", .enabled(if: ExifToolReference.available))
    func asExiftool() throws {
        let png = try Self.exifProfilePNG()
        let reference = try ExifToolReference.tags(of: png, extension: "png", arguments: ["-n"])
        let report = try PhotoReader.read(png)
        #expect(report.items.first { $0.group == "PNG raw exif IFD0" && $0.name == "Make" }?.value == ExifToolReference.text(reference["EXIF:Make"]))
        #expect(report.items.first { $0.group == "PNG raw exif IFD0" && $0.name == "Model" }?.value == ExifToolReference.text(reference["EXIF:Model"]))
        #expect(abs((report.gps?.latitude ?? 0) - (reference["Composite:GPSLatitude"] as? Double ?? 0)) < 1e-6)
        #expect(reference["EXIF:ThumbnailImage"] != nil && report.thumbnails == 1)
        let fixture = try ExifToolReference.tags(atPath: Fixture.folder + "/raw-profiles.png")
        let vault = try PhotoReader.read(Fixture.bytes("raw-profiles.png"))
        #expect(vault.items.first { $0.group == "IPTC" && $0.name == "By-line" }?.value == ExifToolReference.text(fixture["IPTC:By-line"]))
        #expect(vault.items.first { $0.name == "dc:creator" }?.value == ExifToolReference.text(fixture["XMP:Creator"]))
    }
}
