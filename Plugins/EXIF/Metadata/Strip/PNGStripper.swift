/// Strips a PNG: keeps the chunks that make the image (IHDR, PLTE, IDAT, IEND, transparency,
/// pixel size, significant bits, background, animation) byte for byte, and under `.appearance`
/// the colour chunks (gAMA, cHRM, sRGB, iCCP, cICP, mDCV, cLLI) and an eXIf with only the
/// Orientation; everything else, and bytes after IEND, goes.
enum PNGStripper {
    static let imageChunks: Set<String> = ["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "pHYs", "sBIT", "bKGD", "hIST", "acTL", "fcTL", "fdAT"]
    static let colourChunks: Set<String> = ["gAMA", "cHRM", "sRGB", "iCCP", "cICP", "mDCV", "cLLI"]

    static func strip(_ file: PNGFile, orientation: Int?, keep: KeepPolicy) throws(PhotoError) -> StripResult {
        guard file.end != nil, file.problem == nil else { throw .damaged(file.problem ?? "no IEND") }
        let storage = file.bytes.storage
        var ledger = StripLedger()
        var output = PNGFile.signature
        output.reserveCapacity(storage.count)
        let written = OrientationExif.needed(orientation, keep: keep)
        var orientationPending = written
        for chunk in file.chunks {
            if chunk.type == "IDAT" || chunk.type == "IEND", let value = orientationPending {
                output += Self.chunk("eXIf", OrientationExif.tiff(value))  // eXIf must precede IDAT
                ledger.keep("Orientation \(value)")
                orientationPending = nil
            }
            if imageChunks.contains(chunk.type) {
                output += storage[chunk.whole]
            } else if keep == .appearance, colourChunks.contains(chunk.type) {
                output += storage[chunk.whole]
                ledger.keep(chunk.type)
            } else if !(chunk.type == "eXIf" && OrientationExif.isOwn(storage[chunk.data], orientation: written)) {
                ledger.remove(chunk.type, bytes: chunk.whole.count)
            }
        }
        if let trailer = file.trailer { ledger.remove("data after IEND", bytes: trailer.count) }
        return StripResult(format: .png, output: output, removed: ledger.removed, kept: ledger.kept)
    }

    /// A chunk: length, type, data, CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let length = UInt32(data.count)
        let crc = CRC32.checksum(typeBytes + data)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + typeBytes + data + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}
