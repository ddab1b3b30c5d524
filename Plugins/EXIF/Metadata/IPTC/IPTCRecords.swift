/// IPTC-IIM datasets inside a Photoshop image resource block (APP13): the `8BIM` resources,
/// resource 0x0404 holding records `0x1C record dataset length data` (IPTC-IIM 4.2, and
/// Photoshop's file format specification, image resources), 0x0422 an Exif block and 0x0424
/// an XMP packet.
enum IPTCRecords {
    /// Dataset names of the application record (2) and their categories, as exiftool names them.
    private static let names: [UInt8: (String, PrivacyCategory)] = [
        5: ("ObjectName", .text), 10: ("Urgency", .text), 15: ("Category", .text), 20: ("SupplementalCategories", .text),
        25: ("Keywords", .text), 40: ("SpecialInstructions", .text), 55: ("DateCreated", .time), 60: ("TimeCreated", .time),
        62: ("DigitalCreationDate", .time), 63: ("DigitalCreationTime", .time), 65: ("OriginatingProgram", .device),
        70: ("ProgramVersion", .device), 80: ("By-line", .people), 85: ("By-lineTitle", .people), 90: ("City", .location),
        92: ("Sub-location", .location), 95: ("Province-State", .location), 100: ("Country-PrimaryLocationCode", .location),
        101: ("Country-PrimaryLocationName", .location), 103: ("OriginalTransmissionReference", .identifier),
        105: ("Headline", .text), 110: ("Credit", .people), 115: ("Source", .people), 116: ("CopyrightNotice", .people),
        118: ("Contact", .people), 120: ("Caption-Abstract", .text), 122: ("Writer-Editor", .people),
    ]

    static func items(fromPhotoshop data: some Collection<UInt8>) -> [MetadataItem] {
        let bytes = Bytes(Array(data))
        var items: [MetadataItem] = []
        var offset = 0
        // Resource: "8BIM" id(2) name (Pascal string, padded to even) size(4) data (padded to even)
        while bytes.has(Array("8BIM".utf8), at: offset), let id = bytes.uint16(offset + 4, .bigEndian),
              let nameLength = bytes.byte(offset + 6).map(Int.init) {
            let nameField = (1 + nameLength + 1) & ~1
            guard let size = bytes.uint32(offset + 6 + nameField, .bigEndian).map(Int.init),
                  let range = bytes.range(offset + 10 + nameField, size) else { break }
            let data = Array(bytes.storage[range])
            if id == 0x0404 {
                items += datasets(Bytes(data))
            } else if id == 0x0422 {
                items += ExifBlock(data, container: "Photoshop EXIF")?.items ?? [unreadable("EXIF", size)]
            } else if id == 0x0424 {
                items += XMPItems.items(XMPPacket(data), group: "Photoshop XMP")
            } else {
                items.append(MetadataItem(group: "Photoshop", name: "Resource0x" + HexText.four(id), value: "(\(size) bytes)",
                                          category: id == 0x040C || id == 0x0409 ? .thumbnail : .image))
            }
            offset = range.upperBound + (size & 1)
        }
        return items
    }

    private static func unreadable(_ what: String, _ size: Int) -> MetadataItem {
        MetadataItem(group: "Photoshop", name: what, value: "(\(size) bytes, not readable)", category: .identifier)
    }

    /// IPTC-IIM records on their own, as a PNG raw `iptc` profile may hold them.
    static func items(fromIIM data: [UInt8]) -> [MetadataItem] {
        datasets(Bytes(data))
    }

    private static func datasets(_ bytes: Bytes) -> [MetadataItem] {
        var items: [MetadataItem] = []
        var offset = 0
        while bytes.byte(offset) == 0x1C, let record = bytes.byte(offset + 1), let dataset = bytes.byte(offset + 2),
              let length = bytes.uint16(offset + 3, .bigEndian).map(Int.init), length < 0x8000,
              let value = bytes.slice(offset + 5, length) {
            offset += 5 + length
            guard record == 2, dataset != 0 else { continue }
            let (name, category) = names[dataset] ?? ("Dataset2:\(dataset)", .text)
            items.append(MetadataItem(group: "IPTC", name: name, value: String(decoding: value, as: UTF8.self), category: category))
        }
        return items
    }
}
