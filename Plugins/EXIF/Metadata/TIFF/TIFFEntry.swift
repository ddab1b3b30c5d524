/// One field of an IFD: its tag, its type and count as stored, and the decoded value.
public struct TIFFEntry: Sendable, Equatable {
    public let tag: UInt16
    public let type: UInt16
    public let count: Int
    public let value: TagValue
}

/// Which directory of an Exif structure an IFD is.
public enum IFDKind: String, Sendable {
    case ifd0 = "IFD0"
    case exif = "ExifIFD"
    case gps = "GPS"
    case interop = "InteropIFD"
    case ifd1 = "IFD1"
}

/// One image file directory: its kind and its fields in stored order.
public struct IFD: Sendable, Equatable {
    public let kind: IFDKind
    public let entries: [TIFFEntry]

    public func value(_ tag: UInt16) -> TagValue? {
        entries.first { $0.tag == tag }?.value
    }
}
