/// The media type of an attachment told from its first bytes (their signatures, as the
/// WHATWG MIME Sniffing Standard lists them), never from its name: what `vault attach ls`
/// shows and an export or a KeePass file carries.
public enum ContentType {
    private static let signatures: [(prefix: [UInt8], type: String)] = [
        ([0xFF, 0xD8, 0xFF], "image/jpeg"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "image/png"),
        (Array("GIF87a".utf8), "image/gif"),
        (Array("GIF89a".utf8), "image/gif"),
        (Array("%PDF-".utf8), "application/pdf"),
        ([0x50, 0x4B, 0x03, 0x04], "application/zip"),
        ([0x1F, 0x8B, 0x08], "application/gzip"),
    ]

    /// The media type of `content`: a known signature's, `text/plain` for UTF-8 text without
    /// control characters other than white space, and `application/octet-stream` otherwise.
    public static func of(_ content: UnsafeRawBufferPointer) -> String {
        if content.count >= 12, content.starts(with: Array("RIFF".utf8)), content[8..<12].elementsEqual(Array("WEBP".utf8)) {
            return "image/webp"
        }
        if let known = signatures.first(where: { content.starts(with: $0.prefix) }) { return known.type }
        let isText = JSONStringText.isUTF8(content)
            && !content.contains { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) || $0 == 0x7F }
        return isText ? "text/plain" : "application/octet-stream"
    }

    /// Whether `type` is one of the photo formats whose metadata `vault attach add` strips.
    public static func isPhoto(_ type: String) -> Bool {
        ["image/jpeg", "image/png", "image/webp"].contains(type)
    }
}
