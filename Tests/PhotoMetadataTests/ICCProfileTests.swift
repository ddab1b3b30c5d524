import Testing
@testable import PhotoMetadata

/// The names in an ICC profile: description, device manufacturer and model, copyright.
@Suite("ICC profile names")
struct ICCProfileTests {
    /// A v4 scanner profile naming its device, in mluc records (German first) and a text copyright.
    static let scannerProfile = Fixture.iccProfile([
        ("desc", Fixture.mluc([("deDE", "Scanner-Profil"), ("enUS", "Vaultscan 3000 profile")])),
        ("dmnd", Fixture.mluc([("enUS", "Vault Devices Ltd")])), ("dmdd", Fixture.mluc([("enUS", "Vaultscan 3000 SN 4242")])),
        ("cprt", Fixture.text("Copyright Ada Lovelace")),
    ])

    private static func names(_ report: PhotoReport) -> [String: String] {
        Dictionary(report.items.filter { $0.group == "ICC_Profile" && $0.category == .profile }.map { ($0.name, $0.value) },
                   uniquingKeysWith: { first, _ in first })
    }

    @Test("a v2 profile's desc tags in a JPEG, a PNG iCCP and a WebP ICCP", arguments: ["gps.jpg", "tagged.png", "tagged.webp"])
    func version2(name: String) throws {
        let report = try PhotoReader.read(Fixture.bytes(name))
        #expect(Self.names(report) == ["DeviceMfgDesc": "lcms generated ", "ProfileDescription": "sRGB", "DeviceModelDesc": "sRGB",
                                       "ProfileCopyright": "no copyright, use freely"])
    }

    @Test("a v4 profile's mluc records (US English chosen) and text copyright; a raw icc profile in a PNG")
    func version4() throws {
        let expected = ["ProfileDescription": "Vaultscan 3000 profile", "DeviceMfgDesc": "Vault Devices Ltd",
                        "DeviceModelDesc": "Vaultscan 3000 SN 4242", "ProfileCopyright": "Copyright Ada Lovelace"]
        #expect(Self.names(try PhotoReader.read(Fixture.jpeg(iccProfile: Self.scannerProfile))) == expected)
        let png = try Fixture.png(inserting: [Fixture.textChunk("Raw profile type icc", Fixture.rawProfileText("icc", Self.scannerProfile))])
        #expect(Self.names(try PhotoReader.read(png)) == expected)
    }

    @Test("a profile split over several APP2 segments, stored out of order, is put together")
    func chunks() throws {
        let profile = Self.scannerProfile
        let half = profile.count / 2
        let jpeg = Fixture.jpeg([(0xE2, JPEGSignature.icc + [2, 2] + profile[half...]), (0xE2, JPEGSignature.icc + [1, 2] + profile[..<half])])
        #expect(Self.names(try PhotoReader.read(jpeg))["DeviceModelDesc"] == "Vaultscan 3000 SN 4242")
    }

    @Test("the names are listed but not privacy-relevant, and a stripped file keeps them with the profile")
    func category() throws {
        let jpeg = Fixture.jpeg(iccProfile: Self.scannerProfile)
        let report = try PhotoReader.read(jpeg)
        #expect(!report.hasPrivateMetadata && !PrivacyCategory.profile.isPrivate)
        let stripped = try PhotoStripper.strip(jpeg)
        #expect(stripped.kept == ["ICC profile"])
        #expect(Self.names(try PhotoReader.read(stripped.output)).count == 4)
        #expect(Self.names(try PhotoReader.read(try PhotoStripper.strip(jpeg, keep: .none).output)).isEmpty)
    }

    @Test("the same values as exiftool's", .enabled(if: ExifToolReference.available))
    func asExiftool() throws {
        let reference = try ExifToolReference.tags(of: Fixture.jpeg(iccProfile: Self.scannerProfile), extension: "jpg")
        let report = try PhotoReader.read(Fixture.jpeg(iccProfile: Self.scannerProfile))
        #expect(Self.names(report).count == 4)
        for (name, value) in Self.names(report) {
            #expect(value == ExifToolReference.text(reference["ICC_Profile:\(name)"]), "\(name)")
        }
        let fixture = try ExifToolReference.tags(atPath: Fixture.folder + "/gps.jpg")
        let names = Self.names(try PhotoReader.read(Fixture.bytes("gps.jpg")))
        #expect(names.count == 4)
        for (name, value) in names {
            #expect(value == ExifToolReference.text(fixture["ICC_Profile:\(name)"]), "\(name)")
        }
    }
}
