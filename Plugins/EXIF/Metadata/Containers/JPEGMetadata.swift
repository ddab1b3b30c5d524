/// Reads the metadata of a JPEG: Exif (APP1, over several segments when it is larger than one)
/// with its thumbnail, XMP and extended XMP (APP1), Photoshop IRB and IPTC (APP13), ICC profile
/// and MPF (APP2), JFIF (APP0), Adobe (APP14), comments (COM), any other APPn, and a trailer
/// after the image.
enum JPEGMetadata {
    static func read(_ file: JPEGFile, depth: Int) -> PhotoReport {
        var report = PhotoReport(format: .jpeg)
        for block in ExifSegments.blocks(file) {
            guard let exif = ExifBlock(block, container: "EXIF") else {
                report.problems.append("an Exif segment does not hold a TIFF structure")
                report.items.append(MetadataItem(group: "EXIF", name: "Unreadable", value: "(\(block.count) bytes)", category: .identifier))
                continue
            }
            report.add(exif, nested: false)
            if let thumbnail = exif.thumbnail { report.addThumbnail(thumbnail, from: "EXIF IFD1", depth: depth) }
        }
        for payload in file.payloads(marker: 0xE1, signature: JPEGSignature.xmp) {
            report.add(XMPPacket(payload), group: "XMP")
        }
        if let extended = ExtendedXMP.assemble(file.payloads(marker: 0xE1, signature: JPEGSignature.extendedXMP)) {
            report.add(XMPPacket(extended), group: "XMP-extended")
        }
        for payload in file.payloads(marker: 0xED, signature: JPEGSignature.photoshop) {
            report.items += IPTCRecords.items(fromPhotoshop: payload)
        }
        let profile = file.payloads(marker: 0xE2, signature: JPEGSignature.icc)
        if !profile.isEmpty { report.add(profile: ICCProfile.assemble(profile), group: "ICC_Profile") }
        addSegmentSummaries(file, to: &report)
        if let trailer = file.trailer {
            report.items.append(MetadataItem(group: "JPEG", name: "Trailer", value: "(\(trailer.count) bytes after the end of the image)",
                                             category: .identifier))
        }
        if let problem = file.problem { report.problems.append(problem) }
        return report
    }

    /// One item per segment that is not read field by field: comments, ICC, MPF, JFIF, Adobe,
    /// unknown APPn.
    private static func addSegmentSummaries(_ file: JPEGFile, to report: inout PhotoReport) {
        for case .segment(let marker, _, let payload) in file.parts where marker == 0xFE || (0xE0...0xEF).contains(marker) {
            let data = file.bytes.storage[payload]
            let known: [(UInt8, [UInt8])] = [(0xE1, JPEGSignature.exif), (0xE1, JPEGSignature.xmp), (0xE1, JPEGSignature.extendedXMP),
                                             (0xED, JPEGSignature.photoshop)]
            if known.contains(where: { $0.0 == marker && data.starts(with: $0.1) }) { continue }
            report.items.append(summary(marker: marker, data))
        }
    }

    private static func summary(marker: UInt8, _ data: ArraySlice<UInt8>) -> MetadataItem {
        switch marker {
        case 0xFE:
            return MetadataItem(group: "JPEG", name: "Comment", value: String(decoding: data, as: UTF8.self), category: .text)
        case 0xE0 where data.starts(with: JPEGSignature.jfif) && JFIFSegment.hasThumbnail(data):
            return MetadataItem(group: "JFIF", name: "ThumbnailImage", value: "(\(data.count - 14) bytes of RGB preview)", category: .thumbnail)
        case 0xE0 where data.starts(with: JPEGSignature.jfif):
            return MetadataItem(group: "JFIF", name: "JFIFVersion", value: "\(data.dropFirst(5).first ?? 0).\(data.dropFirst(6).first ?? 0)", category: .image)
        case 0xE0 where data.starts(with: JPEGSignature.jfxx):
            return MetadataItem(group: "JFXX", name: "ThumbnailImage", value: "(\(data.count) bytes)", category: .thumbnail)
        case 0xE2 where data.starts(with: JPEGSignature.icc):
            return MetadataItem(group: "ICC_Profile", name: "ProfileChunk", value: "(\(data.count) bytes)", category: .image)
        case 0xE2 where data.starts(with: JPEGSignature.mpf):
            return MetadataItem(group: "MPF", name: "MultiPictureFormat", value: "(\(data.count) bytes; further images follow the main one)",
                                category: .thumbnail)
        case 0xEE where data.starts(with: JPEGSignature.adobe):
            return MetadataItem(group: "Adobe", name: "ColorTransform", value: "\(data.dropFirst(11).first ?? 0)", category: .image)
        default:
            let label = String(decoding: data.prefix { $0 != 0 }.prefix(24), as: UTF8.self)
            return MetadataItem(group: "JPEG", name: "APP\(marker - 0xE0)", value: "(\(data.count) bytes\(label.isEmpty ? "" : ", " + label))",
                                category: .identifier)
        }
    }
}

/// Extended XMP (XMP specification part 3, 1.1.3.1): chunks of one packet, each with the
/// packet's GUID (32 hex digits), its full length and the chunk's offset.
enum ExtendedXMP {
    static func assemble(_ chunks: [ArraySlice<UInt8>]) -> [UInt8]? {
        guard let first = chunks.first, first.count >= 40 else { return nil }
        let guid = Array(first.prefix(32))
        let length = Int(Bytes(Array(first.dropFirst(32).prefix(4))).uint32(0, .bigEndian) ?? 0)
        guard length > 0, length <= XMPPacket.sizeLimit else { return nil }
        var packet = [UInt8](repeating: 0x20, count: length)
        for chunk in chunks where chunk.count >= 40 && Array(chunk.prefix(32)) == guid {
            let header = Bytes(Array(chunk.dropFirst(32).prefix(8)))
            guard let offset = header.uint32(4, .bigEndian).map(Int.init) else { continue }
            let body = chunk.dropFirst(40)
            guard offset <= length, body.count <= length - offset else { continue }
            packet.replaceSubrange(offset..<offset + body.count, with: body)
        }
        return packet
    }
}

/// JFIF's APP0 (JFIF 1.02): `JFIF\0`, version(2), units(1), densities(2+2), then a thumbnail's
/// width and height (1+1) and its RGB pixels.
enum JFIFSegment {
    /// `JFIF\0` to the thumbnail's height.
    static let headerLength = 14

    static func hasThumbnail(_ payload: ArraySlice<UInt8>) -> Bool {
        payload.count > headerLength && payload[payload.startIndex + 12] != 0 && payload[payload.startIndex + 13] != 0
    }

    /// The segment without its thumbnail or anything else after the header: the first 14 bytes
    /// with a 0×0 thumbnail. `payload` must be longer than the header.
    static func withoutThumbnail(_ payload: ArraySlice<UInt8>) -> [UInt8] {
        var header = Array(payload.prefix(headerLength))
        header[12] = 0
        header[13] = 0
        return [0xFF, 0xE0, 0, UInt8(header.count + 2)] + header
    }
}
