/// A profile that ImageMagick or exiv2 (digiKam) keeps in a PNG text chunk named
/// `Raw profile type TYPE` (`exif`, `APP1`, `iptc`, `8bim`, `xmp`, `icc`, `icm`): the text is
/// `\nTYPE\n  LENGTH\n` and the profile's bytes in hex, broken into lines. Read as exiftool's
/// `ProcessProfile` reads it (lib/Image/ExifTool/PNG.pm): white space anywhere in the hex is
/// skipped, and a declared length that does not match the bytes is noted, not trusted.
struct RawProfile: Sendable {
    static let keywordPrefix = "Raw profile type "
    /// Larger profiles are not decoded (as XMP packets over this size are not scanned).
    static let sizeLimit = XMPPacket.sizeLimit

    /// The type named by the chunk's keyword, lowercased: `exif`, `app1`, `iptc`, …
    let type: String
    /// The profile's bytes; nil when the text cannot be decoded.
    let data: [UInt8]?
    /// Why the text is not what it should be (`has an odd number of hex digits`), if it is not.
    let problem: String?

    /// Nil when the keyword does not name a raw profile.
    init?(keyword: String, text: String) {
        guard keyword.hasPrefix(Self.keywordPrefix) else { return nil }
        type = keyword.dropFirst(Self.keywordPrefix.count).lowercased()
        (data, problem) = Self.decode(text)
    }

    private static func decode(_ text: String) -> ([UInt8]?, String?) {
        let characters = Array(text.utf8)
        let lines = characters.split(separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
        guard characters.first == UInt8(ascii: "\n"), lines.count == 4 else { return (nil, "has no type and length lines") }
        let declared = lines[2].filter { !isSpace($0) }
        guard !declared.isEmpty, declared.allSatisfy({ (0x30...0x39).contains($0) }) else { return (nil, "has no decimal length") }
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in lines[3] where !isSpace(character) {
            guard let digit = digit(character) else { return (nil, "holds a character that is not a hex digit") }
            guard let first = high else { high = digit; continue }
            guard bytes.count < sizeLimit else { return (nil, "is larger than \(sizeLimit >> 20) MiB") }
            bytes.append(first << 4 | digit)
            high = nil
        }
        guard high == nil else { return (nil, "has an odd number of hex digits") }
        let matches = Int(String(decoding: declared, as: UTF8.self)) == bytes.count
        return (bytes, matches ? nil : "says \(String(decoding: declared.prefix(20), as: UTF8.self)) bytes but holds \(bytes.count)")
    }

    private static func digit(_ character: UInt8) -> UInt8? {
        switch character {
        case 0x30...0x39: character - 0x30
        case 0x41...0x46: character - 0x41 + 10
        case 0x61...0x66: character - 0x61 + 10
        default: nil
        }
    }

    private static func isSpace(_ character: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(character) }
}
