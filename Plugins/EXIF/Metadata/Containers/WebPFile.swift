/// A WebP file taken apart into its RIFF chunks (RFC 9649, WebP container specification).
struct WebPFile: Sendable {
    struct Chunk: Sendable, Equatable {
        /// The FourCC: `VP8X`, `EXIF`, `XMP ` (with its space), …
        let type: String
        /// Header, data and the padding byte of an odd size.
        let whole: Range<Int>
        let data: Range<Int>
    }

    let bytes: Bytes
    private(set) var chunks: [Chunk] = []
    private(set) var problem: String?
    /// Where the RIFF payload ends, as its header says.
    private(set) var end = 0

    var trailer: Range<Int>? { end < bytes.count ? end..<bytes.count : nil }

    /// `RIFF`, a size, `WEBP`.
    static func looksLikeWebP(_ data: [UInt8]) -> Bool {
        let bytes = Bytes(data)
        return bytes.has(Array("RIFF".utf8), at: 0) && bytes.has(Array("WEBP".utf8), at: 8)
    }

    init?(_ data: [UInt8]) {
        let bytes = Bytes(data)
        guard Self.looksLikeWebP(data), let size = bytes.uint32(4, .littleEndian).map(Int.init) else { return nil }
        self.bytes = bytes
        end = min(8 + size, bytes.count)
        if 8 + size > bytes.count { problem = "the file is shorter than its RIFF header says" }
        var offset = 12
        while offset + 8 <= end {
            guard let typeBytes = bytes.slice(offset, 4), let length = bytes.uint32(offset + 4, .littleEndian).map(Int.init),
                  let dataRange = bytes.range(offset + 8, length), dataRange.upperBound <= end else {
                problem = "the chunk at byte \(offset) runs past the end of the file"
                return
            }
            let padded = min(dataRange.upperBound + (length & 1), end)
            let type = String(decoding: typeBytes, as: UTF8.self)
            if type == "VP8X" && length < 10 { problem = "the VP8X chunk is shorter than 10 bytes" }
            chunks.append(Chunk(type: type, whole: offset..<padded, data: dataRange))
            offset = padded
        }
        if !chunks.contains(where: { Self.bitstreamTypes.contains($0.type) }) {
            problem = problem ?? "no image data inside the RIFF size"
        }
    }

    /// The chunks that hold a picture: a lossy or lossless bitstream, or an animation frame.
    static let bitstreamTypes: Set<String> = ["VP8 ", "VP8L", "ANMF"]

    func data(of chunk: Chunk) -> ArraySlice<UInt8> { bytes.storage[chunk.data] }
}
