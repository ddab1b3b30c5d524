#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text in JIS X 0208 as Exif's `JIS` character code stores it: two bytes per character, each
/// 0x21–0x7E (the row and the cell of the 94 × 94 table), no escapes. glibc's EUC-JP converter
/// holds the table (EUC-JP is the same pair with the high bit set on both bytes), so no copy of
/// it is kept here. As exiftool (`Decode($str, 'JIS', 'Unknown')`), the pairs are read in the
/// TIFF structure's byte order and again in the other when that leaves fewer characters
/// unreadable; a character outside the table reads as U+FFFD, and a NUL pair ends the text.
enum JISText {
    /// The text, or nil when the converter is missing from the system.
    static func decode(_ bytes: [UInt8], order: ByteOrder) -> String? {
        let converter = iconv_open("UTF-8", "EUC-JP")
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        let pairs = stride(from: 0, to: bytes.count - 1, by: 2).map { (bytes[$0], bytes[$0 + 1]) }
            .prefix { $0 != (0, 0) }
        let asStored = read(pairs, swapped: order == .littleEndian, converter: converter!)
        guard asStored.unreadable > 0 else { return asStored.text }
        let other = read(pairs, swapped: order != .littleEndian, converter: converter!)
        return other.unreadable < asStored.unreadable ? other.text : asStored.text
    }

    /// The pairs read high byte first, or low byte first when `swapped`.
    private static func read(_ pairs: some Sequence<(UInt8, UInt8)>, swapped: Bool, converter: iconv_t) -> (text: String, unreadable: Int) {
        var text = "", unreadable = 0
        for pair in pairs {
            let (row, cell) = swapped ? (pair.1, pair.0) : pair
            if let character = character(row: row, cell: cell, converter: converter) {
                text.append(character)
            } else {
                text.append("\u{FFFD}")
                unreadable += 1
            }
        }
        return (text, unreadable)
    }

    private static func character(row: UInt8, cell: UInt8, converter: iconv_t) -> String? {
        guard (0x21...0x7E).contains(row), (0x21...0x7E).contains(cell) else { return nil }
        var input: [CChar] = [CChar(bitPattern: row | 0x80), CChar(bitPattern: cell | 0x80)]
        var output = [UInt8](repeating: 0, count: 8)
        let written: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = inBuffer.baseAddress
                var inLeft = 2
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                var outLeft = outBuffer.count
                iconv(converter, nil, nil, nil, nil)  // back to the initial state
                guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else { return nil }
                return outBuffer.count - outLeft
            }
        }
        return written.map { String(decoding: output.prefix($0), as: UTF8.self) }
    }
}
