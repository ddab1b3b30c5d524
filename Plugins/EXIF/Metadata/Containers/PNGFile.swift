/// A PNG file taken apart into its chunks (PNG specification, 3rd edition, 5.3), with the bytes
/// after IEND. Only ranges are kept.
struct PNGFile: Sendable {
    struct Chunk: Sendable, Equatable {
        /// The four-letter type, `IHDR`.
        let type: String
        /// Length, type, data and CRC.
        let whole: Range<Int>
        let data: Range<Int>
        let crcMatches: Bool
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    let bytes: Bytes
    private(set) var chunks: [Chunk] = []
    private(set) var problem: String?
    /// Where IEND ends; nil for a file cut short.
    private(set) var end: Int?

    var trailer: Range<Int>? {
        guard let end, end < bytes.count else { return nil }
        return end..<bytes.count
    }

    init?(_ data: [UInt8]) {
        guard data.starts(with: Self.signature) else { return nil }
        bytes = Bytes(data)
        var offset = Self.signature.count
        while offset < bytes.count {
            guard let length = bytes.uint32(offset, .bigEndian).map(Int.init), length <= Int(Int32.max),
                  let typeBytes = bytes.slice(offset + 4, 4),
                  let dataRange = bytes.range(offset + 8, length),
                  let stored = bytes.uint32(dataRange.upperBound, .bigEndian) else {
                problem = "the chunk at byte \(offset) runs past the end of the file"
                return
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let crc = CRC32.checksum(bytes.storage[offset + 4..<dataRange.upperBound])
            chunks.append(Chunk(type: type, whole: offset..<dataRange.upperBound + 4, data: dataRange, crcMatches: crc == stored))
            offset = dataRange.upperBound + 4
            if type == "IEND" {
                end = offset
                return
            }
        }
        problem = "the file ends without an IEND chunk"
    }

    func data(of chunk: Chunk) -> ArraySlice<UInt8> { bytes.storage[chunk.data] }
}

/// CRC-32 as PNG (and zlib) define it: polynomial 0xEDB88320, reflected, complemented.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ data: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
