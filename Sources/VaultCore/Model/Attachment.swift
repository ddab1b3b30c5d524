import FoundationEssentials

/// A file kept with an entry (`vault attach`): its name, what it is, and the id of its
/// content, which is sealed on its own in a file beside the vault (`AttachmentSealer`), so that
/// reading an entry never reads its attachments and one content attached twice is stored once.
public struct Attachment: Codable, Equatable, Sendable {
    /// The file's name, unique among the entry's attachments (`AttachmentName`).
    public var name: String
    /// The content's id in this vault: 64 lower-case hex digits (`AttachmentSealer.contentID`).
    public var content: String
    /// The content's length in bytes.
    public var size: Int
    /// The content's media type (`image/jpeg`, `application/pdf`…), as told from its bytes.
    public var type: String
    /// When it was attached.
    public var added: Date

    public init(name: String, content: String, size: Int, type: String, added: Date) {
        self.name = name
        self.content = content
        self.size = size
        self.type = type
        self.added = added
    }

    /// The largest content vault keeps: 4 GiB less one byte (whatever the configured limit).
    public static let largestSize = (1 << 32) - 1

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        content = try container.decode(String.self, forKey: .content)
        size = try container.decode(Int.self, forKey: .size)
        type = try container.decode(String.self, forKey: .type)
        added = try container.decode(Date.self, forKey: .added)
        guard Self.isContentID(content), (0...Self.largestSize).contains(size), (try? AttachmentName.validate(name)) != nil,
              MediaType.isValid(type) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an attachment"))
        }
    }

    /// The attachment's bytes in a fixed order, to compare and order versions of it.
    var orderKey: [UInt8] {
        Array("\(name)\u{0}\(content)\u{0}\(size)\u{0}\(type)\u{0}\(Int64(added.timeIntervalSince1970.rounded(.down)))".utf8)
    }

    /// Whether `text` has the form of a content id.
    public static func isContentID(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { HexDigit.value(of: $0) != nil && !(UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
    }
}

/// Rules for attachment names: a file's name, which `vault attach get` writes to unless told
/// otherwise, so never a path: not empty, not `.` or `..`, no `/`, no control character, at
/// most 255 bytes (a Linux file name's limit).
public enum AttachmentName {
    public static func validate(_ name: String) throws(EntryError) {
        if name.isEmpty || name == "." || name == ".." { throw .invalidField("'\(name)' cannot name an attachment") }
        if name.utf8.count > 255 { throw .invalidField("an attachment's name is at most 255 bytes") }
        if name.contains("/") { throw .invalidField("an attachment's name is a file's name, without '/'") }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidField("attachment names cannot contain control characters")
        }
    }
}

/// The form of a media type as vault stores it (RFC 6838's `type/subtype`, lower case, no
/// parameters): what an attachment's type must look like.
enum MediaType {
    static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789!#$&-^_.+".utf8)
        return parts.count == 2 && text.utf8.count <= 127
            && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(allowed.contains) }
    }
}
