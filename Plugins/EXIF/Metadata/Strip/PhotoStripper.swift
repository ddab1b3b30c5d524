/// Removes every metadata container from a JPEG, PNG or WebP file without touching the
/// compressed image data, keeping what the picture needs to look the same unless told
/// otherwise. A damaged file is refused rather than half-stripped.
///
/// Every result is read back before it is returned: a file whose stripped form would still show
/// privacy-relevant metadata, or would no longer read as a whole image (a malformed file whose
/// parts fall together differently once the metadata between them is gone), or keeps a part that
/// cannot be read through (a damaged ICC profile), is refused as damaged rather than written.
public enum PhotoStripper {
    public static func strip(_ data: [UInt8], keep: KeepPolicy = .appearance) throws(PhotoError) -> StripResult {
        let result = try stripOnce(data, keep: keep)
        guard let check = try? PhotoReader.read(result.output), !check.hasPrivateMetadata else {
            throw .damaged("its structure is malformed in a way that would leave metadata behind")
        }
        if let first = check.problems.first {
            // A kept part that cannot be read through (a damaged ICC profile) could hide a name.
            let profile = check.problems.first { $0.hasPrefix(ICCProfile.problemPrefix) }
            throw .damaged(keep == .appearance && profile != nil ? profile! + "; --keep none leaves the profile out" : first)
        }
        return result
    }

    /// Parses the file once, for its orientation and for the stripping.
    private static func stripOnce(_ data: [UInt8], keep: KeepPolicy) throws(PhotoError) -> StripResult {
        if let jpeg = JPEGFile(data) {
            return try JPEGStripper.strip(jpeg, orientation: JPEGMetadata.read(jpeg, depth: 0).orientation, keep: keep)
        }
        if let png = PNGFile(data) {
            return try PNGStripper.strip(png, orientation: PNGMetadata.read(png, depth: 0).orientation, keep: keep)
        }
        if let webp = WebPFile(data) {
            return try WebPStripper.strip(webp, orientation: WebPMetadata.read(webp, depth: 0).orientation, keep: keep)
        }
        throw .unknownFormat
    }
}
