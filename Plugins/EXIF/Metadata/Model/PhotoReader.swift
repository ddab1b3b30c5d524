/// Reads what a JPEG, PNG or WebP file's metadata gives away. Never traps on hostile input:
/// every offset is bounds-checked, loops are detected, allocations are capped, and a damaged
/// file is read as far as it goes.
public enum PhotoReader {
    public static func read(_ data: [UInt8]) throws(PhotoError) -> PhotoReport {
        try read(data, depth: 0)
    }

    static func read(_ data: [UInt8], depth: Int) throws(PhotoError) -> PhotoReport {
        if let jpeg = JPEGFile(data) { return JPEGMetadata.read(jpeg, depth: depth) }
        if let png = PNGFile(data) { return PNGMetadata.read(png, depth: depth) }
        if let webp = WebPFile(data) { return WebPMetadata.read(webp, depth: depth) }
        throw .unknownFormat
    }
}
