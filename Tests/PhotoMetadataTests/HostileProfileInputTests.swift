import SeededRandom
import Testing
@testable import PhotoMetadata

/// Malformed raw profiles, ICC tag tables, character codes and Exif continuations: each is
/// read as far as it goes, noted or left out, and nothing traps or runs away.
@Suite("Hostile profiles and continuations")
struct HostileProfileInputTests {
    static let malformedRawProfiles: [(String, String)] = [
        ("\nexif\n      4\n0a0b0c0", "has an odd number of hex digits"),
        ("\nexif\n      4\n0a0b0c0g", "holds a character that is not a hex digit"),
        ("exif\n 4\n00", "has no type and length lines"),
        ("\nexif\n 4", "has no type and length lines"),
        ("\nexif\nfour\n00", "has no decimal length"),
        ("", "has no type and length lines"),
    ]

    @Test("a raw profile that is not one is listed as unreadable, with the reason noted", arguments: malformedRawProfiles)
    func malformedRawProfile(text: String, reason: String) throws {
        let report = try PhotoReader.read(Fixture.png(inserting: [Fixture.textChunk("Raw profile type exif", text)]))
        #expect(report.problems == ["the Raw profile type exif text \(reason)"])
        #expect(report.items.contains { $0.name == "Raw profile type exif" && $0.category == .identifier })
        #expect(report.hasPrivateMetadata)
    }

    @Test("a raw profile's wrong or absurd declared length is noted; hex that is no TIFF is unreadable")
    func wrongLengths() throws {
        let absurd = "\nexif\n 99999999999999999999999999\n" + String(repeating: "00", count: 16)
        let report = try PhotoReader.read(Fixture.png(inserting: [Fixture.textChunk("Raw profile type exif", absurd)]))
        #expect(report.problems == ["the Raw profile type exif text says 99999999999999999999 bytes but holds 16",
                                    "the Raw profile type exif text does not hold a TIFF structure"])
        #expect(report.hasPrivateMetadata)
        let unknown = try PhotoReader.read(Fixture.png(inserting: [Fixture.textChunk("Raw profile type fancy", Fixture.rawProfileText("fancy", [1, 2, 3]))]))
        #expect(unknown.items.contains { $0.value == "(3 bytes of encoded profile)" && $0.category == .identifier })
    }

    @Test("ICC tag tables that are cut short, claim huge counts or point outside give what lies inside, and say so")
    func iccTables() throws {
        let profile = ICCProfileTests.scannerProfile
        #expect(ICCProfile.read(profile, group: "ICC_Profile").problem == nil)
        for length in stride(from: 0, to: profile.count, by: 7) {
            #expect(ICCProfile.read(Array(profile.prefix(length)), group: "ICC_Profile").problem != nil, "\(length) bytes")
        }
        var huge = profile
        huge.replaceSubrange(128..<132, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let hugeRead = ICCProfile.read(huge, group: "ICC_Profile")
        #expect(hugeRead.items.isEmpty && hugeRead.problem == "the ICC profile's tag table claims 4294967295 entries and is not read")
        var outside = profile
        outside.replaceSubrange(136..<140, with: [0x7F, 0xFF, 0xFF, 0xF0])  // desc's offset
        let outsideRead = ICCProfile.read(outside, group: "ICC_Profile")
        #expect(outsideRead.items.isEmpty, "the first entry outside ends the table")
        #expect(outsideRead.problem?.hasPrefix("the ICC profile's tag 1 of ") == true)
        var declaredShort = profile
        declaredShort.replaceSubrange(0..<4, with: Fixture.uint32(140))
        #expect(ICCProfile.read(declaredShort, group: "ICC_Profile").items.isEmpty)
        let report = try PhotoReader.read(Fixture.jpeg(iccProfile: outside))
        #expect(report.problems.contains { $0.hasPrefix("the ICC profile's tag 1 of ") })
    }

    @Test("a damaged ICC profile is not kept by a strip: the file is refused, and --keep none strips it")
    func damagedProfileStrip() throws {
        var outside = ICCProfileTests.scannerProfile
        outside.replaceSubrange(136..<140, with: [0x7F, 0xFF, 0xFF, 0xF0])
        let jpeg = Fixture.jpeg(iccProfile: outside)
        #expect(throws: PhotoError.damaged("the ICC profile's tag 1 of 4 lies outside the profile, and the rest is not read; --keep none leaves the profile out")) {
            try PhotoStripper.strip(jpeg)
        }
        let stripped = try PhotoStripper.strip(jpeg, keep: .none)
        #expect(try PhotoReader.read(stripped.output).problems.isEmpty)
        #expect(stripped.removed.contains { $0.hasPrefix("ICC profile") })
    }

    @Test("an iCCP chunk whose profile does not inflate is a problem, and a strip that would keep it refuses the file")
    func uninflatableProfile() throws {
        let png = try Fixture.png(inserting: [("iCCP", Array("icc".utf8) + [0, 0] + [0x78, 0x9C, 0xFF, 0xFF, 0xFF])])
        let problem = "the ICC profile in the iCCP chunk does not inflate (up to 16 MiB)"
        #expect(try PhotoReader.read(png).problems.contains(problem))
        #expect(throws: PhotoError.damaged(problem + "; --keep none leaves the profile out")) { try PhotoStripper.strip(png) }
        #expect(try PhotoReader.read(PhotoStripper.strip(png, keep: .none).output).problems.isEmpty)
    }

    static let hostileTextTags: [[UInt8]] = {
        let (desc, mluc) = (Array("desc".utf8) + [0, 0, 0, 0], Array("mluc".utf8) + [0, 0, 0, 0])
        let hugeLength: [UInt8] = Fixture.uint32(0x7FFF_FFFF) + Fixture.uint32(12) + Array("enUS".utf8) + Fixture.uint32(0xFFFF_FFF0) + Fixture.uint32(28)
        return [
            desc + [0xFF, 0xFF, 0xFF, 0xFF, 0x41],
            mluc + hugeLength,
            mluc + Fixture.uint32(3) + Fixture.uint32(0xFFFF_FFFF),
            mluc + Fixture.uint32(1) + Fixture.uint32(4),
            Array("XYZ ".utf8) + [0, 0, 0, 0, 0, 1, 0, 0],
            Array("text".utf8),
        ]
    }()

    @Test("ICC text tags with huge counts, record sizes and offsets are left out and noted", arguments: hostileTextTags)
    func iccTags(tag: [UInt8]) throws {
        let report = try PhotoReader.read(Fixture.jpeg(iccProfile: Fixture.iccProfile([("desc", tag)])))
        #expect(!report.items.contains { $0.name == "ProfileDescription" })
        #expect(report.problems.contains { $0.hasPrefix("the ICC profile's") })
    }

    @Test("a mluc tag claiming billions of records is read in bounded time")
    func manyRecords() {
        var records = Array("mluc".utf8) + [0, 0, 0, 0] + Fixture.uint32(0xFFFF_FFFF) + Fixture.uint32(12)
        for _ in 0..<5_000 { records += Array("deDE".utf8) + Fixture.uint32(0) + Fixture.uint32(0) }
        let (items, problem) = ICCProfile.read(Fixture.iccProfile([("desc", records)]), group: "ICC_Profile")
        #expect(items.isEmpty && problem == nil, "empty texts are left out")
    }

    @Test("thousands of Exif continuation segments join one block without trouble")
    func manyContinuations() throws {
        let tiff = HostileInputTests.tiff(entries: [[0x01, 0x0F, 0, 2, 0, 0, 0, 4, 0x41, 0x42, 0x43, 0]])
        let continuation: (UInt8, [UInt8]) = (0xE1, JPEGSignature.exif + [UInt8](repeating: 0x20, count: 60_000))
        let segments: [(UInt8, [UInt8])] = [(0xE1, JPEGSignature.exif + tiff)] + Array(repeating: continuation, count: 200)
        let jpeg = Fixture.jpeg(segments)
        let report = try PhotoReader.read(jpeg)
        #expect(report.items.first { $0.name == "Make" }?.value == "ABC")
        let stripped = try PhotoStripper.strip(jpeg)
        #expect(stripped.removed.count == 201)
    }

    @Test("character-coded text of any length and content decodes without trapping")
    func characterCodes() {
        var generator = SeededRandom(seed: 0xC0DE)
        for length in 0..<64 {
            for prefix in ["UNICODE\0", "ASCII\0\0\0", "JIS\0\0\0\0\0", "\0\0\0\0\0\0\0\0", ""] {
                let bytes = Array(prefix.utf8) + (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                _ = CharacterCodedText.decode(bytes, order: .bigEndian)
                _ = CharacterCodedText.decode(bytes, order: .littleEndian)
            }
        }
    }
}
