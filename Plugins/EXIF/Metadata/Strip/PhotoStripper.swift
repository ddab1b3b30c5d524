/// Removes every metadata container from a JPEG, PNG or WebP file without touching the
/// compressed image data, keeping what the picture needs to look the same unless told
/// otherwise. A damaged file is refused rather than half-stripped.
public enum PhotoStripper {
    public static func strip(_ data: [UInt8], keep: KeepPolicy = .appearance) throws(PhotoError) -> StripResult {
        let orientation = (try? PhotoReader.read(data))?.orientation
        if let jpeg = JPEGFile(data) { return try JPEGStripper.strip(jpeg, orientation: orientation, keep: keep) }
        if let png = PNGFile(data) { return try PNGStripper.strip(png, orientation: orientation, keep: keep) }
        if let webp = WebPFile(data) { return try WebPStripper.strip(webp, orientation: orientation, keep: keep) }
        throw .unknownFormat
    }
}
