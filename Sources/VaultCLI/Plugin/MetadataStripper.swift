/// A plugin that removes the private metadata of a file (where, when and with what a photo was
/// taken, who made it) without changing what it shows: `vault attach add` passes each file it
/// keeps through the first stripper that recognizes it.
public protocol MetadataStripper: PluginCapability {
    /// Whether this stripper knows the format of a file that starts with `header` (its first
    /// 16 bytes or fewer).
    func recognizes(header: [UInt8]) -> Bool
    /// `content` without its private metadata, and what was removed, one short description
    /// each (`EXIF (1,234 bytes)`); an error when the file is damaged.
    func strip(_ content: [UInt8]) throws -> (content: [UInt8], removed: [String])
}

extension MetadataStripper {
    public static var capabilityName: String { "metadata-stripper" }
}
