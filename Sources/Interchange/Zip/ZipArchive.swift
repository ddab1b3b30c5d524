import Inflate

/// Why a ZIP archive could not be read. Names paths inside the archive, never contents.
public enum ZipError: Error, Equatable, Sendable {
    case notAZip
    case truncated
    case multiDisk
    case duplicate(String)
    case missing(String)
    case encrypted(String)
    case unsupportedMethod(path: String, method: UInt16)
    case tooLarge(String)
    case corrupt(path: String, why: String)

    public var message: String {
        switch self {
        case .notAZip: return "it is not a ZIP archive"
        case .truncated: return "the ZIP archive is cut short"
        case .multiDisk: return "the ZIP archive is split across several files"
        case .duplicate(let path): return "the ZIP archive holds '\(path)' twice"
        case .missing(let path): return "the ZIP archive has no '\(path)'"
        case .encrypted(let path): return "'\(path)' in the ZIP archive is encrypted"
        case .unsupportedMethod(let path, let method): return "'\(path)' in the ZIP archive uses compression method \(method) (stored and deflate are read)"
        case .tooLarge(let path): return "'\(path)' in the ZIP archive is too large"
        case .corrupt(let path, let why): return "'\(path)' in the ZIP archive is damaged: \(why)"
        }
    }
}

/// Reads files out of a ZIP archive held in memory (PKWARE's APPNOTE.TXT): the central
/// directory (ZIP64 included), then each file's local header and data, stored or deflated (by
/// zlib), checked against its CRC-32 and declared size. Every offset and length is
/// checked against the archive, so a hostile archive is refused, never read out of bounds. A
/// few dozen lines where the ZIP packages at hand would bring all of Foundation along.
public struct ZipArchive: Sendable {
    private struct Member: Sendable {
        var flags: UInt16
        var method: UInt16
        var crc: UInt32
        var compressedSize: UInt64
        var size: UInt64
        var localHeader: UInt64
    }

    private let bytes: [UInt8]
    private var members: [String: Member] = [:]
    /// Every file's path, in the order of the central directory.
    public private(set) var paths: [String] = []

    public init(bytes: [UInt8]) throws(ZipError) {
        self.bytes = bytes
        guard bytes.count >= 22 else { throw .notAZip }
        // The end of central directory record: its signature, searched for backwards over the
        // longest comment it may have.
        var end = -1
        var index = bytes.count - 22
        while index >= max(0, bytes.count - 22 - 65_535) {
            if read32(index) == 0x0605_4B50 { end = index; break }
            index -= 1
        }
        guard end >= 0 else { throw .notAZip }
        guard read16(end + 4) == 0, read16(end + 6) == 0 else { throw .multiDisk }
        var count = UInt64(read16(end + 10))
        var directorySize = UInt64(read32(end + 12))
        var directoryOffset = UInt64(read32(end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: a locator just before the record points at the larger record.
            guard end >= 20, read32(end - 20) == 0x0706_4B50 else { throw .truncated }
            let record = try offset(read64(end - 12), length: 56)
            guard read32(record) == 0x0606_4B50 else { throw .truncated }
            count = read64(record + 32)
            directorySize = read64(record + 40)
            directoryOffset = read64(record + 48)
        }
        var cursor = try offset(directoryOffset, length: directorySize)
        for _ in 0..<count {
            _ = try offset(UInt64(cursor), length: 46)
            guard read32(cursor) == 0x0201_4B50 else { throw .truncated }
            let nameLength = Int(read16(cursor + 28)), extraLength = Int(read16(cursor + 30)), commentLength = Int(read16(cursor + 32))
            let nameStart = try offset(UInt64(cursor + 46), length: UInt64(nameLength + extraLength + commentLength))
            let path = String(decoding: bytes[nameStart..<nameStart + nameLength], as: UTF8.self)
            var member = Member(flags: read16(cursor + 8), method: read16(cursor + 10), crc: read32(cursor + 16),
                                compressedSize: UInt64(read32(cursor + 20)), size: UInt64(read32(cursor + 24)),
                                localHeader: UInt64(read32(cursor + 42)))
            try readZip64Extra(at: nameStart + nameLength, length: extraLength, into: &member)
            guard members[path] == nil else { throw .duplicate(path) }
            members[path] = member
            paths.append(path)
            cursor = nameStart + nameLength + extraLength + commentLength
        }
    }

    /// The contents of the file at `path`, refused when it declares more than `limit` bytes.
    public func contents(of path: String, limit: Int) throws(ZipError) -> [UInt8] {
        guard let member = members[path] else { throw .missing(path) }
        guard member.flags & 1 == 0 else { throw .encrypted(path) }
        guard member.size <= UInt64(limit) else { throw .tooLarge(path) }
        let header = try offset(member.localHeader, length: 30)
        guard read32(header) == 0x0403_4B50 else { throw .corrupt(path: path, why: "no local header") }
        let dataStart = header + 30 + Int(read16(header + 26)) + Int(read16(header + 28))
        let start = try offset(UInt64(dataStart), length: member.compressedSize)
        let data = bytes[start..<start + Int(member.compressedSize)]
        let result: [UInt8]
        switch member.method {
        case 0:
            result = Array(data)
        case 8:
            guard let inflated = Inflate.bytes(of: data, framing: .raw, limit: Int(member.size)) else {
                throw .corrupt(path: path, why: "the compressed data does not inflate")
            }
            result = inflated
        default:
            throw .unsupportedMethod(path: path, method: member.method)
        }
        guard result.count == Int(member.size) else { throw .corrupt(path: path, why: "its size is not the one declared") }
        guard CRC32.checksum(result) == member.crc else { throw .corrupt(path: path, why: "its CRC-32 does not match") }
        return result
    }

    /// The 64-bit sizes and offset of a ZIP64 extra field, where the 32-bit ones are all ones.
    private func readZip64Extra(at start: Int, length: Int, into member: inout Member) throws(ZipError) {
        var cursor = start
        while cursor + 4 <= start + length {
            let id = read16(cursor), size = Int(read16(cursor + 2))
            guard cursor + 4 + size <= start + length else { throw .truncated }
            if id == 0x0001 {
                var field = cursor + 4
                for keyPath in [\Member.size, \Member.compressedSize, \Member.localHeader] where member[keyPath: keyPath] == 0xFFFF_FFFF {
                    guard field + 8 <= cursor + 4 + size else { throw .truncated }
                    member[keyPath: keyPath] = read64(field)
                    field += 8
                }
            }
            cursor += 4 + size
        }
    }

    /// `start` as an index, when `length` bytes from it lie inside the archive.
    private func offset(_ start: UInt64, length: UInt64) throws(ZipError) -> Int {
        guard start <= UInt64(bytes.count), length <= UInt64(bytes.count) - start else { throw .truncated }
        return Int(start)
    }

    private func read16(_ index: Int) -> UInt16 { UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 }
    private func read32(_ index: Int) -> UInt32 { UInt32(read16(index)) | UInt32(read16(index + 2)) << 16 }
    private func read64(_ index: Int) -> UInt64 { UInt64(read32(index)) | UInt64(read32(index + 4)) << 32 }
}

/// CRC-32 with the IEEE polynomial, as ZIP stores it.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { value in
        (0..<8).reduce(UInt32(value)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
