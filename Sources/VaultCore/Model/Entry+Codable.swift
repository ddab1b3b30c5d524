import FoundationEssentials

/// The JSON form of an entry. Optional text fields are left out when absent, and so is the type
/// when it is `login` and the attachments when there are none; other lists are always written and default to empty when read, so hand-written
/// imports may omit them.
extension Entry: Codable {
    enum CodingKeys: String, CodingKey {
        case name, type, username, password, urls, notes, fields, tags, created, modified, history, otp, attachments, id
        case clocks = "clock"
    }

    /// With this key set in the encoder's `userInfo`, the clocks are left out: exports carry the
    /// id but not the stamps, since an import is a change of its own.
    static let omitClocksKey = CodingUserInfoKey(rawValue: "vault.omitClocks")!

    /// With this key set in the encoder's `userInfo`, the name is left out; `EntryLine` writes
    /// it first itself, so that a line can be found by name without decoding it.
    static let omitNameKey = CodingUserInfoKey(rawValue: "vault.omitName")!

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decodeIfPresent(EntryType.self, forKey: .type) ?? .login
        username = try container.decodeIfPresent(String.self, forKey: .username)
        password = try container.decodeIfPresent(String.self, forKey: .password)
        urls = try container.decodeIfPresent([String].self, forKey: .urls) ?? []
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        fields = try container.decodeIfPresent([CustomField].self, forKey: .fields) ?? []
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        created = try container.decode(Date.self, forKey: .created)
        modified = try container.decodeIfPresent(Date.self, forKey: .modified) ?? created
        history = try container.decodeIfPresent([PasswordChange].self, forKey: .history) ?? []
        otp = try container.decodeIfPresent(String.self, forKey: .otp)
        // In an export, the attachments are files with their contents, which `ExportedEntry` reads.
        attachments = decoder.userInfo[ExportedEntry.filesElsewhereKey] as? Bool == true
            ? [] : try container.decodeIfPresent([Attachment].self, forKey: .attachments) ?? []
        guard Set(attachments.map(\.name)).count == attachments.count else {
            throw DecodingError.dataCorruptedError(forKey: .attachments, in: container, debugDescription: "two attachments of one name")
        }
        if let id = try container.decodeIfPresent(String.self, forKey: .id) {
            guard LowercaseUUID.isValid(id) else {
                throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "not a lower-case UUID")
            }
            self.id = id
        } else {
            id = Entry.legacyID(name: name, created: created)
        }
        clocks = try Self.decodeClocks(in: container)
    }

    /// The clock as version 5 writes it, each stamp once with the parts it dates
    /// (`{"STAMP": ["name", "password", …]}`), or as version 4 did, part by part
    /// (`{"name": "STAMP", …}`).
    private static func decodeClocks(in container: KeyedDecodingContainer<CodingKeys>) throws -> [String: Stamp] {
        guard let members = try container.decodeIfPresent([String: ClockMember].self, forKey: .clocks) else { return [:] }
        do {
            return try clocks(of: members)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .clocks, in: container, debugDescription: error.reason)
        }
    }

    /// Each part's stamp from the members of a clock in either form; the two forms mixed, a
    /// part dated twice or a stamp with no part is refused.
    static func clocks(of members: [String: ClockMember]) throws(ClockFault) -> [String: Stamp] {
        var clocks: [String: Stamp] = [:]
        let grouped = members.values.contains { if case .parts = $0 { true } else { false } }
        for (key, member) in members {
            switch (member, grouped) {
            case (.stamp(let stamp), false):
                clocks[key] = stamp
            case (.parts(let parts), true):
                guard let stamp = Stamp(key), !parts.isEmpty else { throw ClockFault(reason: "not a change stamp with its parts") }
                for part in parts where clocks.updateValue(stamp, forKey: part) != nil {
                    throw ClockFault(reason: "a part dated twice")
                }
            default:
                throw ClockFault(reason: "parts and stamps mixed")
            }
        }
        return clocks
    }

    /// Why a clock's members cannot be read.
    struct ClockFault: Error {
        let reason: String
    }

    /// One member of a clock: a part's stamp (version 4), or a stamp's parts (version 5).
    enum ClockMember: Decodable {
        case stamp(Stamp)
        case parts([String])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let parts = try? container.decode([String].self) {
                self = .parts(parts)
            } else {
                self = .stamp(try container.decode(Stamp.self))
            }
        }
    }

    public func encode(to encoder: Encoder) throws {
        for (date, key) in [(created, CodingKeys.created), (modified, .modified)] + history.map({ ($0.replaced, CodingKeys.history) })
        where !EntryDates.canStore(date) {
            throw EncodingError.invalidValue(date, .init(codingPath: encoder.codingPath + [key], debugDescription: "a date outside the years 1 to 9999"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        if encoder.userInfo[Entry.omitNameKey] as? Bool != true {
            try container.encode(name, forKey: .name)
        }
        if type != .login { try container.encode(type, forKey: .type) }
        try container.encodeIfPresent(username, forKey: .username)
        try container.encodeIfPresent(password, forKey: .password)
        try container.encode(urls, forKey: .urls)
        try container.encodeIfPresent(notes, forKey: .notes)
        try container.encode(fields, forKey: .fields)
        try container.encode(tags, forKey: .tags)
        try container.encode(created, forKey: .created)
        try container.encode(modified, forKey: .modified)
        try container.encode(history, forKey: .history)
        try container.encodeIfPresent(otp, forKey: .otp)
        // Left out when there are none, so that an entry without attachments is written as
        // version 5 wrote it.
        if !attachments.isEmpty && encoder.userInfo[ExportedEntry.filesElsewhereKey] as? Bool != true {
            try container.encode(attachments, forKey: .attachments)
        }
        try container.encode(id, forKey: .id)
        if encoder.userInfo[Entry.omitClocksKey] as? Bool != true && !clocks.isEmpty {
            // Each stamp once, with the parts it dates in the byte order of their names: most
            // parts of an entry share a stamp, and this keeps the sealed entry (and each git
            // commit) small.
            let byStamp = Dictionary(grouping: clocks.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, by: { clocks[$0]!.description })
            try container.encode(byStamp, forKey: .clocks)
        }
    }
}

/// The JSON coders every part of the vault uses for entries: sorted keys, unescaped slashes,
/// ISO 8601 timestamps in UTC.
public enum EntryJSON {
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// A whole JSON document as vault prints and exports it: pretty, keys sorted, ending in a
    /// newline, with the characters a terminal would act on written as `\u` escapes
    /// (`JSONTerminalEscapes`), so it decodes to exactly the values and is safe to print.
    /// Entries in it carry their ids but not their change stamps.
    public static func document(_ value: some Encodable, userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> Data {
        let encoder = encoder(pretty: true)
        encoder.userInfo[Entry.omitClocksKey] = true
        encoder.userInfo.merge(userInfo) { $1 }
        var data = try encoder.encode(value)
        defer { data.resetBytes(in: 0..<data.count) }
        return JSONTerminalEscapes.escaped(data, then: 0x0A)
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            // A date vault could not write back (a year past 9999: 20261-01-25) is refused too.
            if let date = EntryDates.parseWritten(text) ?? (try? Date.ISO8601FormatStyle().parse(text)), EntryDates.canStore(date) { return date }
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Expected date string to be ISO8601-formatted."))
        }
        return decoder
    }
}
