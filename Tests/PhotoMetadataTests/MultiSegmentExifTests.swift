import Testing
@testable import PhotoMetadata

/// An Exif block too large for one APP1 segment, continued in the next ones.
@Suite("Multi-segment Exif")
struct MultiSegmentExifTests {
    @Test("the fields in exiftool's continuation segment are read: the GPS directory and the rest of the description")
    func continuation() throws {
        let report = try PhotoReader.read(Fixture.bytes("multi-segment.jpg"))
        #expect(report.items.first { $0.name == "ImageDescription" }?.value.count == 70_000)
        #expect(report.items.contains { $0.group == "EXIF GPS" && $0.name == "GPSLatitude" })
        #expect(abs((report.gps?.latitude ?? 0) - 48.85837) < 1e-6)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(!report.items.contains { $0.name == "Unreadable" })
    }

    @Test("the same as exiftool reads", .enabled(if: ExifToolReference.available))
    func asExiftool() throws {
        let reference = try ExifToolReference.tags(atPath: Fixture.folder + "/multi-segment.jpg", arguments: ["-n"])
        let report = try PhotoReader.read(Fixture.bytes("multi-segment.jpg"))
        for name in ["Make", "Model", "Artist", "ImageDescription"] {
            #expect(report.items.first { $0.name == name }?.value == ExifToolReference.text(reference["EXIF:\(name)"]), "\(name)")
        }
        #expect(abs((report.gps?.longitude ?? 0) - (reference["Composite:GPSLongitude"] as? Double ?? 0)) < 1e-6)
    }

    @Test("a segment that starts a new TIFF header is a block of its own; one that does not, after another segment, is not a continuation")
    func boundaries() throws {
        let tiff = HostileInputTests.tiff(entries: [[0x01, 0x0F, 0, 2, 0, 0, 0, 4, 0x41, 0x42, 0x43, 0]])
        let comment: (UInt8, [UInt8]) = (0xFE, Array("between".utf8))
        let file = try #require(JPEGFile(Fixture.jpeg([(0xE1, JPEGSignature.exif + tiff), (0xE1, JPEGSignature.exif + tiff),
                                                        comment, (0xE1, JPEGSignature.exif + [1, 2, 3])])))
        #expect(ExifSegments.blocks(file) == [tiff, tiff, [1, 2, 3]])
        let split = try #require(JPEGFile(Fixture.jpeg([(0xE1, JPEGSignature.exif + tiff.prefix(12)), (0xE1, JPEGSignature.exif + tiff.dropFirst(12))])))
        #expect(ExifSegments.blocks(split) == [tiff])
    }

    @Test("stripping removes every segment of the block")
    func stripped() throws {
        let result = try PhotoStripper.strip(try Fixture.bytes("multi-segment.jpg"))
        #expect(result.removed.filter { $0.hasPrefix("EXIF") }.count == 2, "\(result.removed)")
        let file = try #require(JPEGFile(result.output))
        #expect(file.payloads(marker: 0xE1, signature: JPEGSignature.exif).isEmpty)
        let after = try PhotoReader.read(result.output)
        #expect(!after.hasPrivateMetadata && !after.items.contains { $0.group.hasPrefix("EXIF") }, "\(after.items)")
    }
}
