/// Names and privacy categories of the Exif and TIFF tags (CIPA DC-008 Exif 2.32, TIFF 6.0, and
/// the names exiftool uses), by directory. Tags not listed are shown by number with `--all`.
enum ExifTags {
    struct Tag {
        let name: String
        let category: PrivacyCategory
    }

    static func tag(_ id: UInt16, in kind: IFDKind) -> Tag? {
        switch kind {
        case .gps: gps[id]
        case .interop: interop[id]
        case .ifd0, .ifd1, .exif: main[id]
        }
    }

    /// The category of the field of this name in any directory (for XMP's copies of Exif
    /// fields); nil for a name no directory has.
    static func category(named name: String) -> PrivacyCategory? {
        byName[name]
    }

    private static let byName: [String: PrivacyCategory] = Dictionary(
        [main, gps, interop].flatMap(\.values).map { ($0.name, $0.category) }, uniquingKeysWith: { first, _ in first })

    private static func t(_ name: String, _ category: PrivacyCategory) -> Tag { Tag(name: name, category: category) }

    private static let main: [UInt16: Tag] = [
        0x00FE: t("SubfileType", .image), 0x0100: t("ImageWidth", .image), 0x0101: t("ImageHeight", .image),
        0x0102: t("BitsPerSample", .image), 0x0103: t("Compression", .image),
        0x0106: t("PhotometricInterpretation", .image), 0x010D: t("DocumentName", .text),
        0x010E: t("ImageDescription", .text), 0x010F: t("Make", .device), 0x0110: t("Model", .device),
        0x0111: t("StripOffsets", .image), 0x0112: t("Orientation", .image), 0x0115: t("SamplesPerPixel", .image),
        0x0116: t("RowsPerStrip", .image), 0x0117: t("StripByteCounts", .image), 0x011A: t("XResolution", .image),
        0x011B: t("YResolution", .image), 0x011C: t("PlanarConfiguration", .image), 0x0128: t("ResolutionUnit", .image),
        0x012D: t("TransferFunction", .image), 0x0131: t("Software", .device), 0x0132: t("ModifyDate", .time),
        0x013B: t("Artist", .people), 0x013C: t("HostComputer", .device), 0x013E: t("WhitePoint", .image),
        0x013F: t("PrimaryChromaticities", .image), 0x0201: t("ThumbnailOffset", .thumbnail),
        0x0202: t("ThumbnailLength", .thumbnail), 0x0211: t("YCbCrCoefficients", .image),
        0x0212: t("YCbCrSubSampling", .image), 0x0213: t("YCbCrPositioning", .image),
        0x0214: t("ReferenceBlackWhite", .image), 0x4746: t("Rating", .text), 0x8298: t("Copyright", .people),
        0x829A: t("ExposureTime", .image), 0x829D: t("FNumber", .image), 0x83BB: t("IPTC-NAA", .text),
        0x8769: t("ExifOffset", .image), 0x8822: t("ExposureProgram", .image), 0x8824: t("SpectralSensitivity", .image),
        0x8825: t("GPSInfo", .location), 0x8827: t("ISO", .image), 0x8830: t("SensitivityType", .image),
        0x8832: t("RecommendedExposureIndex", .image), 0x9000: t("ExifVersion", .image),
        0x9003: t("DateTimeOriginal", .time), 0x9004: t("CreateDate", .time), 0x9010: t("OffsetTime", .time),
        0x9011: t("OffsetTimeOriginal", .time), 0x9012: t("OffsetTimeDigitized", .time),
        0x9101: t("ComponentsConfiguration", .image), 0x9102: t("CompressedBitsPerPixel", .image),
        0x9201: t("ShutterSpeedValue", .image), 0x9202: t("ApertureValue", .image), 0x9203: t("BrightnessValue", .image),
        0x9204: t("ExposureCompensation", .image), 0x9205: t("MaxApertureValue", .image),
        0x9206: t("SubjectDistance", .image), 0x9207: t("MeteringMode", .image), 0x9208: t("LightSource", .image),
        0x9209: t("Flash", .image), 0x920A: t("FocalLength", .image), 0x9214: t("SubjectArea", .image),
        0x927C: t("MakerNote", .identifier), 0x9286: t("UserComment", .text), 0x9290: t("SubSecTime", .time),
        0x9291: t("SubSecTimeOriginal", .time), 0x9292: t("SubSecTimeDigitized", .time),
        0x9C9B: t("XPTitle", .text), 0x9C9C: t("XPComment", .text), 0x9C9D: t("XPAuthor", .people),
        0x9C9E: t("XPKeywords", .text), 0x9C9F: t("XPSubject", .text), 0xA000: t("FlashpixVersion", .image),
        0xA001: t("ColorSpace", .image), 0xA002: t("ExifImageWidth", .image), 0xA003: t("ExifImageHeight", .image),
        0xA004: t("RelatedSoundFile", .text), 0xA005: t("InteropOffset", .image), 0xA20E: t("FocalPlaneXResolution", .image),
        0xA20F: t("FocalPlaneYResolution", .image), 0xA210: t("FocalPlaneResolutionUnit", .image),
        0xA215: t("ExposureIndex", .image), 0xA217: t("SensingMethod", .image), 0xA300: t("FileSource", .image),
        0xA301: t("SceneType", .image), 0xA302: t("CFAPattern", .image), 0xA401: t("CustomRendered", .image),
        0xA402: t("ExposureMode", .image), 0xA403: t("WhiteBalance", .image), 0xA404: t("DigitalZoomRatio", .image),
        0xA405: t("FocalLengthIn35mmFormat", .image), 0xA406: t("SceneCaptureType", .image),
        0xA407: t("GainControl", .image), 0xA408: t("Contrast", .image), 0xA409: t("Saturation", .image),
        0xA40A: t("Sharpness", .image), 0xA40C: t("SubjectDistanceRange", .image),
        0xA420: t("ImageUniqueID", .identifier), 0xA430: t("OwnerName", .people), 0xA431: t("SerialNumber", .device),
        0xA432: t("LensInfo", .device), 0xA433: t("LensMake", .device), 0xA434: t("LensModel", .device),
        0xA435: t("LensSerialNumber", .device), 0xA460: t("CompositeImage", .image), 0xC4A5: t("PrintIM", .image),
        0xEA1C: t("Padding", .image), 0x02BC: t("ApplicationNotes", .text), 0x8773: t("ICC_Profile", .image),
        0x935C: t("ImageSourceData", .identifier), 0xC612: t("DNGVersion", .image),
    ]

    private static let gps: [UInt16: Tag] = [
        0x00: t("GPSVersionID", .location), 0x01: t("GPSLatitudeRef", .location), 0x02: t("GPSLatitude", .location),
        0x03: t("GPSLongitudeRef", .location), 0x04: t("GPSLongitude", .location), 0x05: t("GPSAltitudeRef", .location),
        0x06: t("GPSAltitude", .location), 0x07: t("GPSTimeStamp", .location), 0x08: t("GPSSatellites", .location),
        0x09: t("GPSStatus", .location), 0x0A: t("GPSMeasureMode", .location), 0x0B: t("GPSDOP", .location),
        0x0C: t("GPSSpeedRef", .location), 0x0D: t("GPSSpeed", .location), 0x0E: t("GPSTrackRef", .location),
        0x0F: t("GPSTrack", .location), 0x10: t("GPSImgDirectionRef", .location), 0x11: t("GPSImgDirection", .location),
        0x12: t("GPSMapDatum", .location), 0x13: t("GPSDestLatitudeRef", .location), 0x14: t("GPSDestLatitude", .location),
        0x15: t("GPSDestLongitudeRef", .location), 0x16: t("GPSDestLongitude", .location),
        0x17: t("GPSDestBearingRef", .location), 0x18: t("GPSDestBearing", .location),
        0x19: t("GPSDestDistanceRef", .location), 0x1A: t("GPSDestDistance", .location),
        0x1B: t("GPSProcessingMethod", .location), 0x1C: t("GPSAreaInformation", .location),
        0x1D: t("GPSDateStamp", .location), 0x1E: t("GPSDifferential", .location), 0x1F: t("GPSHPositioningError", .location),
    ]

    private static let interop: [UInt16: Tag] = [
        0x0001: t("InteropIndex", .image), 0x0002: t("InteropVersion", .image),
        0x1000: t("RelatedImageFileFormat", .image), 0x1001: t("RelatedImageWidth", .image),
        0x1002: t("RelatedImageHeight", .image),
    ]
}
