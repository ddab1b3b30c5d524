/// What the stripper may keep: what the picture needs to look the same (the default), or nothing.
public enum KeepPolicy: String, Sendable, CaseIterable {
    /// The ICC profile, Adobe's colour transform, JFIF, PNG's colour chunks, and Orientation.
    case appearance
    /// Only the image data.
    case none
}

/// A stripped file and what was done to it.
public struct StripResult: Sendable {
    public let format: ImageFormat
    public let output: [UInt8]
    /// What was removed, one short description each: `EXIF (1,234 bytes)`, `trailer (5 bytes)`.
    public let removed: [String]
    /// What was kept because the picture needs it: `ICC profile`, `Orientation 6`.
    public let kept: [String]
}

/// Builds the list of removed and kept parts while a stripper walks a file.
struct StripLedger {
    private(set) var removed: [String] = []
    private(set) var kept: [String] = []

    mutating func remove(_ what: String, bytes: Int) {
        removed.append("\(what) (\(bytes) bytes)")
    }

    mutating func keep(_ what: String) {
        if !kept.contains(what) { kept.append(what) }
    }
}
