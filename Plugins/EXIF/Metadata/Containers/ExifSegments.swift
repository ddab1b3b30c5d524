/// The Exif blocks of a JPEG. A block is the payload of an APP1 segment after `Exif\0\0`, or,
/// when it is larger than one segment can hold (64 KiB), of several APP1 segments in a row:
/// each continuation has the `Exif\0\0` signature too, followed not by a TIFF header but by the
/// next bytes of the block. This is how exiftool writes and reads "multi-segment EXIF"
/// (lib/Image/ExifTool.pm, `ProcessJPEG`; lib/Image/ExifTool/Writer.pl, `WriteMultiSegment`).
enum ExifSegments {
    static func blocks(_ file: JPEGFile) -> [[UInt8]] {
        var blocks: [[UInt8]] = []
        var continues = false
        for part in file.parts {
            guard case .segment(0xE1, _, let payload) = part, payload.count >= JPEGSignature.exif.count,
                  file.bytes.has(JPEGSignature.exif, at: payload.lowerBound) else {
                continues = false
                continue
            }
            let data = file.bytes.storage[payload.lowerBound + JPEGSignature.exif.count..<payload.upperBound]
            if continues, !startsWithTIFFHeader(data), let last = blocks.indices.last {
                blocks[last] += data
            } else {
                blocks.append(Array(data))
            }
            continues = true
        }
        return blocks
    }

    private static func startsWithTIFFHeader(_ data: ArraySlice<UInt8>) -> Bool {
        data.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) || data.starts(with: [0x49, 0x49, 0x2A, 0x00])
    }
}
