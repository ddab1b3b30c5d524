/// The smallest Exif block that says how to turn the picture: a big-endian TIFF header and one
/// IFD holding only Orientation (tag 0x0112, SHORT), 26 bytes.
enum OrientationExif {
    static func tiff(_ orientation: Int) -> [UInt8] {
        [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8,       // MM, 42, IFD0 at 8
         0, 1,                                     // one entry
         0x01, 0x12, 0, 3, 0, 0, 0, 1,             // Orientation, SHORT, count 1
         0, UInt8(orientation), 0, 0,              // the value, left-justified
         0, 0, 0, 0]                               // no next IFD
    }

    /// Whether `block` is what a strip wrote: an orientation-only Exif block, which stripping
    /// again replaces by itself (so it is not reported as removed).
    static func isOwn(_ block: some Collection<UInt8>, orientation: Int?) -> Bool {
        guard let orientation else { return false }
        return block.elementsEqual(tiff(orientation))
    }

    /// Whether an orientation must be written back: a valid one other than 1 (normal).
    static func needed(_ orientation: Int?, keep: KeepPolicy) -> Int? {
        guard keep == .appearance, let orientation, (2...8).contains(orientation) else { return nil }
        return orientation
    }
}
