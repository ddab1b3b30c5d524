/// An XMP packet's properties as metadata items, each with its privacy category, and the GPS
/// position when XMP has one (`exif:GPSLatitude="48,51.4944N"`).
enum XMPItems {
    static func items(_ packet: XMPPacket, group: String = "XMP") -> [MetadataItem] {
        packet.properties.map { property in
            MetadataItem(group: group, name: property.name, value: property.values.joined(separator: ", "),
                         category: category(of: property.name))
        }
    }

    static func category(of name: String) -> PrivacyCategory {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        let prefix = name.split(separator: ":").first.map(String.init) ?? ""
        if local.hasPrefix("GPS") || ["City", "State", "Country", "Location", "LocationCreated", "LocationShown", "Sublocation", "CountryCode"].contains(local) {
            return .location
        }
        if local.contains("Serial") || ["Make", "Model", "Lens", "LensModel", "LensMake", "LensInfo", "CreatorTool", "Software", "OwnerName"].contains(local) {
            return local == "OwnerName" ? .people : .device
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
