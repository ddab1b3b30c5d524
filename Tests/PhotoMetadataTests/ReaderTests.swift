import Testing
@testable import PhotoMetadata

@Suite("Reading photo metadata")
struct ReaderTests {
    private func value(_ report: PhotoReport, _ name: String, group: String? = nil) -> String? {
        report.items.first { $0.name == name && (group == nil || $0.group == group) }?.value
    }

    @Test("a phone photo: GPS, device, serials, people, times, XMP, IPTC, comment and thumbnail")
    func phone() throws {
        let report = try PhotoReader.read(Fixture.bytes("gps.jpg"))
        #expect(report.format == .jpeg)
        let gps = try #require(report.gps)
        #expect(abs(gps.latitude - 48.85837) < 1e-6 && abs(gps.longitude - 2.294481) < 1e-6)
        #expect(gps.altitude == 35.5 && gps.time == "2024:05:01 08:00:00Z")
        #expect(report.orientation == 6)
        #expect(value(report, "Make", group: "EXIF IFD0") == "Vaultphone")
        #expect(value(report, "SerialNumber") == "SN-4242" && value(report, "LensSerialNumber") == "LS-0001")
        #expect(value(report, "Artist") == "Ada Lovelace" && value(report, "OwnerName") == "Ada L.")
        #expect(value(report, "DateTimeOriginal") == "2024:05:01 10:00:00")
        #expect(value(report, "UserComment") == "door code 4711")
        #expect(value(report, "dc:creator", group: "XMP") == "Ada Lovelace")
        #expect(value(report, "By-line", group: "IPTC") == "Ada Lovelace" && value(report, "Keywords") == "home")
        #expect(value(report, "Comment", group: "JPEG") == "taken from the balcony")
        #expect(report.thumbnails == 1)
        #expect(value(report, "Make", group: "Thumbnail EXIF IFD0") == "Thumbnail Camera")
        #expect(report.hasPrivateMetadata && report.problems.isEmpty)
        let categories = report.itemsByCategory.map(\.category)
        #expect(categories == categories.sorted())
    }

    @Test("little-endian Exif, south and west, below sea level")
    func littleEndian() throws {
        let report = try PhotoReader.read(Fixture.bytes("south-west.jpg"))
        let gps = try #require(report.gps)
        #expect(abs(gps.latitude + 33.8688) < 1e-6 && abs(gps.longitude + 151.2093) < 1e-6 && gps.altitude == -12)
        #expect(report.orientation == 3)
    }

    @Test("PNG: eXIf, text chunks (a zTXt inflated) and tIME; WebP: EXIF and XMP")
    func pngAndWebP() throws {
        let png = try PhotoReader.read(Fixture.bytes("tagged.png"))
        #expect(png.format == .png && png.orientation == 6)
        #expect(value(png, "Author", group: "PNG tEXt") == "Ada Lovelace")
        #expect(value(png, "Comment", group: "PNG zTXt")?.hasPrefix("compressed secret compressed secret") == true)
        #expect(value(png, "ModifyDate", group: "PNG") == "2024:05:03 09:00:00")
        #expect(value(png, "dc:creator") == "Ada Lovelace")
        #expect(abs((png.gps?.longitude ?? 0) + 0.1246) < 1e-6)
        let webp = try PhotoReader.read(Fixture.bytes("tagged.webp"))
        #expect(webp.format == .webp && webp.orientation == 6 && value(webp, "Model") == "VP-12 Pro")
        #expect(abs((webp.gps?.latitude ?? 0) - 35.6586) < 1e-6)
    }

    @Test("clean files have nothing privacy-relevant", arguments: ["clean.jpg", "clean.png", "clean.webp"])
    func clean(name: String) throws {
        let report = try PhotoReader.read(Fixture.bytes(name))
        #expect(!report.hasPrivateMetadata, "\(report.items)")
    }

    @Test("a trailer after the image and a CMYK file's Adobe segment are seen")
    func trailer() throws {
        let report = try PhotoReader.read(Fixture.bytes("cmyk-trailer.jpg"))
        #expect(value(report, "Trailer")?.contains("4096 bytes") == true)
        #expect(value(report, "ColorTransform", group: "Adobe") != nil)
    }

    @Test("what is not a JPEG, PNG or WebP is refused")
    func unknown() {
        #expect(throws: PhotoError.unknownFormat) { try PhotoReader.read(Array("GIF89a".utf8)) }
        #expect(throws: PhotoError.unknownFormat) { try PhotoReader.read([]) }
    }
}
