/// Turns a field's bytes into a `TagValue` by its TIFF type.
struct TagDecoder {
    let order: ByteOrder

    func decode(_ data: [UInt8], type: UInt16, count: Int) -> TagValue {
        let bytes = Bytes(data)
        switch type {
        case 1: return .integers(data.map { Int64($0) })
        case 6: return .integers(data.map { Int64(Int8(bitPattern: $0)) })
        case 2: return .text(String(decoding: data.prefix { $0 != 0 }, as: UTF8.self))
        case 3: return .integers((0..<count).compactMap { bytes.uint16($0 * 2, order).map(Int64.init) })
        case 8: return .integers((0..<count).compactMap { bytes.uint16($0 * 2, order).map { Int64(Int16(bitPattern: $0)) } })
        case 4, 13: return .integers((0..<count).compactMap { bytes.uint32($0 * 4, order).map(Int64.init) })
        case 9: return .integers((0..<count).compactMap { bytes.uint32($0 * 4, order).map { Int64(Int32(bitPattern: $0)) } })
        case 5, 10:
            return .rationals((0..<count).compactMap { index in
                guard let top = bytes.uint32(index * 8, order), let bottom = bytes.uint32(index * 8 + 4, order) else { return nil }
                return type == 5 ? Rational(numerator: Int64(top), denominator: Int64(bottom))
                    : Rational(numerator: Int64(Int32(bitPattern: top)), denominator: Int64(Int32(bitPattern: bottom)))
            })
        case 11: return .reals((0..<count).compactMap { bytes.uint32($0 * 4, order).map { Double(Float(bitPattern: $0)) } })
        case 12: return .reals((0..<count).compactMap { bytes.uint64($0 * 8, order).map { Double(bitPattern: $0) } })
        default: return .bytes(data)
        }
    }
}
