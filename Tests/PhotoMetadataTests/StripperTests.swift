import Testing
@testable import PhotoMetadata

@Suite("Stripping photo metadata")
struct StripperTests {
    @Test("a stripped file has nothing privacy-relevant left, keeps its orientation, and strips to itself again", arguments: Fixture.all)
    func stripped(name: String) throws {
        let original = try Fixture.bytes(name)
        let before = try PhotoReader.read(original)
        let result = try PhotoStripper.strip(original)
        let after = try PhotoReader.read(result.output)
        #expect(!after.hasPrivateMetadata, "\(after.items)")
        #expect(after.orientation == (before.orientation == 1 ? nil : before.orientation))
        #expect(after.problems.isEmpty, "\(after.problems)")
        let again = try PhotoStripper.strip(result.output)
        #expect(again.output == result.output, "stripping is idempotent")
        #expect(again.removed.isEmpty)
    }

    @Test("--keep none leaves no ICC profile, colour chunk or orientation")
    func keepNone() throws {
        for name in ["gps.jpg", "tagged.png", "tagged.webp", "cmyk-trailer.jpg"] {
            let result = try PhotoStripper.strip(try Fixture.bytes(name), keep: .none)
            let after = try PhotoReader.read(result.output)
            let appearance = ["ICC_Profile", "ProfileChunk", "ColorTransform", "JFIFVersion", "Orientation", "gAMA", "cHRM", "sRGB", "iCCP"]
            #expect(!after.items.contains { appearance.contains($0.name) }, "\(name): \(after.items)")
            #expect(after.orientation == nil)
            #expect(result.kept.isEmpty)
        }
    }

    @Test("the JPEG scans, the PNG image data and the WebP bitstream are copied byte for byte", arguments: Fixture.all)
    func imageDataUntouched(name: String) throws {
        let original = try Fixture.bytes(name)
        let stripped = try PhotoStripper.strip(original).output
        #expect(Self.imageData(original) == Self.imageData(stripped))
        #expect(!Self.imageData(original).isEmpty)
    }

    /// What carries the pixels: JPEG parts other than APPn and COM, up to EOI; PNG's IDAT chunks;
    /// WebP's VP8/VP8L/ALPH/ANMF chunks.
    static func imageData(_ bytes: [UInt8]) -> [[UInt8]] {
        if let jpeg = JPEGFile(bytes) {
            return jpeg.parts.compactMap { part in
                switch part {
                case .segment(let marker, let whole, _): marker == 0xFE || (0xE0...0xEF).contains(marker) ? nil : Array(bytes[whole])
                case .scanData(let range), .standalone(_, let range): Array(bytes[range])
                }
            }
        }
        if let png = PNGFile(bytes) { return png.chunks.filter { $0.type == "IDAT" }.map { Array(bytes[$0.whole]) } }
        if let webp = WebPFile(bytes) { return webp.chunks.filter { ["VP8 ", "VP8L", "ALPH", "ANMF"].contains($0.type) }.map { Array(bytes[$0.whole]) } }
        return []
    }
}
