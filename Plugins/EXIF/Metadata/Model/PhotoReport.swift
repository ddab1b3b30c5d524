/// The image formats the reader and the stripper know.
public enum ImageFormat: String, Sendable {
    case jpeg = "JPEG"
    case png = "PNG"
    case webp = "WebP"

    /// The format of a file that starts with `header` (its first 12 bytes or more), if it is
    /// one of these.
    public init?(header: [UInt8]) {
        if JPEGFile.looksLikeJPEG(header) {
            self = .jpeg
        } else if header.starts(with: PNGFile.signature) {
            self = .png
        } else if WebPFile.looksLikeWebP(header) {
            self = .webp
        } else {
            return nil
        }
    }
}

/// What a photo gives away: every metadata item found, the GPS position, the orientation, and
/// what could not be read.
public struct PhotoReport: Sendable {
    public let format: ImageFormat
    public internal(set) var items: [MetadataItem] = []
    public internal(set) var gps: GPSPosition?
    /// Exif's Orientation (1 to 8), if stored.
    public internal(set) var orientation: Int?
    /// How many embedded preview images there are (each one's own metadata is among `items`,
    /// grouped under `Thumbnail`).
    public internal(set) var thumbnails = 0
    /// Damage and oddities met while reading: the file was read as far as it could be.
    public internal(set) var problems: [String] = []

    init(format: ImageFormat) { self.format = format }

    /// Whether anything privacy-relevant is there: what `vault exif` exits 10 for.
    public var hasPrivateMetadata: Bool { items.contains { $0.category.isPrivate } }

    /// The items privacy-relevant first, by category, keeping the order found within one.
    public var itemsByCategory: [MetadataItem] {
        items.enumerated().sorted { ($0.element.category, $0.offset) < ($1.element.category, $1.offset) }.map(\.element)
    }

    mutating func add(_ exif: ExifBlock, nested: Bool) {
        items += nested ? exif.items.map(Self.inThumbnail) : exif.items
        problems += exif.problems
        if !nested {
            orientation = orientation ?? exif.orientation
            gps = gps ?? exif.gps
        }
    }

    /// An XMP packet's items, with its GPS position and orientation where nothing read before
    /// gave one.
    mutating func add(_ packet: XMPPacket, group: String) {
        items += XMPItems.items(packet, group: group)
        gps = gps ?? XMPItems.position(packet)
        orientation = orientation ?? packet.values("tiff:Orientation").first.flatMap { Int($0) }
    }

    /// An ICC profile's names, and what in it is malformed.
    mutating func add(profile: [UInt8], group: String) {
        let (profileItems, problem) = ICCProfile.read(profile, group: group)
        items += profileItems
        if let problem { problems.append(problem) }
    }

    /// An embedded preview: one item for it, then its own metadata.
    mutating func addThumbnail(_ data: [UInt8], from group: String, depth: Int) {
        thumbnails += 1
        items.append(MetadataItem(group: group, name: "ThumbnailImage", value: "(\(data.count) bytes of JPEG)", category: .thumbnail))
        guard depth < 2, let inner = try? PhotoReader.read(data, depth: depth + 1) else { return }
        items += inner.items.map(Self.inThumbnail)
        thumbnails += inner.thumbnails
    }

    private static func inThumbnail(_ item: MetadataItem) -> MetadataItem {
        MetadataItem(group: "Thumbnail " + item.group, name: item.name, value: item.value,
                     category: item.category.isPrivate ? item.category : .thumbnail)
    }
}

/// A file that is not a photo this reader knows.
public enum PhotoError: Error, Equatable, Sendable {
    case unknownFormat
    case damaged(String)

    public var message: String {
        switch self {
        case .unknownFormat: "not a JPEG, PNG or WebP image"
        case .damaged(let reason): "the image is damaged (\(reason))"
        }
    }
}
