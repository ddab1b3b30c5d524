#if canImport(Glibc)
import Glibc
#endif

/// A JPEG file taken apart (ITU T.81 annex B): its marker segments, the entropy-coded data of
/// each scan, the end-of-image marker and whatever follows it. Only ranges are kept, so the
/// stripper can copy the compressed image data byte for byte.
struct JPEGFile: Sendable {
    enum Part: Sendable, Equatable {
        /// A marker segment with a length: the whole segment, and its payload after the length.
        case segment(marker: UInt8, whole: Range<Int>, payload: Range<Int>)
        /// Entropy-coded data after a start of scan, up to the next marker.
        case scanData(Range<Int>)
        /// A marker without a length (RSTn, TEM) met between segments.
        case standalone(marker: UInt8, whole: Range<Int>)
    }

    let bytes: Bytes
    private(set) var parts: [Part] = []
    /// Where the end-of-image marker is; nil for a file cut short.
    private(set) var endOfImage: Range<Int>?
    /// Bytes after the end-of-image marker (a trailer: more images, a video, vendor data).
    var trailer: Range<Int>? {
        guard let end = endOfImage?.upperBound, end < bytes.count else { return nil }
        return end..<bytes.count
    }

    static let startOfImage: [UInt8] = [0xFF, 0xD8]

    static func looksLikeJPEG(_ data: [UInt8]) -> Bool { data.starts(with: startOfImage + [0xFF]) }

    /// Nil when the data does not start like a JPEG; a damaged file is read as far as it goes
    /// (`problem` says where it stopped).
    init?(_ data: [UInt8]) {
        guard Self.looksLikeJPEG(data) else { return nil }
        bytes = Bytes(data)
        var offset = 2
        while offset < bytes.count {
            guard bytes.byte(offset) == 0xFF else { problem = "no marker at byte \(offset)"; return }
            // Any number of 0xFF fill bytes may precede a marker; they stay with it, so that a
            // stripped file keeps them and strips to itself.
            let start = offset
            while bytes.byte(offset + 1) == 0xFF { offset += 1 }
            guard let marker = bytes.byte(offset + 1) else { problem = "the file ends inside a marker"; return }
            switch marker {
            case 0xD9:
                endOfImage = start..<offset + 2
                return
            case 0xD0...0xD7, 0x01:
                parts.append(.standalone(marker: marker, whole: start..<offset + 2))
                offset += 2
            default:
                guard let length = bytes.uint16(offset + 2, .bigEndian).map(Int.init), length >= 2,
                      let end = bytes.range(offset, 2 + length)?.upperBound else {
                    problem = "the segment at byte \(offset) runs past the end of the file"
                    return
                }
                let whole = start..<end
                parts.append(.segment(marker: marker, whole: whole, payload: offset + 4..<whole.upperBound))
                offset = whole.upperBound
                if marker == 0xDA {
                    let end = Self.endOfScanData(in: bytes, from: offset)
                    parts.append(.scanData(offset..<end))
                    offset = end
                }
            }
        }
        problem = problem ?? "the file ends without an end-of-image marker"
    }

    /// Why reading stopped early, if it did.
    private(set) var problem: String?

    /// The first marker after entropy-coded data: 0xFF followed by neither 0x00 (a stuffed
    /// 0xFF) nor a restart marker, nor 0xFF (fill). Searched with memchr: scans are most of a
    /// file's bytes.
    private static func endOfScanData(in bytes: Bytes, from start: Int) -> Int {
        bytes.storage.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            guard let base = buffer.baseAddress else { return count }
            var index = start
            while index + 1 < count {
                guard let found = memchr(base + index, 0xFF, count - index - 1) else { return count }
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let next = base[position + 1]
                if next != 0x00 && next != 0xFF && !(0xD0...0xD7).contains(next) { return position }
                index = position + (next == 0xFF ? 1 : 2)
            }
            return count
        }
    }

    /// The payload of each segment with this marker whose payload starts with `signature`,
    /// without the signature.
    func payloads(marker: UInt8, signature: [UInt8]) -> [ArraySlice<UInt8>] {
        parts.compactMap { part in
            guard case .segment(marker, _, let payload) = part, payload.count >= signature.count,
                  bytes.has(signature, at: payload.lowerBound) else { return nil }
            return bytes.storage[payload.lowerBound + signature.count..<payload.upperBound]
        }
    }
}

/// The signatures that name what an APPn segment holds.
enum JPEGSignature {
    static let exif = Array("Exif\0\0".utf8)
    static let xmp = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let extendedXMP = Array("http://ns.adobe.com/xmp/extension/\0".utf8)
    static let photoshop = Array("Photoshop 3.0\0".utf8)
    static let icc = Array("ICC_PROFILE\0".utf8)
    static let mpf = Array("MPF\0".utf8)
    static let jfif = Array("JFIF\0".utf8)
    static let jfxx = Array("JFXX\0".utf8)
    static let adobe = Array("Adobe".utf8)
}
