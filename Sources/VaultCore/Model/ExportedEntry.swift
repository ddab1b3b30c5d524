import FoundationEssentials

/// An entry as an export carries it: the entry, and each attachment with its content (in the
/// JSON, the entry's `attachments` member holds these files, Base64 and all, where the vault
/// file holds content ids that only the vault's keys give meaning to).
public struct ExportedEntry: Codable, Equatable, Sendable {
    public var entry: Entry
    /// The entry's attachments with their contents, in the entry's order.
    public var files: [ExportedFile]

    public init(entry: Entry, files: [ExportedFile]) {
        self.entry = entry
        self.files = files
    }

    private enum CodingKeys: String, CodingKey {
        case attachments
    }

    /// With this key set in a coder's `userInfo`, an entry's own coding leaves its
    /// `attachments` member to `ExportedEntry`.
    static let filesElsewhereKey = CodingUserInfoKey(rawValue: "vault.filesElsewhere")!

    public init(from decoder: Decoder) throws {
        entry = try Entry(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        files = try container.decodeIfPresent([ExportedFile].self, forKey: .attachments) ?? []
        guard Set(files.map(\.name)).count == files.count else {
            throw DecodingError.dataCorruptedError(forKey: .attachments, in: container, debugDescription: "two attachments of one name")
        }
    }

    public func encode(to encoder: Encoder) throws {
        try entry.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !files.isEmpty { try container.encode(files, forKey: .attachments) }
    }
}

/// An attachment in an export: its name, media type, when it was added and its content
/// (`data`, Base64).
public struct ExportedFile: Codable, Equatable, Sendable {
    public var name: String
    public var type: String
    public var added: Date
    public var data: [UInt8]

    public init(name: String, type: String, added: Date, data: [UInt8]) {
        self.name = name
        self.type = type
        self.added = added
        self.data = data
    }

    private enum CodingKeys: String, CodingKey {
        case name, type, added, data
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        do {
            try AttachmentName.validate(name)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: error.message)
        }
        type = try container.decode(String.self, forKey: .type)
        guard MediaType.isValid(type) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "not a media type such as image/jpeg")
        }
        added = try container.decode(Date.self, forKey: .added)
        var text = Array(try container.decode(String.self, forKey: .data).utf8)
        defer { Sodium.wipe(&text) }
        guard let data = text.withUnsafeBytes(Sodium.base64Decode), data.count <= Attachment.largestSize else {
            throw DecodingError.dataCorruptedError(forKey: .data, in: container, debugDescription: "not Base64, or larger than 4 GiB")
        }
        self.data = data
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encode(added, forKey: .added)
        try container.encode(data.withUnsafeBytes { Sodium.base64Encode($0) }, forKey: .data)
    }
}
