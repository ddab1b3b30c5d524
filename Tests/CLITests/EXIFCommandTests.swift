import CLITestSupport
import Foundation
import Testing

/// `vault exif` run as a real process on the photos of Fixtures/exif, compared with exiftool.
@Suite("vault exif: reading")
struct EXIFReadTests {
    /// The fields compared with exiftool: its `Group:Tag` key, and where vault has the value.
    static let compared: [(exiftool: String, vault: String)] = [
        ("EXIF:Make", "Make"), ("EXIF:Model", "Model"), ("EXIF:SerialNumber", "SerialNumber"),
        ("EXIF:LensSerialNumber", "LensSerialNumber"), ("EXIF:DateTimeOriginal", "DateTimeOriginal"),
        ("EXIF:CreateDate", "CreateDate"), ("EXIF:Software", "Software"), ("EXIF:Artist", "Artist"),
    ]

    @Test("GPS, make, model, serials, dates and orientation agree with exiftool on every fixture", arguments: ExifTool.photos)
    func agreesWithExiftool(photo: String) async throws {
        let path = ExifTool.fixtures + "/" + photo
        let reference = try await ExifTool.tags(of: path)
        let result = try await VaultFixture().run(["exif", "--all", "--json", path])
        let report = try JSONValue.object(result.stdoutData)
        let items = report["items"] as? [[String: Any]] ?? []
        func vaultValue(_ name: String) -> String? {
            items.first { $0["name"] as? String == name && ($0["group"] as? String)?.hasPrefix("Thumbnail") != true
                && (($0["group"] as? String)?.uppercased().contains("EXIF") == true) }?["value"] as? String
        }
        for (exiftoolKey, name) in Self.compared {
            let expected = reference[exiftoolKey].map { "\($0)" }
            #expect(vaultValue(name) == expected, "\(photo) \(name)")
        }
        let gps = report["gps"] as? [String: Any]
        // exiftool composes a signed position from Exif's references; XMP's is signed already.
        for (key, member) in [("GPSLatitude", "latitude"), ("GPSLongitude", "longitude"), ("GPSAltitude", "altitude")] {
            let expected = (reference["Composite:" + key] ?? reference["XMP:" + key]) as? Double
            let actual = gps?[member] as? Double
            #expect((expected == nil) == (actual == nil), "\(photo) \(member): exiftool \(String(describing: expected)), vault \(String(describing: actual))")
            if let expected, let actual { #expect(abs(expected - actual) < 1e-6, "\(photo) \(member)") }
        }
        let orientation = reference["EXIF:Orientation"] as? Int ?? reference["XMP:Orientation"] as? Int
        #expect(report["orientation"] as? Int == orientation, "\(photo) orientation")
        let privateExpected = photo.hasPrefix("clean") ? 0 : 10
        #expect(result.status == Int32(privateExpected), "\(result)")
    }

    @Test("the text report puts the position, with a map link, before the device and the people")
    func text() async throws {
        let result = try await VaultFixture().run(["exif", ExifTool.fixtures + "/gps.jpg"])
        #expect(result.status == 10)
        let lines = result.stdoutLines
        #expect(lines.first?.hasSuffix("gps.jpg: JPEG, privacy-relevant metadata found") == true)
        #expect(lines.dropFirst().first == "  location   taken at 48.85837, 2.294481, altitude 35.5 m, GPS time 2024:05:01 08:00:00Z")
        #expect(lines.contains("             map: https://www.openstreetmap.org/?mlat=48.85837&mlon=2.294481#map=16/48.85837/2.294481"))
        let device = try #require(lines.firstIndex { $0.hasPrefix("  device     Make ") })
        let people = try #require(lines.firstIndex { $0.hasPrefix("  people     Artist ") })
        let location = try #require(lines.firstIndex { $0.hasPrefix("  location   GPSLatitude ") })
        #expect(location < device && device < people)
        #expect(lines.contains { $0.contains("ThumbnailImage") && $0.contains("thumbnail") })
        #expect(lines.contains { $0.contains("Thumbnail Camera") && $0.contains("[Thumbnail EXIF IFD0]") })
    }

    @Test("a clean photo exits 0; a file that is no photo, or is missing, is a one-line error with 1")
    func statuses() async throws {
        let fixture = try VaultFixture()
        #expect(try await fixture.run(["exif", ExifTool.fixtures + "/clean.jpg"]).status == 0)
        let notPhoto = try VaultFixture.writeFile(fixture.path("notes.jpg"), "just words\n")
        expectFailure(try await fixture.run(["exif", notPhoto]), status: 1, mentioning: "notes.jpg: not a JPEG, PNG or WebP image")
        let missing = try await fixture.run(["exif", fixture.path("missing.jpg")])
        #expect(missing.status == 1 && missing.stderrLines.count == 1, "\(missing)")
        let both = try await fixture.run(["exif", ExifTool.fixtures + "/gps.jpg", notPhoto])
        #expect(both.status == 1 && both.stdout.contains("gps.jpg"), "the photo is still reported: \(both)")
    }

    @Test("usage errors", arguments: [
        (["exif"], "give at least one photo"),
        (["exif", "--strip", "a.jpg"], "--strip needs one of --output DIR or --in-place"),
        (["exif", "--strip", "--in-place", "--output", "x", "a.jpg"], "--strip needs one of"),
        (["exif", "--output", "x", "a.jpg"], "only go with --strip"),
        (["exif", "--keep", "none", "a.jpg"], "only go with --strip"),
    ])
    func usage(arguments: [String], message: String) async throws {
        expectUsageError(try await VaultFixture().run(arguments), mentioning: message)
    }
}

@Suite("vault exif: stripping")
struct EXIFStripTests {
    /// Tags that may remain: what exiftool says of the file itself and of the pixels' encoding,
    /// and what the stripper keeps on purpose.
    static func remaining(_ tags: [String: Any]) -> [String] {
        let structural = ["File:", "ExifTool:", "Composite:", "JFIF:", "ICC_Profile:", "ICC-", "APP14:", "PNG:ImageWidth",
                          "PNG:ImageHeight", "PNG:BitDepth", "PNG:ColorType", "PNG:Compression", "PNG:Filter", "PNG:Interlace",
                          "PNG:Gamma", "PNG:White", "PNG:Red", "PNG:Green", "PNG:Blue", "PNG:Palette", "PNG:Background",
                          "PNG:ProfileName", "PNG:PixelsPerUnit", "PNG:PixelUnits", "RIFF:", "EXIF:Orientation",
                          "EXIF:ExifByteOrder", "SourceFile"]
        return tags.keys.filter { key in !structural.contains { key.hasPrefix($0) } }.sorted()
    }

    @Test("every fixture strips to a file exiftool finds clean, with the same pixels and orientation", arguments: ExifTool.photos)
    func strip(photo: String) async throws {
        let fixture = try VaultFixture()
        let source = ExifTool.fixtures + "/" + photo
        let before = Data(try Data(contentsOf: URL(fileURLWithPath: source)))
        let result = try await fixture.run(["exif", "--strip", "--output", fixture.path("clean"), source])
        #expect(result.status == 0, "\(result)")
        let output = fixture.path("clean/" + photo)
        let tags = try await ExifTool.tags(of: output)
        #expect(Self.remaining(tags) == [], "\(photo): exiftool still finds \(Self.remaining(tags))")
        let original = try await ExifTool.tags(of: source)
        #expect(tags["EXIF:Orientation"] as? Int == (original["EXIF:Orientation"] ?? original["XMP:Orientation"]) as? Int
                    ?? nil, "\(photo) orientation")
        #expect(try await ExifTool.pixelDigest(of: output) == ExifTool.pixelDigest(of: source), "\(photo) pixels")
        #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == before, "the original is untouched")
        #expect((original["ICC_Profile:ProfileDescription"] != nil) == (tags["ICC_Profile:ProfileDescription"] != nil), "\(photo) ICC")
    }

    @Test("--in-place replaces the file, keeping its permissions; --keep none drops the ICC profile and orientation")
    func inPlace() async throws {
        let fixture = try VaultFixture()
        let copy = fixture.path("photo.jpg")
        try FileManager.default.copyItem(atPath: ExifTool.fixtures + "/gps.jpg", toPath: copy)
        chmod(copy, 0o640)
        let result = try await fixture.run(["exif", "--strip", "--in-place", "--keep", "none", copy])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("photo.jpg stripped in place: removed JFIF (18 bytes), EXIF ("), "\(result)")
        let tags = try await ExifTool.tags(of: copy)
        #expect(tags["EXIF:Orientation"] == nil && tags["ICC_Profile:ProfileDescription"] == nil && tags["EXIF:Make"] == nil)
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try await fixture.run(["exif", copy]).status == 0)
    }

    @Test("--in-place on a symbolic link strips the photo it points to and leaves the link")
    func symbolicLink() async throws {
        let fixture = try VaultFixture()
        let photo = fixture.path("real.jpg"), link = fixture.path("link.jpg")
        try FileManager.default.copyItem(atPath: ExifTool.fixtures + "/gps.jpg", toPath: photo)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: photo)
        let result = try await fixture.run(["exif", "--strip", "--in-place", link])
        #expect(result.status == 0, "\(result)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == photo)
        #expect(try await fixture.run(["exif", photo]).status == 0, "the photo itself is clean")
    }

    @Test("a missing photo is named as a file, not as a vault")
    func missingFile() async throws {
        let fixture = try VaultFixture()
        expectFailure(try await fixture.run(["exif", fixture.path("gone.jpg")]), status: 1, mentioning: "gone.jpg: no such file")
    }

    @Test("an existing output is not overwritten, a damaged photo is not stripped, and the others still are")
    func failures() async throws {
        let fixture = try VaultFixture()
        let folder = fixture.path("out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        _ = try VaultFixture.writeFile(folder + "/gps.jpg", "precious\n")
        let whole = try Data(contentsOf: URL(fileURLWithPath: ExifTool.fixtures + "/tagged.png"))
        let damaged = fixture.path("cut.png")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: damaged))
        let result = try await fixture.run(["exif", "--strip", "--output", folder, ExifTool.fixtures + "/gps.jpg", damaged,
                                            ExifTool.fixtures + "/tagged.webp"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.count == 2, "\(result)")
        #expect(result.stderr.contains("gps.jpg: ") && result.stderr.contains("cut.png: the image is damaged"))
        #expect(try String(contentsOfFile: folder + "/gps.jpg", encoding: .utf8) == "precious\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/cut.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/tagged.webp"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["gps.jpg", "tagged.webp"], "no temporary file is left behind")
    }

    @Test("--json gives one object per file with what was removed and kept")
    func json() async throws {
        let fixture = try VaultFixture()
        let result = try await fixture.run(["exif", "--strip", "--output", fixture.path("o") + "/", "--json", ExifTool.fixtures + "/gps.jpg"])
        let object = try JSONValue.object(result.stdoutData)
        #expect((object["removed"] as? [String])?.contains { $0.hasPrefix("EXIF (") } == true)
        #expect(object["kept"] as? [String] == ["JFIF", "Orientation 6", "ICC profile"])
        #expect(object["output"] as? String == fixture.path("o") + "/gps.jpg")
    }
}
