/// Reads the metadata of a WebP: the EXIF and XMP chunks of the extended format, the ICC
/// profile, and any chunk the format does not define.
enum WebPMetadata {
    static func read(_ file: WebPFile, depth: Int) -> PhotoReport {
        var report = PhotoReport(format: .webp)
        for chunk in file.chunks {
            let data = file.data(of: chunk)
            switch chunk.type {
            case "VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF":
                continue
            case "EXIF":
                // Some writers keep the JPEG "Exif\0\0" prefix; the specification says TIFF directly.
                let block = data.starts(with: JPEGSignature.exif) ? Array(data.dropFirst(6)) : Array(data)
                if let exif = ExifBlock(block, container: "EXIF") {
                    report.add(exif, nested: false)
                    if let thumbnail = exif.thumbnail { report.addThumbnail(thumbnail, from: "EXIF IFD1", depth: depth) }
                } else {
                    report.problems.append("the EXIF chunk does not hold a TIFF structure")
                    report.items.append(MetadataItem(group: "EXIF", name: "Unreadable", value: "(\(data.count) bytes)", category: .identifier))
                }
            case "XMP ":
                report.add(XMPPacket(data), group: "XMP")
            case "ICCP":
                report.items.append(MetadataItem(group: "RIFF", name: "ICC_Profile", value: "(\(data.count) bytes)", category: .image))
                report.add(profile: Array(data), group: "ICC_Profile")
            default:
                report.items.append(MetadataItem(group: "RIFF", name: chunk.type, value: "(\(data.count) bytes)", category: .identifier))
            }
        }
        if let trailer = file.trailer {
            report.items.append(MetadataItem(group: "RIFF", name: "Trailer", value: "(\(trailer.count) bytes after the RIFF data)", category: .identifier))
        }
        if let problem = file.problem { report.problems.append(problem) }
        return report
    }
}
