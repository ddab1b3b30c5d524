/// Where a photo was taken, from the GPS directory (or XMP): signed decimal degrees, altitude
/// in metres (negative below sea level) and the GPS time, with a map link.
public struct GPSPosition: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?
    /// `2024:05:01 12:34:56Z` when the GPS date and time stamps are there.
    public var time: String?

    /// An OpenStreetMap link to the position.
    public var mapLink: String {
        "https://www.openstreetmap.org/?mlat=\(ValueText.shortDecimal(latitude))&mlon=\(ValueText.shortDecimal(longitude))#map=16/\(ValueText.shortDecimal(latitude))/\(ValueText.shortDecimal(longitude))"
    }

    /// The position in a GPS IFD: GPSLatitude/Longitude as three rationals (degrees, minutes,
    /// seconds) with their N/S and E/W references; nil without both.
    init?(gps ifd: IFD) {
        guard let latitude = Self.degrees(ifd.value(0x02)), let longitude = Self.degrees(ifd.value(0x04)) else { return nil }
        self.latitude = Self.reference(ifd.value(0x01)) == "S" ? -latitude : latitude
        self.longitude = Self.reference(ifd.value(0x03)) == "W" ? -longitude : longitude
        if let metres = ifd.value(0x06)?.rationals?.first?.double {
            altitude = ifd.value(0x05)?.firstInteger == 1 ? -metres : metres
        }
        if case .text(let date) = ifd.value(0x1D), let clock = ifd.value(0x07)?.rationals, clock.count == 3 {
            let parts = clock.map { Int($0.double ?? 0) }
            time = date + " " + parts.map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":") + "Z"
        }
    }

    init(latitude: Double, longitude: Double, altitude: Double? = nil, time: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.time = time
    }

    private static func degrees(_ value: TagValue?) -> Double? {
        guard let parts = value?.rationals, !parts.isEmpty else { return nil }
        let numbers = parts.prefix(3).map { $0.double ?? 0 }
        let value = numbers[0] + (numbers.count > 1 ? numbers[1] / 60 : 0) + (numbers.count > 2 ? numbers[2] / 3600 : 0)
        return value.isFinite && value <= 180 ? value : nil
    }

    private static func reference(_ value: TagValue?) -> String? {
        if case .text(let text) = value { return text.uppercased() }
        return nil
    }
}
