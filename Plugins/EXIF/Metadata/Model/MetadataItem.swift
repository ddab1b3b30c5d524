/// What kind of thing an item gives away; everything but `.profile` and `.image` is
/// privacy-relevant.
public enum PrivacyCategory: String, Sendable, CaseIterable, Comparable {
    /// Where: GPS position, altitude, direction, place names.
    case location
    /// With what: make, model, serial numbers, lens, software.
    case device
    /// By whom: artist, owner, copyright, creator, credits.
    case people
    /// When: capture, digitisation and modification times.
    case time
    /// Embedded preview images, which keep their own metadata and may show the picture before a crop.
    case thumbnail
    /// Free text: descriptions, comments, captions, keywords, titles.
    case text
    /// Identifiers that link photos together: unique image ids, document ids, MakerNote data.
    case identifier
    /// The names a colour profile carries (its description, copyright, and the device it was
    /// made for, which can be the camera or scanner): not counted as privacy-relevant, since
    /// the colours depend on the profile and stripping keeps it, but listed, so that a person
    /// can see what it names.
    case profile
    /// How the picture is stored or looks (orientation, resolution, colour): not personal.
    case image

    public var isPrivate: Bool { self != .image && self != .profile }

    /// Privacy-relevant categories first, in the order a person reading wants them.
    public static func < (a: PrivacyCategory, b: PrivacyCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One piece of metadata found in a file, with where it was stored.
public struct MetadataItem: Sendable, Equatable {
    /// The container and directory: `EXIF IFD0`, `EXIF GPS`, `XMP`, `IPTC`, `PNG tEXt`, `JPEG COM`.
    public let group: String
    /// The field's name as exiftool names it: `Make`, `GPSLatitude`, `Artist`.
    public let name: String
    /// The value as text for a person.
    public let value: String
    public let category: PrivacyCategory

    public init(group: String, name: String, value: String, category: PrivacyCategory) {
        self.group = group
        self.name = name
        self.value = value
        self.category = category
    }
}
