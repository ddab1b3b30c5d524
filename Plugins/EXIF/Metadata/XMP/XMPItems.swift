/// An XMP packet's properties as metadata items, each with its privacy category, and the GPS
/// position when XMP has one (`exif:GPSLatitude="48,51.4944N"`). The Exif and TIFF properties
/// XMP repeats (the `tiff:`, `exif:` and `exifEX:` namespaces) are named as the IFD fields are,
/// the way exiftool names them (lib/Image/ExifTool/XMP.pm), with their values shown the same way:
/// `tiff:Make` is `Make`, `exifEX:BodySerialNumber` is `SerialNumber`, an orientation is named,
/// a date is `2024:05:01 10:00:00`, a fraction is a decimal, and each has the IFD field's category.
enum XMPItems {
    static func items(_ packet: XMPPacket, group: String = "XMP") -> [MetadataItem] {
        packet.properties.map { property in
            guard let name = exifName(property.name) else {
                return MetadataItem(group: group, name: property.name, value: property.values.joined(separator: ", "),
                                    category: category(of: property.name))
            }
            return MetadataItem(group: group, name: name, value: property.values.map { exifValue($0, name: name) }.joined(separator: ", "),
                                category: ExifTags.category(named: name) ?? category(of: property.name))
        }
    }

    /// Exif's names of the properties whose exiftool name is not their XMP one.
    private static let renamed = [
        "tiff:ImageLength": "ImageHeight", "exif:ExposureBiasValue": "ExposureCompensation",
        "exif:FocalLengthIn35mmFilm": "FocalLengthIn35mmFormat", "exif:GPSTimeStamp": "GPSDateTime",
        "exif:ISOSpeedRatings": "ISO", "exif:PixelXDimension": "ExifImageWidth", "exif:PixelYDimension": "ExifImageHeight",
        "exifEX:BodySerialNumber": "SerialNumber", "exifEX:CameraOwnerName": "OwnerName",
        "exifEX:InteroperabilityIndex": "InteropIndex", "exifEX:LensSpecification": "LensInfo",
        "exifEX:Temperature": "AmbientTemperature",
    ]

    /// The Exif name of a `tiff:`, `exif:` or `exifEX:` property; nil for any other.
    private static func exifName(_ property: String) -> String? {
        guard let colon = property.firstIndex(of: ":"), ["tiff", "exif", "exifEX"].contains(property[..<colon]) else { return nil }
        return renamed[property] ?? String(property[property.index(after: colon)...])
    }

    /// A value as exiftool prints the IFD field of that name where vault does the same:
    /// Orientation by its name, an XMP date (`2024-05-01T10:00:00+02:00`) in Exif's form, a
    /// rational (`71/2`) as a decimal, except an exposure time.
    private static func exifValue(_ value: String, name: String) -> String {
        if name == "Orientation", let number = Int(value) { return ValueText.orientationName(number) }
        if name.contains("Date") { return exifDate(value) }
        if name != "ExposureTime", value.contains("/"), let number = fraction(value) { return ValueText.shortDecimal(number) }
        return value
    }

    /// `YYYY-MM-DDThh:mm[:ss][zone]` as `YYYY:MM:DD hh:mm[:ss][zone]`, and any other text that
    /// starts with a year with its dashes made colons, as exiftool's `ConvertXMPDate` does.
    private static func exifDate(_ value: String) -> String {
        let bytes = Array(value.utf8)
        func digits(_ range: Range<Int>) -> Bool { range.upperBound <= bytes.count && bytes[range].allSatisfy { (0x30...0x39).contains($0) } }
        func byte(_ index: Int, _ characters: String) -> Bool { index < bytes.count && characters.utf8.contains(bytes[index]) }
        guard digits(0..<4) else { return value }
        let dashes = String(decoding: bytes.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: ":") : $0 }, as: UTF8.self)
        guard byte(4, "-"), digits(5..<7), byte(7, "-"), digits(8..<10), byte(10, "T "), digits(11..<13), byte(13, ":"), digits(14..<16) else {
            return dashes
        }
        return String(dashes.prefix(10)) + " " + String(decoding: bytes[11...], as: UTF8.self)
    }

    static func category(of name: String) -> PrivacyCategory {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        let prefix = name.split(separator: ":").first.map(String.init) ?? ""
        if local.hasPrefix("GPS") || ["City", "State", "Country", "Location", "LocationCreated", "LocationShown", "Sublocation", "CountryCode"].contains(local) {
            return .location
        }
        if local == "OwnerName" || local == "CameraOwnerName" {
            return .people
        }
        if local.contains("Serial") || ["Make", "Model", "Lens", "LensModel", "LensMake", "LensInfo", "CreatorTool", "Software"].contains(local) {
            return .device
        }
        if prefix == "xmpRights" || prefix == "plus" || ["creator", "rights", "contributor", "publisher", "Credit", "AuthorsPosition",
                                                         "CaptionWriter", "CreatorContactInfo", "Artist", "Copyright", "Owner"].contains(local) {
            return .people
        }
        if local.contains("Date") || local.hasSuffix("Time") {
            return .time
        }
        if prefix == "xmpMM" || local.hasSuffix("ID") || local == "ImageUniqueID" {
            return .identifier
        }
        if ["tiff", "crs", "xmpDM", "stDim", "xmpTPg", "xmpGImg"].contains(prefix) || prefix == "exif" && !["UserComment"].contains(local) {
            return .image
        }
        return .text
    }

    /// The position in `exif:GPSLatitude`/`exif:GPSLongitude` (`DDD,MM.mmk` or `DDD,MM,SSk`,
    /// XMP specification part 2, 1.2.7.4), with `exif:GPSAltitude` and its reference.
    static func position(_ packet: XMPPacket) -> GPSPosition? {
        guard let latitude = packet.values("exif:GPSLatitude").first.flatMap(coordinate),
              let longitude = packet.values("exif:GPSLongitude").first.flatMap(coordinate) else { return nil }
        var position = GPSPosition(latitude: latitude, longitude: longitude)
        if let altitude = packet.values("exif:GPSAltitude").first.flatMap(fraction) {
            position.altitude = packet.values("exif:GPSAltitudeRef").first == "1" ? -altitude : altitude
        }
        return position
    }

    private static func coordinate(_ text: String) -> Double? {
        guard let direction = text.last, "NSEW".contains(direction) else { return nil }
        let numbers = text.dropLast().split(separator: ",").compactMap { Double($0) }
        guard numbers.count >= 2 else { return nil }
        let value = numbers[0] + numbers[1] / 60 + (numbers.count > 2 ? numbers[2] / 3600 : 0)
        return direction == "S" || direction == "W" ? -value : value
    }

    private static func fraction(_ text: String) -> Double? {
        let parts = text.split(separator: "/")
        guard let top = parts.first.flatMap({ Double($0) }) else { return nil }
        guard parts.count == 2, let bottom = Double(parts[1]) else { return top }
        return bottom == 0 ? nil : top / bottom
    }
}

