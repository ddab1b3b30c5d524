/// A parsed TIFF structure, as an Exif block holds one (APP1, PNG eXIf, WebP EXIF): its IFDs,
/// the thumbnail IFD1 points to, and what was wrong with it. Parsing never fails as a whole:
/// what can be read is kept, and each problem (a loop, a truncated directory, an offset out of
/// bounds) is noted.
public struct TIFFStructure: Sendable {
    public let byteOrder: ByteOrder
    public private(set) var ifds: [IFD] = []
    /// The JPEG thumbnail of IFD1, if its offset and length lie inside the block.
    public private(set) var thumbnail: [UInt8]?
    public private(set) var problems: [String] = []

    /// Sub-directories: the tag in a parent IFD that points to each.
    static let pointers: [(tag: UInt16, kind: IFDKind)] = [(0x8769, .exif), (0x8825, .gps), (0xA005, .interop)]
    /// More entries than this in one IFD is not a photo's metadata.
    static let entryLimit = 1_000
    /// Values larger than this are kept as a length only (a MakerNote, an embedded profile).
    static let valueLimit = 1 << 20
    /// All values of a block together are decoded up to this many bytes; the rest keep their
    /// length only, so that entries pointing at one large region cannot multiply it.
    static let totalValueLimit = 4 << 20
    /// What is left of `totalValueLimit`.
    private var valueBudget = TIFFStructure.totalValueLimit

    /// Parses `block`, which starts with the TIFF header (`II*\0` or `MM\0*`); nil when it does not.
    public init?(_ block: [UInt8]) {
        let bytes = Bytes(block)
        if bytes.has([0x49, 0x49, 0x2A, 0x00], at: 0) {
            byteOrder = .littleEndian
        } else if bytes.has([0x4D, 0x4D, 0x00, 0x2A], at: 0) {
            byteOrder = .bigEndian
        } else {
            return nil
        }
        guard let first = bytes.uint32(4, byteOrder) else { return nil }
        var visited: Set<Int> = []
        var next: Int? = Int(first)
        for kind in [IFDKind.ifd0, .ifd1] {
            guard let offset = next, offset != 0 else { break }
            next = readDirectory(at: offset, kind: kind, in: bytes, visited: &visited)
        }
        if next.map({ $0 != 0 }) == true { problems.append("more image directories after IFD1 were not read") }
        extractThumbnail(from: bytes)
    }

    /// Reads the IFD at `offset` and the sub-IFDs it points to; returns the next IFD's offset.
    private mutating func readDirectory(at offset: Int, kind: IFDKind, in bytes: Bytes, visited: inout Set<Int>) -> Int? {
        guard visited.insert(offset).inserted else {
            problems.append("\(kind.rawValue) points back to a directory already read (a loop)")
            return nil
        }
        guard let count = bytes.uint16(offset, byteOrder).map(Int.init) else {
            problems.append("\(kind.rawValue) lies outside the block")
            return nil
        }
        guard count <= Self.entryLimit else {
            problems.append("\(kind.rawValue) claims \(count) entries")
            return nil
        }
        var entries: [TIFFEntry] = []
        for index in 0..<count {
            guard let entry = readEntry(at: offset + 2 + index * 12, in: bytes, budget: &valueBudget) else {
                problems.append("\(kind.rawValue) is cut short after \(index) of \(count) entries")
                break
            }
            entries.append(entry)
        }
        ifds.append(IFD(kind: kind, entries: entries))
        for (tag, subKind) in Self.pointers {
            guard let pointer = entries.first(where: { $0.tag == tag })?.value.firstInteger, pointer > 0,
                  !ifds.contains(where: { $0.kind == subKind }) else { continue }
            _ = readDirectory(at: Int(pointer), kind: subKind, in: bytes, visited: &visited)
        }
        return bytes.uint32(offset + 2 + count * 12, byteOrder).map(Int.init)
    }

    private func readEntry(at offset: Int, in bytes: Bytes, budget: inout Int) -> TIFFEntry? {
        guard let tag = bytes.uint16(offset, byteOrder), let type = bytes.uint16(offset + 2, byteOrder),
              let count = bytes.uint32(offset + 4, byteOrder).map(Int.init) else { return nil }
        let size = Self.typeSizes[Int(type)] ?? 1
        let (length, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow else { return TIFFEntry(tag: tag, type: type, count: count, value: .bytes([])) }
        let start = length <= 4 ? offset + 8 : bytes.uint32(offset + 8, byteOrder).map(Int.init) ?? -1
        guard length <= Self.valueLimit, length <= budget, let data = bytes.slice(start, length) else {
            return TIFFEntry(tag: tag, type: type, count: count, value: .bytes([]))
        }
        budget -= length
        return TIFFEntry(tag: tag, type: type, count: count, value: TagDecoder(order: byteOrder).decode(Array(data), type: type, count: count))
    }

    private mutating func extractThumbnail(from bytes: Bytes) {
        guard let ifd1 = ifds.first(where: { $0.kind == .ifd1 }),
              let start = ifd1.value(0x0201)?.firstInteger, let length = ifd1.value(0x0202)?.firstInteger else { return }
        if let data = bytes.slice(Int(start), Int(length)) {
            thumbnail = Array(data)
        } else {
            problems.append("the thumbnail's offset or length lies outside the block")
        }
    }

    /// Bytes per value of each TIFF type (1 BYTE … 12 DOUBLE, 13 IFD).
    static let typeSizes: [Int: Int] = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4]
}
