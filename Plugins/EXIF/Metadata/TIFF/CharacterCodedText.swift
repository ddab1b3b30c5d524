/// Text behind an 8-byte character code, as UserComment, GPSProcessingMethod and
/// GPSAreaInformation store it (Exif 2.32 4.6.5, table 9): `ASCII\0\0\0`, `UNICODE\0` (UTF-16),
/// `JIS\0\0\0\0\0` (JIS X 0208) or eight NULs (undefined). Read as exiftool's
/// `ConvertExifText` reads it (lib/Image/ExifTool/Exif.pm): spaces are accepted in place of the
/// NULs, ASCII and undefined text ends at its first NUL, trailing spaces are dropped, and a
/// code it does not know leaves the bytes as they are, code included.
enum CharacterCodedText {
    /// The text; `order` is the TIFF structure's, which UTF-16 is read in unless its bytes say
    /// otherwise.
    static func decode(_ bytes: [UInt8], order: ByteOrder) -> String {
        guard bytes.count >= 8 else { return ValueText.generic(.bytes(bytes)) }
        let code = Array(bytes.prefix(8)), body = Array(bytes.dropFirst(8))
        let text: String
        if isASCII(code) {
            text = String(decoding: body.prefix { $0 != 0 }, as: UTF8.self)
        } else if code.starts(with: Array("UNICODE".utf8)), code[7] == 0 || code[7] == 0x20 {
            text = unicode(body, order: order)
        } else if code.starts(with: Array("JIS".utf8)), code.dropFirst(3).allSatisfy({ $0 == 0 || $0 == 0x20 }) {
            text = JISText.decode(body, order: order) ?? "(\(body.count) bytes of JIS text)"
        } else {
            text = ValueText.generic(.bytes(bytes))
        }
        return text.trimmingTrailingSpaces
    }

    /// `ASCII` then a NUL or only NULs and spaces; or a NUL first (the undefined code, and
    /// writers that put garbage after it); or only NULs and spaces.
    private static func isASCII(_ code: [UInt8]) -> Bool {
        let blank: (UInt8) -> Bool = { $0 == 0 || $0 == 0x20 }
        let rest = code.starts(with: Array("ASCII".utf8)) ? Array(code.dropFirst(5)) : code
        return rest.first == 0 || rest.allSatisfy(blank)
    }

    /// UTF-16 up to its first NUL: a byte-order mark decides the order; without one the TIFF
    /// order is tried and swapped when the bytes say it is wrong, as exiftool's `Decompose`
    /// (lib/Image/ExifTool/Charset.pm) guesses: the low byte of a character varies more than
    /// its high byte, and the high byte is more often zero. (Microsoft's tools write
    /// little-endian text into big-endian Exif.)
    private static func unicode(_ bytes: [UInt8], order: ByteOrder) -> String {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return ValueText.utf16(bytes.dropFirst(2), bytes.first == 0xFE ? .bigEndian : .littleEndian)
        }
        let reader = Bytes(bytes)
        let units = (0..<bytes.count / 2).compactMap { reader.uint16($0 * 2, order) }
        let high = Set(units.map { $0 >> 8 }).count, low = Set(units.map { $0 & 0xFF }).count
        let highZero = units.filter { $0 & 0xFF00 == 0 }.count, lowZero = units.filter { $0 & 0x00FF == 0 }.count
        let swapped = high > low || (high == low && lowZero > highZero)
        return ValueText.utf16(bytes, swapped ? (order == .bigEndian ? .littleEndian : .bigEndian) : order)
    }
}
