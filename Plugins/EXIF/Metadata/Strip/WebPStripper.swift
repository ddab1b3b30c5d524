/// Strips a WebP: keeps the image chunks (VP8, VP8L, ALPH, ANIM, ANMF) byte for byte, the ICC
/// profile under `.appearance` and an EXIF chunk with only the Orientation; drops EXIF, XMP and
/// unknown chunks; fixes the VP8X flags and the RIFF size.
enum WebPStripper {
    static let imageChunks: Set<String> = ["VP8 ", "VP8L", "ALPH", "ANIM", "ANMF"]

    static func strip(_ file: WebPFile, orientation: Int?, keep: KeepPolicy) throws(PhotoError) -> StripResult {
        guard file.problem == nil else { throw .damaged(file.problem!) }
        let storage = file.bytes.storage
        var ledger = StripLedger()
        var body: [UInt8] = Array("WEBP".utf8)
        var extendedHeader: Int?
        let keepICC = keep == .appearance && file.chunks.contains { $0.type == "ICCP" }
        let orientationValue = OrientationExif.needed(orientation, keep: keep)
        for chunk in file.chunks {
            switch chunk.type {
            case "VP8X":
                guard chunk.data.count >= 10 else { throw .damaged("the VP8X chunk is shorter than 10 bytes") }
                extendedHeader = body.count
                body += storage[chunk.whole]
            case "ICCP" where keepICC:
                body += storage[chunk.whole]
                ledger.keep("ICC profile")
            case let type where imageChunks.contains(type):
                body += storage[chunk.whole]
            case "EXIF" where OrientationExif.isOwn(storage[chunk.data], orientation: extendedHeader == nil ? nil : orientationValue):
                continue
            default:
                ledger.remove(chunk.type.trimmingTrailingSpaces, bytes: chunk.whole.count)
            }
        }
        if let value = orientationValue, extendedHeader != nil {
            let exif = OrientationExif.tiff(value)
            body += Array("EXIF".utf8) + littleEndian(UInt32(exif.count)) + exif
            ledger.keep("Orientation \(value)")
        }
        if let header = extendedHeader {
            // VP8X flags: ICC 0x20, EXIF 0x08, XMP 0x04 (the others describe the image).
            var flags = body[header + 8] & ~0x2C
            if keepICC { flags |= 0x20 }
            if orientationValue != nil { flags |= 0x08 }
            body[header + 8] = flags
        }
        if let trailer = file.trailer { ledger.remove("data after the RIFF data", bytes: trailer.count) }
        let output = Array("RIFF".utf8) + littleEndian(UInt32(body.count)) + body
        return StripResult(format: .webp, output: output, removed: ledger.removed, kept: ledger.kept)
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
