import SeededRandom
import Foundation
import Testing
@testable import PhotoMetadata

/// Malformed and hostile input: every read ends, with problems noted, and nothing traps.
@Suite("Hostile photo input")
struct HostileInputTests {
    /// A big-endian TIFF block with one IFD0 of the given entries and next-IFD pointer.
    static func tiff(entries: [[UInt8]], next: UInt32 = 0) -> [UInt8] {
        var block: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, UInt8(entries.count)]
        for entry in entries { block += entry }
        block += [UInt8(next >> 24), UInt8(next >> 16 & 0xFF), UInt8(next >> 8 & 0xFF), UInt8(next & 0xFF)]
        return block
    }

    @Test("an IFD chain that points back to itself is read once, with the loop noted")
    func loop() throws {
        let block = Self.tiff(entries: [[0x01, 0x0F, 0, 2, 0, 0, 0, 2, 0x41, 0, 0, 0]], next: 8)
        let tiff = try #require(TIFFStructure(block))
        #expect(tiff.ifds.count == 1)
        #expect(tiff.problems.contains { $0.contains("loop") })
    }

    @Test("a sub-IFD pointing at its parent is a loop, not a recursion")
    func subLoop() throws {
        let block = Self.tiff(entries: [[0x87, 0x69, 0, 4, 0, 0, 0, 1, 0, 0, 0, 8]])
        let tiff = try #require(TIFFStructure(block))
        #expect(tiff.ifds.map(\.kind) == [.ifd0])
        #expect(tiff.problems.contains { $0.contains("loop") })
    }

    @Test("offsets and counts out of bounds give empty values, not a crash")
    func outOfBounds() throws {
        let block = Self.tiff(entries: [
            [0x01, 0x0F, 0, 2, 0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0, 8],   // 2 GB of ASCII
            [0x01, 0x10, 0, 5, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 8],   // count overflowing the size
            [0x01, 0x31, 0, 2, 0, 0, 0, 10, 0xFF, 0xFF, 0xFF, 0xF0], // offset past the end
            [0x02, 0x01, 0, 4, 0, 0, 0, 1, 0, 0, 0, 8], [0x02, 0x02, 0, 4, 0, 0, 0, 1, 0x7F, 0, 0, 0],  // thumbnail too long
        ], next: 0xFFFF_FF00)
        let tiff = try #require(TIFFStructure(block))
        #expect(tiff.ifds.first?.entries.count == 5)
        #expect(tiff.thumbnail == nil)
        #expect(!tiff.problems.isEmpty)
    }

    @Test("an IFD claiming thousands of entries is refused")
    func manyEntries() throws {
        var block: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 0xFF, 0xFF]
        block += [UInt8](repeating: 0, count: 64)
        let tiff = try #require(TIFFStructure(block))
        #expect(tiff.ifds.isEmpty && tiff.problems.contains { $0.contains("65535 entries") })
    }

    @Test("inputs the fuzzer found (Fuzz/seeds/photo/crash-*) are read, and stripped clean or refused, without trapping")
    func fuzzerFindings() throws {
        let seeds = Fixture.folder + "/../../Fuzz/seeds/photo"
        let crashes = try FileManager.default.contentsOfDirectory(atPath: seeds).filter { $0.hasPrefix("crash-") }
        #expect(crashes.count >= 6)
        for name in crashes {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: seeds + "/" + name)))
            // The stripper reads its own result back and refuses what would keep metadata; a PNG
            // or WebP the reader finds sound must not be refused (a JPEG may be: see the glued scan).
            let sound = (try? PhotoReader.read(bytes)).map { $0.format != .jpeg && $0.problems.isEmpty } ?? false
            for keep in KeepPolicy.allCases {
                guard let stripped = try? PhotoStripper.strip(bytes, keep: keep) else {
                    #expect(!sound, "\(name), keep \(keep): refused though it reads without a problem")
                    continue
                }
                #expect(try PhotoStripper.strip(stripped.output, keep: keep).output == stripped.output, "\(name), keep \(keep)")
            }
        }
        // The glued scan: once its JFIF segment is gone, restart markers that stood between
        // segments join the scan before them, and the Exif block that followed is read again.
        let glued = Array(try Data(contentsOf: URL(fileURLWithPath: seeds + "/crash-glued-scan.jpg")))
        #expect(throws: PhotoError.self) { try PhotoStripper.strip(glued, keep: .none) }
    }

    @Test("every truncation of every fixture reads without trapping; stripping a cut file is refused", arguments: Fixture.all)
    func truncations(name: String) throws {
        let whole = try Fixture.bytes(name)
        // A cut inside a JPEG's trailer leaves a whole image: that one may be stripped.
        let imageEnd = JPEGFile(whole)?.endOfImage?.upperBound ?? whole.count
        for length in stride(from: 0, to: whole.count, by: max(1, whole.count / 300)) {
            let cut = Array(whole.prefix(length))
            _ = try? PhotoReader.read(cut)
            if length < imageEnd, (try? PhotoStripper.strip(cut)) != nil {
                Issue.record("\(name) cut at \(length) was stripped")
            }
        }
    }

    @Test("random byte changes in every fixture never trap the reader or the stripper", arguments: Fixture.all)
    func mutations(name: String) throws {
        var generator = SeededRandom(seed: 0x5EED_0000 &+ UInt64(name.utf8.count))
        let whole = try Fixture.bytes(name)
        for _ in 0..<300 {
            var bytes = whole
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? PhotoReader.read(bytes)
            _ = try? PhotoStripper.strip(bytes)
        }
    }
}
