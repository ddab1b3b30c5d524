import Foundation
import Testing
@testable import PhotoMetadata

/// Cases a code review found: bounded work on hostile metadata, metadata in unusual places,
/// and files the stripper must refuse.
@Suite("Metadata in unusual places, and bounded work")
struct ReviewFindingsTests {
    static let makeTIFF = HostileInputTests.tiff(entries: [[0x01, 0x0F, 0, 2, 0, 0, 0, 4, 0x41, 0x42, 0x43, 0]])

    @Test("IFD entries that all point at one large region decode it once, not once each")
    func sharedRegion() throws {
        var entries: [[UInt8]] = []
        for tag in 0..<200 { entries.append([0x10, UInt8(tag), 0, 1, 0, 0x08, 0, 0, 0, 0, 0, 0xFF]) }  // 512 KiB each at 0xFF
        var block = HostileInputTests.tiff(entries: entries)
        block += [UInt8](repeating: 7, count: (1 << 19) + 0x100 - block.count)
        let tiff = try #require(TIFFStructure(block))
        let decoded = tiff.ifds[0].entries.reduce(0) { total, entry in
            if case .integers(let values) = entry.value { return total + values.count }
            return total
        }
        #expect(decoded <= TIFFStructure.totalValueLimit)
        #expect(tiff.ifds[0].entries.count == 200)
    }

    @Test("an XMP packet of thousands of unclosed elements is read in bounded time")
    func unclosedElements() {
        var packet = Array("<x:xmpmeta><rdf:Description dc:creator=\"someone\">".utf8)
        for index in 0..<200_000 { packet += Array("<a:b\(index % 50)>".utf8) }
        let read = XMPPacket(packet)
        #expect(read.values("dc:creator") == ["someone"])
    }

    @Test("Exif and XMP inside Photoshop resources are read, so such a file is not called clean")
    func photoshopResources() throws {
        func resource(_ id: UInt16, _ data: [UInt8]) -> [UInt8] {
            Array("8BIM".utf8) + [UInt8(id >> 8), UInt8(id & 0xFF), 0, 0] + [0, 0, UInt8(data.count >> 8), UInt8(data.count & 0xFF)]
                + data + (data.count % 2 == 1 ? [0] : [])
        }
        let xmp = Array("<x:xmpmeta><rdf:Description exif:GPSLatitude=\"48,51.5N\"/></x:xmpmeta>".utf8)
        let payload = Array("Photoshop 3.0\0".utf8) + resource(0x0422, Self.makeTIFF) + resource(0x0424, xmp)
        let report = try PhotoReader.read(Fixture.jpeg([(0xED, payload)]))
        #expect(report.items.contains { $0.group == "Photoshop EXIF IFD0" && $0.name == "Make" && $0.value == "ABC" })
        #expect(report.items.contains { $0.group == "Photoshop XMP" && $0.category == .location })
        let stripped = try PhotoStripper.strip(Fixture.jpeg([(0xED, payload)]))
        #expect(try PhotoReader.read(stripped.output).items.isEmpty)
    }

    @Test("an Exif block that cannot be read still marks the file as holding metadata")
    func unreadableExif() throws {
        let report = try PhotoReader.read(Fixture.jpeg([(0xE1, Array("Exif\0\0".utf8) + [1, 2, 3, 4, 5, 6, 7, 8])]))
        #expect(report.hasPrivateMetadata)
        #expect(report.items.contains { $0.name == "Unreadable" })
    }

    @Test("a JFIF thumbnail is reported, and stripped while JFIF itself is kept")
    func jfifThumbnail() throws {
        let jfif = Array("JFIF\0".utf8) + [1, 2, 0, 0, 1, 0, 1, 2, 2] + [UInt8](repeating: 0x80, count: 12)
        let file = Fixture.jpeg([(0xE0, jfif)])
        let report = try PhotoReader.read(file)
        #expect(report.items.contains { $0.group == "JFIF" && $0.category == .thumbnail })
        let stripped = try PhotoStripper.strip(file)
        #expect(stripped.kept.contains("JFIF") && stripped.removed.contains { $0.hasPrefix("JFIF thumbnail") })
        let after = try PhotoReader.read(stripped.output)
        #expect(after.items.map(\.name) == ["JFIFVersion"])
    }

    @Test("kept JFIF and Adobe segments are cut to their headers: bytes hidden after them go")
    func keptSegmentsCanonical() throws {
        let hidden = Array("secret note".utf8)
        let jfif = Array("JFIF\0".utf8) + [1, 2, 0, 0, 1, 0, 1, 0, 0] + hidden
        let adobe = Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1] + hidden
        let stripped = try PhotoStripper.strip(Fixture.jpeg([(0xE0, jfif), (0xEE, adobe)]))
        #expect(stripped.output.firstRange(of: hidden) == nil, "the hidden bytes are gone")
        #expect(stripped.kept == ["JFIF", "Adobe colour transform"], "\(stripped.kept)")
        #expect(stripped.removed == ["data after the JFIF header (11 bytes)", "data after Adobe's colour transform (11 bytes)"])
        let segments = try PhotoReader.read(stripped.output)
        #expect(!segments.hasPrivateMetadata)
        #expect(stripped.output.firstRange(of: [0xFF, 0xE0, 0, 16] + jfif.prefix(14)) != nil)
        #expect(stripped.output.firstRange(of: [0xFF, 0xEE, 0, 14] + adobe.prefix(12)) != nil)
    }

    @Test("a WebP whose RIFF size ends before its image data is refused, not emptied")
    func webpWithoutImage() throws {
        var webp = try Fixture.bytes("clean.webp")
        webp[4] = 4; webp[5] = 0; webp[6] = 0; webp[7] = 0  // RIFF size: "WEBP" only
        #expect(throws: PhotoError.self) { try PhotoStripper.strip(webp) }
    }
}
