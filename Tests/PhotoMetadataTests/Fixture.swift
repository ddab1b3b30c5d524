import Foundation
import Testing
@testable import PhotoMetadata

/// The photos of Fixtures/exif, made by its `make-photos`, and builders for what no tool writes.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/exif").path

    static let all = ["gps.jpg", "south-west.jpg", "cmyk-trailer.jpg", "progressive.jpg", "clean.jpg",
                      "tagged.png", "clean.png", "tagged.webp", "clean.webp",
                      "text-codes.jpg", "xmp-only.png", "raw-profiles.png", "multi-segment.jpg"]

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    /// A JPEG of SOI, the given segments, a minimal scan and EOI.
    static func jpeg(_ segments: [(UInt8, [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for (marker, payload) in segments + [(0xDA, [1, 1, 0, 0, 63, 0])] {
            bytes += [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        return bytes + [0x12, 0x34, 0xFF, 0xD9]
    }

    /// clean.png with these chunks (type and data) before its first IDAT.
    static func png(inserting chunks: [(String, [UInt8])]) throws -> [UInt8] {
        let clean = try bytes("clean.png")
        let file = try #require(PNGFile(clean))
        let idat = try #require(file.chunks.first { $0.type == "IDAT" }).whole.lowerBound
        return Array(clean[..<idat]) + chunks.flatMap { PNGStripper.chunk($0.0, $0.1) } + Array(clean[idat...])
    }

    /// A tEXt chunk's data: keyword, NUL, text.
    static func textChunk(_ keyword: String, _ text: String) -> (String, [UInt8]) {
        ("tEXt", Array(keyword.utf8) + [0] + Array(text.utf8))
    }

    /// A raw profile's text as ImageMagick writes it: `\ntype\n  length\n` and lines of 72 hex digits.
    static func rawProfileText(_ type: String, _ data: [UInt8], declaredLength: Int? = nil) -> String {
        let hex = data.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        var lines: [Substring] = []
        var rest = Substring(hex)
        while !rest.isEmpty { lines.append(rest.prefix(72)); rest = rest.dropFirst(72) }
        let length = String(declaredLength ?? data.count)
        return "\n\(type)\n" + String(repeating: " ", count: max(0, 8 - length.count)) + length + "\n" + lines.joined(separator: "\n") + "\n"
    }

    /// The payload of gps.jpg's Exif segment, with `Exif\0\0`.
    static func gpsExifSegment() throws -> [UInt8] {
        let file = try #require(JPEGFile(try bytes("gps.jpg")))
        return JPEGSignature.exif + Array(try #require(file.payloads(marker: 0xE1, signature: JPEGSignature.exif).first))
    }

    /// A big-endian number of four bytes.
    static func uint32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// An ICC profile of a 128-byte header (size, version, class, `acsp`) and the given tags,
    /// each stored after the tag table in order.
    static func iccProfile(_ tags: [(String, [UInt8])], version: UInt8 = 4) -> [UInt8] {
        var body: [UInt8] = []
        var table = uint32(tags.count)
        let start = 128 + 4 + 12 * tags.count
        for (signature, data) in tags {
            table += Array(signature.utf8) + uint32(start + body.count) + uint32(data.count)
            body += data + [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
        }
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(0..<4, with: uint32(128 + table.count + body.count))
        header[8] = version
        header.replaceSubrange(12..<16, with: Array("scnr".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return header + table + body
    }

    /// v4's multiLocalizedUnicodeType: one record per (language+country, text), in UTF-16BE.
    static func mluc(_ records: [(String, String)]) -> [UInt8] {
        var texts: [UInt8] = []
        var table: [UInt8] = Array("mluc".utf8) + [0, 0, 0, 0] + uint32(records.count) + uint32(12)
        let start = 16 + 12 * records.count
        for (locale, text) in records {
            let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            table += Array(locale.utf8) + uint32(utf16.count) + uint32(start + texts.count)
            texts += utf16
        }
        return table + texts
    }

    /// v2's textDescriptionType: the ASCII text with its NUL, and empty Unicode and ScriptCode parts.
    static func desc(_ text: String) -> [UInt8] {
        Array("desc".utf8) + [0, 0, 0, 0] + uint32(text.utf8.count + 1) + Array(text.utf8) + [0] + [UInt8](repeating: 0, count: 8 + 3 + 67)
    }

    /// textType: ASCII with its NUL.
    static func text(_ text: String) -> [UInt8] {
        Array("text".utf8) + [0, 0, 0, 0] + Array(text.utf8) + [0]
    }

    /// A JPEG holding `profile` in one APP2 segment.
    static func jpeg(iccProfile profile: [UInt8]) -> [UInt8] {
        jpeg([(0xE2, JPEGSignature.icc + [1, 1] + profile)])
    }
}
