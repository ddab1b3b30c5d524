import Testing
@testable import PhotoMetadata

/// XMP's copies of Exif fields (`tiff:`, `exif:`, `exifEX:`) named and shown as the IFD's are.
@Suite("Exif fields in XMP")
struct XMPExifTests {
    private static func item(_ report: PhotoReport, _ name: String) -> MetadataItem? {
        report.items.first { $0.name == name }
    }

    @Test("make, model, serial, dates, orientation and GPS from XMP alone, with the IFD's names and categories")
    func xmpOnly() throws {
        let report = try PhotoReader.read(Fixture.bytes("xmp-only.png"))
        let expected: [(String, String, PrivacyCategory)] = [
            ("Make", "Vaultphone", .device), ("Model", "VP-12 Pro", .device), ("SerialNumber", "SN-4242", .device),
            ("DateTimeOriginal", "2024:05:01 10:00:00+02:00", .time), ("DateTime", "2024:05:02 08:30:00", .time),
            ("Orientation", "Rotate 90 CW", .image), ("GPSLatitude", "48,51.5022N", .location),
            ("GPSLongitude", "2,17.66886W", .location), ("GPSAltitude", "35.5", .location),
        ]
        for (name, value, category) in expected {
            let item = try #require(Self.item(report, name), "\(name)")
            #expect(item.value == value && item.category == category && item.group == "XMP", "\(item)")
        }
        #expect(report.orientation == 6)
        let gps = try #require(report.gps)
        #expect(abs(gps.latitude - 48.85837) < 1e-5 && abs(gps.longitude + 2.294481) < 1e-5 && gps.altitude == 35.5)
    }

    @Test("the same names exiftool gives, with the same make, model, serial, dates and orientation", .enabled(if: ExifToolReference.available))
    func asExiftool() throws {
        let reference = try ExifToolReference.tags(atPath: Fixture.folder + "/xmp-only.png")
        let report = try PhotoReader.read(Fixture.bytes("xmp-only.png"))
        for name in ["Make", "Model", "SerialNumber", "DateTimeOriginal", "DateTime", "Orientation"] {
            #expect(Self.item(report, name)?.value == ExifToolReference.text(reference["XMP:\(name)"]), "\(name)")
        }
        let numbers = try ExifToolReference.tags(atPath: Fixture.folder + "/xmp-only.png", arguments: ["-n"])
        let gps = try #require(report.gps)
        #expect(abs(gps.latitude - (numbers["XMP:GPSLatitude"] as? Double ?? 0)) < 1e-6)
        #expect(abs(gps.longitude - (numbers["XMP:GPSLongitude"] as? Double ?? 0)) < 1e-6)
    }

    @Test("other namespaces keep their prefixed names; an XMP date without seconds or a zone is converted too")
    func otherNamespaces() {
        let packet = XMPPacket(Array("""
            <rdf:Description dc:creator="Ada" exif:DateTimeDigitized="2024-05-01T10:00" tiff:ImageLength="120"
             exif:ExposureTime="1/100" exifEX:CameraOwnerName="Ada L." xmp:CreateDate="2024-05-01T10:00:00"/>
            """.utf8))
        let items = XMPItems.items(packet)
        #expect(items.map(\.name) == ["dc:creator", "DateTimeDigitized", "ImageHeight", "ExposureTime", "OwnerName", "xmp:CreateDate"])
        #expect(items.map(\.value) == ["Ada", "2024:05:01 10:00", "120", "1/100", "Ada L.", "2024-05-01T10:00:00"])
        #expect(items.map(\.category) == [.people, .time, .image, .image, .people, .time])
    }
}
