import Crypto
import Foundation
import Testing

/// exiftool, the reference reader the EXIF plugin is compared with, and ImageMagick's decoder
/// for comparing pixels.
package enum ExifTool {
    /// Fixtures/exif, made by its `make-photos`.
    package static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/exif").path

    package static let photos = ["gps.jpg", "south-west.jpg", "cmyk-trailer.jpg", "progressive.jpg", "clean.jpg",
                         "tagged.png", "clean.png", "tagged.webp", "clean.webp",
                         "text-codes.jpg", "xmp-only.png", "raw-profiles.png", "multi-segment.jpg"]

    /// exiftool's reading of a file: `-j -n -G` (numbers unconverted, keys `Group:Tag`).
    package static func tags(of path: String) async throws -> [String: Any] {
        let exiftool = try #require(ExternalProgram.find("exiftool"), "exiftool is needed (scripts/setup --test installs it)")
        let result = try await ExternalProgram.run(exiftool, ["-j", "-n", "-G", "-a", path], environment: ["PATH": "/usr/bin:/bin"])
        try #require(result.status == 0, "\(result)")
        return try #require(try JSONValue.array(result.stdoutData).first)
    }

    /// The SHA-256 of the decoded pixels (ImageMagick, 8-bit RGBA or CMYK as stored, no colour
    /// management, no rotation).
    package static func pixelDigest(of path: String) async throws -> String {
        let convert = try #require(ExternalProgram.find("convert"), "ImageMagick is needed (scripts/setup --test installs it)")
        let result = try await ExternalProgram.run(convert, [path, "-depth", "8", "rgba:-"], environment: ["PATH": "/usr/bin:/bin"])
        try #require(result.status == 0 && !result.stdoutData.isEmpty, "ImageMagick could not decode \(path): \(result)")
        return Data(SHA256.hash(data: result.stdoutData)).map { String(format: "%02x", $0) }.joined()
    }
}
