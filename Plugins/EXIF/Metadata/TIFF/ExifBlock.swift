/// What an Exif block (a TIFF structure) holds, as metadata items: every field with its name
/// and category, the orientation, the GPS position and the thumbnail.
struct ExifBlock: Sendable {
    var items: [MetadataItem] = []
    var orientation: Int?
    var gps: GPSPosition?
    var thumbnail: [UInt8]?
    var problems: [String] = []

    /// Structural fields that only point elsewhere and say nothing themselves.
    private static let pointers: Set<UInt16> = [0x8769, 0x8825, 0xA005, 0x0201, 0x0202]

    /// Nil when the block is not TIFF at all.
    init?(_ block: [UInt8], container: String) {
        guard let tiff = TIFFStructure(block) else { return nil }
        problems = tiff.problems.map { "\(container): \($0)" }
        thumbnail = tiff.thumbnail
        for ifd in tiff.ifds {
            let group = "\(container) \(ifd.kind.rawValue)"
            for entry in ifd.entries where !Self.pointers.contains(entry.tag) {
                let known = ExifTags.tag(entry.tag, in: ifd.kind)
                let name = known?.name ?? "Tag0x" + HexText.four(entry.tag)
                let category: PrivacyCategory = ifd.kind == .gps ? .location : ifd.kind == .ifd1 ? .thumbnail : known?.category ?? .image
                items.append(MetadataItem(group: group, name: name, value: ValueText.of(entry, name: name, order: tiff.byteOrder), category: category))
            }
            if ifd.kind == .ifd0, let value = ifd.value(0x0112)?.firstInteger { orientation = Int(value) }
            if ifd.kind == .gps { gps = GPSPosition(gps: ifd) }
        }
    }
}

/// Hex digits for tag numbers.
enum HexText {
    static func four(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
