import Inflate

/// Reads the metadata of a PNG: eXIf, tEXt, zTXt and iTXt (XMP, and the raw profiles ImageMagick
/// and exiv2 write, among them), tIME, the colour chunks, any other ancillary chunk, and bytes
/// after IEND.
enum PNGMetadata {
    /// Compressed text is inflated up to this size per chunk, and this much in all.
    static let inflateLimit = 1 << 20
    static let totalInflateLimit = 4 << 20
    /// An ICC profile (iCCP) is inflated up to this size, apart from the text's budget: a
    /// printer's profile can be several MiB, and one that cannot be read is a problem (the
    /// stripper does not keep it).
    static let profileInflateLimit = 16 << 20

    static func read(_ file: PNGFile, depth: Int) -> PhotoReport {
        var report = PhotoReport(format: .png)
        var inflateBudget = totalInflateLimit
        for chunk in file.chunks {
            let data = file.data(of: chunk)
            if !chunk.crcMatches { report.problems.append("the \(chunk.type) chunk's CRC does not match") }
            switch chunk.type {
            case "IHDR", "PLTE", "IDAT", "IEND", "tRNS", "acTL", "fcTL", "fdAT":
                continue
            case "eXIf":
                if let exif = ExifBlock(Array(data), container: "PNG eXIf") {
                    report.add(exif, nested: false)
                    if let thumbnail = exif.thumbnail { report.addThumbnail(thumbnail, from: "PNG eXIf IFD1", depth: depth) }
                } else {
                    report.problems.append("the eXIf chunk does not hold a TIFF structure")
                    report.items.append(MetadataItem(group: "PNG eXIf", name: "Unreadable", value: "(\(data.count) bytes)", category: .identifier))
                }
            case "tEXt", "zTXt", "iTXt":
                guard let (keyword, text) = textChunk(chunk.type, data, budget: &inflateBudget) else {
                    report.problems.append("a \(chunk.type) chunk cannot be read")
                    report.items.append(MetadataItem(group: "PNG \(chunk.type)", name: "Unreadable", value: "(\(data.count) bytes)",
                                                     category: .text))
                    continue
                }
                addText(keyword: keyword, text: text, type: chunk.type, to: &report, depth: depth)
            case "iCCP":
                report.items.append(MetadataItem(group: "PNG", name: "iCCP", value: "(\(data.count) bytes)", category: .image))
                // The profile's name, NUL, the compression method (0), the zlib stream.
                var profileBudget = profileInflateLimit
                if let nul = data.firstIndex(of: 0), data.index(after: nul) < data.endIndex, data[data.index(after: nul)] == 0,
                   let profile = inflate(data[(nul + 2)...], limit: profileInflateLimit, budget: &profileBudget) {
                    report.add(profile: profile, group: "ICC_Profile")
                } else {
                    report.problems.append("\(ICCProfile.problemPrefix) in the iCCP chunk does not inflate (up to \(profileInflateLimit >> 20) MiB)")
                }
            case "tIME":
                report.items.append(MetadataItem(group: "PNG", name: "ModifyDate", value: time(data), category: .time))
            default:
                let colour = ["gAMA", "cHRM", "sRGB", "cICP", "mDCV", "cLLI", "pHYs", "sBIT", "bKGD", "hIST", "sPLT"]
                report.items.append(MetadataItem(group: "PNG", name: chunk.type, value: "(\(data.count) bytes)",
                                                 category: colour.contains(chunk.type) ? .image : .identifier))
            }
        }
        if let trailer = file.trailer {
            report.items.append(MetadataItem(group: "PNG", name: "Trailer", value: "(\(trailer.count) bytes after IEND)", category: .identifier))
        }
        if let problem = file.problem { report.problems.append(problem) }
        return report
    }

    private static func addText(keyword: String, text: String, type: String, to report: inout PhotoReport, depth: Int) {
        if let profile = RawProfile(keyword: keyword, text: text) {
            if let problem = profile.problem { report.problems.append("the \(keyword) text \(problem)") }
            if let data = profile.data {
                addRawProfile(type: profile.type, data, keyword: keyword, chunk: type, to: &report, depth: depth)
            } else {
                report.items.append(MetadataItem(group: "PNG \(type)", name: keyword, value: "(\(text.utf8.count) bytes, not readable)",
                                                 category: .identifier))
            }
            return
        }
        if keyword == "XML:com.adobe.xmp" {
            report.add(XMPPacket(Array(text.utf8)), group: "XMP")
            return
        }
        let categories: [String: PrivacyCategory] = [
            "Author": .people, "Copyright": .people, "Creation Time": .time, "Software": .device, "Source": .device,
            "Make": .device, "Model": .device,
            "Disclaimer": .people, "Warning": .text, "Title": .text, "Description": .text, "Comment": .text,
        ]
        // ImageMagick also copies each Exif field into a text chunk of its own (`exif:GPSLatitude`).
        let exifField = keyword.hasPrefix("exif:") ? ExifTags.category(named: String(keyword.dropFirst(5))) : nil
        report.items.append(MetadataItem(group: "PNG \(type)", name: keyword, value: text, category: categories[keyword] ?? exifField ?? .text))
    }

    /// What a raw profile holds, read as the same metadata in a JPEG is: Exif (after
    /// `Exif\0\0` or not) with its thumbnail, or XMP, under `exif` and `APP1`; IPTC-IIM or
    /// Photoshop resources under `iptc`; Photoshop resources under `8bim`; XMP under `xmp`; an
    /// ICC profile under `icc` and `icm`.
    private static func addRawProfile(type: String, _ data: [UInt8], keyword: String, chunk: String, to report: inout PhotoReport, depth: Int) {
        let group = "PNG raw \(type)"
        switch type {
        case "exif", "app1" where !data.starts(with: JPEGSignature.xmp):
            let block = data.starts(with: JPEGSignature.exif) ? Array(data.dropFirst(JPEGSignature.exif.count)) : data
            if let exif = ExifBlock(block, container: group) {
                report.add(exif, nested: false)
                if let thumbnail = exif.thumbnail { report.addThumbnail(thumbnail, from: "\(group) IFD1", depth: depth) }
                return
            }
            report.problems.append("the \(keyword) text does not hold a TIFF structure")
        case "app1", "xmp":
            report.add(XMPPacket(data.starts(with: JPEGSignature.xmp) ? data.dropFirst(JPEGSignature.xmp.count) : data[...]), group: group)
            return
        case "iptc" where data.first == 0x1C:
            report.items += IPTCRecords.items(fromIIM: data)
            return
        case "iptc", "8bim":
            report.items += IPTCRecords.items(fromPhotoshop: data)
            return
        case "icc", "icm":
            report.items.append(MetadataItem(group: group, name: "ICC_Profile", value: "(\(data.count) bytes)", category: .image))
            report.add(profile: data, group: "ICC_Profile")
            return
        default:
            break
        }
        report.items.append(MetadataItem(group: "PNG \(chunk)", name: keyword, value: "(\(data.count) bytes of encoded profile)",
                                         category: .identifier))
    }

    /// tEXt: keyword NUL Latin-1 text. zTXt: keyword NUL method compressed-text. iTXt: keyword
    /// NUL flag method language NUL translated-keyword NUL UTF-8 text, compressed if flagged.
    static func textChunk(_ type: String, _ data: ArraySlice<UInt8>, budget: inout Int) -> (String, String)? {
        guard let nul = data.firstIndex(of: 0) else { return nil }
        let keyword = latin1(data[data.startIndex..<nul])
        let rest = data[(nul + 1)...]
        switch type {
        case "tEXt":
            return (keyword, latin1(rest))
        case "zTXt":
            guard rest.first == 0, let text = inflate(rest.dropFirst(), budget: &budget) else { return nil }
            return (keyword, latin1(text[...]))
        default:
            guard rest.count >= 2 else { return nil }
            let compressed = rest[rest.startIndex] == 1
            var fields = rest.dropFirst(2)
            for _ in 0..<2 {
                guard let end = fields.firstIndex(of: 0) else { return nil }
                fields = fields[(end + 1)...]
            }
            if compressed {
                guard let text = inflate(fields, budget: &budget) else { return nil }
                return (keyword, String(decoding: text, as: UTF8.self))
            }
            return (keyword, String(decoding: fields, as: UTF8.self))
        }
    }

    private static func inflate(_ data: ArraySlice<UInt8>, limit: Int = inflateLimit, budget: inout Int) -> [UInt8]? {
        guard budget > 0, let inflated = Inflate.bytes(of: data, framing: .zlib, limit: min(limit, budget)) else { return nil }
        budget -= inflated.count
        return inflated
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// tIME: year(2) month day hour minute second, UTC.
    private static func time(_ data: ArraySlice<UInt8>) -> String {
        let bytes = Bytes(Array(data))
        guard let year = bytes.uint16(0, .bigEndian), data.count >= 7 else { return "(malformed)" }
        let rest = data.dropFirst(2).prefix(5).map { $0 < 10 ? "0\($0)" : "\($0)" }
        return "\(year):\(rest[0]):\(rest[1]) \(rest[2]):\(rest[3]):\(rest[4])"
    }
}
