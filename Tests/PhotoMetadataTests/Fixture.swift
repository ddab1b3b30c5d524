import Foundation

/// The photos of Fixtures/exif, made by its `make-photos`.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/exif").path

    static let all = ["gps.jpg", "south-west.jpg", "cmyk-trailer.jpg", "progressive.jpg", "clean.jpg",
                      "tagged.png", "clean.png", "tagged.webp", "clean.webp"]

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }
}
