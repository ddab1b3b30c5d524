/// A field's value as text for a person, the way exiftool prints it where that is simple.
public enum ValueText {
    /// `order` is the byte order of the TIFF structure the entry is in.
    static func of(_ entry: TIFFEntry, name: String, order: ByteOrder) -> String {
        switch (name, entry.value) {
        case ("Orientation", .integers(let values)):
            return values.first.map { orientationName(Int($0)) } ?? ""
        case ("MakerNote", _), ("ImageSourceData", _), ("PrintIM", _), ("Padding", _):
            return "(\(entry.count) bytes)"
        case ("UserComment", .bytes(let bytes)), ("GPSProcessingMethod", .bytes(let bytes)), ("GPSAreaInformation", .bytes(let bytes)):
            return CharacterCodedText.decode(bytes, order: order)
        case (_, .bytes(let bytes)) where name.hasPrefix("XP"):
            return utf16(bytes, .littleEndian)
        case ("ExposureTime", .rationals(let values)):
            return values.first.map { $0.numerator == 1 || $0.denominator == 0 ? "\($0.numerator)/\($0.denominator)" : decimal($0) } ?? ""
        default:
            return generic(entry.value)
        }
    }

    static func generic(_ value: TagValue) -> String {
        switch value {
        case .text(let text): return text
        case .integers(let values): return values.prefix(16).map(String.init).joined(separator: " ") + (values.count > 16 ? " …" : "")
        case .rationals(let values): return values.prefix(16).map(decimal).joined(separator: " ")
        case .reals(let values): return values.prefix(16).map { shortDecimal($0) }.joined(separator: " ")
        case .bytes(let bytes):
            let printable = !bytes.isEmpty && bytes.count <= 256 && bytes.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0 }
            return printable ? String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) : "(\(bytes.count) bytes)"
        }
    }

    static func decimal(_ rational: Rational) -> String {
        rational.double.map(shortDecimal) ?? "undefined"
    }

    /// Up to 6 decimals, without trailing zeros.
    public static func shortDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "undefined" }
        let scaled = (value * 1_000_000).rounded()
        guard abs(scaled) < 9e15 else { return String(value) }
        let negative = scaled < 0
        let units = Int64(abs(scaled))
        var fraction = String(units % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (negative ? "-" : "") + String(units / 1_000_000) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Exif's Orientation values (TIFF 6.0 section 8), in exiftool's words.
    static func orientationName(_ value: Int) -> String {
        let names = [1: "Horizontal (normal)", 2: "Mirror horizontal", 3: "Rotate 180", 4: "Mirror vertical",
                     5: "Mirror horizontal and rotate 270 CW", 6: "Rotate 90 CW",
                     7: "Mirror horizontal and rotate 90 CW", 8: "Rotate 270 CW"]
        return names[value] ?? "Unknown (\(value))"
    }

    /// UTF-16 text in the given byte order, up to its first NUL (Windows XP tags hold UTF-16LE
    /// ending in one).
    static func utf16(_ bytes: some Collection<UInt8>, _ order: ByteOrder) -> String {
        let reader = Bytes(Array(bytes))
        let units = (0..<reader.count / 2).lazy.compactMap { reader.uint16($0 * 2, order) }.prefix { $0 != 0 }
        return String(decoding: Array(units), as: UTF16.self)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\0" { text.removeLast() }
        return String(text)
    }
}
