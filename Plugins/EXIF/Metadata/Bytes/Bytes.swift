/// Bounds-checked reads from a byte array: every read returns nil instead of trapping when it
/// would go past the end, so that hostile input can only make a parser stop, never crash it.
/// Offsets are `Int`; additions that could overflow are checked.
struct Bytes: Sendable {
    let storage: [UInt8]

    init(_ storage: [UInt8]) { self.storage = storage }

    var count: Int { storage.count }

    /// The range `offset..<offset+length`, or nil when any of it lies outside.
    func range(_ offset: Int, _ length: Int) -> Range<Int>? {
        guard offset >= 0, length >= 0 else { return nil }
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, end <= storage.count else { return nil }
        return offset..<end
    }

    func slice(_ offset: Int, _ length: Int) -> ArraySlice<UInt8>? {
        range(offset, length).map { storage[$0] }
    }

    func byte(_ offset: Int) -> UInt8? {
        offset >= 0 && offset < storage.count ? storage[offset] : nil
    }

    func uint16(_ offset: Int, _ order: ByteOrder) -> UInt16? {
        guard let range = range(offset, 2) else { return nil }
        let a = UInt16(storage[range.lowerBound]), b = UInt16(storage[range.lowerBound + 1])
        return order == .bigEndian ? a << 8 | b : b << 8 | a
    }

    func uint32(_ offset: Int, _ order: ByteOrder) -> UInt32? {
        guard let high = uint16(offset + (order == .bigEndian ? 0 : 2), order),
              let low = uint16(offset + (order == .bigEndian ? 2 : 0), order) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    func uint64(_ offset: Int, _ order: ByteOrder) -> UInt64? {
        guard let high = uint32(offset + (order == .bigEndian ? 0 : 4), order),
              let low = uint32(offset + (order == .bigEndian ? 4 : 0), order) else { return nil }
        return UInt64(high) << 32 | UInt64(low)
    }

    /// Whether the bytes at `offset` are `prefix`.
    func has(_ prefix: [UInt8], at offset: Int) -> Bool {
        guard let slice = slice(offset, prefix.count) else { return false }
        return slice.elementsEqual(prefix)
    }
}
