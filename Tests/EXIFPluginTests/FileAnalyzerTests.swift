import Foundation
import Testing
import VaultCLI
import VaultCore
import VaultSystem
@testable import EXIF

@Suite("The photo FileAnalyzer capability")
struct FileAnalyzerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/exif").path

    @Test("the plugin offers it, and it knows the three formats by their first bytes")
    func offered() throws {
        let analyzer = try #require(EXIFPlugin().capabilities.first as? any FileAnalyzer)
        for name in ["gps.jpg", "tagged.png", "tagged.webp"] {
            let header = Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name)).prefix(16))
            #expect(analyzer.recognizes(header: header), "\(name)")
        }
        #expect(!analyzer.recognizes(header: Array("GIF89a".utf8)))
        #expect(!analyzer.recognizes(header: Array("RIFF\0\0\0\0WAVE".utf8)))
    }

    @Test("a warning per privacy category found; none for a clean photo")
    func findings() throws {
        let analyzer = PhotoFileAnalyzer()
        let findings = try analyzer.analyze(fileAt: Self.fixtures + "/gps.jpg")
        #expect(findings.map { $0.details["category"] } == ["location", "device", "people", "time", "thumbnail", "text"])
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(findings.first?.details["fields"]?.contains("GPSLatitude") == true)
        #expect(try analyzer.analyze(fileAt: Self.fixtures + "/clean.jpg").isEmpty)
        #expect(throws: (any Error).self) { try analyzer.analyze(fileAt: Self.fixtures + "/make-photos") }
    }
}
