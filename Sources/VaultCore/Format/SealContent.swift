import FoundationEssentials

/// What the seal of a version 5 file holds: the vault's clock and keys stamp, from version 7
/// what it keeps of the event log, and from version 8 the owner's team identities, as a JSON
/// object with its keys sorted and no spaces (`{"clock":"…","identities":[…],"keys":"…","log":{…}}`,
/// a member left out when there is none). Without a log or identities it is read by that
/// exact layout, without a JSON decoder (a decoder's first use costs
/// more than the rest of a lookup); any other JSON text is read by the decoder.
struct SealContent: Codable, Equatable {
    var clock: Stamp?
    var keys: Stamp?
    var log: EventLogState?
    var identities: [IdentitySecret]?
    /// A team vault's change log of members: the Base64 of its text (`TeamLog.text()`).
    var team: String?

    /// The text the seal holds. It may hold secrets (the identities' seeds, the retired log
    /// keys): the encoder's copies are wiped once appended, and the caller wipes the text.
    func text() throws -> [UInt8] {
        // By appending: a `joined` would cost a conformance search at run time.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        func member(_ name: String, _ value: some Sequence<UInt8>) {
            bytes += Array(((bytes.isEmpty ? "{" : ",") + "\"" + name + "\":").utf8)
            bytes.append(contentsOf: value)
        }
        func member(_ name: String, encoding value: some Encodable) throws {
            var encoded = try EntryJSON.encoder().encode(value)
            defer { encoded.resetBytes(in: 0..<encoded.count) }
            member(name, encoded)
        }
        if let clock { member("clock", ("\"" + clock.description + "\"").utf8) }
        if let identities { try member("identities", encoding: identities) }
        if let keys { member("keys", ("\"" + keys.description + "\"").utf8) }
        if let log { try member("log", encoding: log) }
        if let team { member("team", Array(("\"" + team + "\"").utf8)) }
        if bytes.isEmpty { bytes.append(UInt8(ascii: "{")) }
        // Appended in place, so that the buffer the caller wipes is the one that holds the text.
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    init(clock: Stamp?, keys: Stamp?, log: EventLogState? = nil, identities: [IdentitySecret]? = nil, team: String? = nil) {
        self.clock = clock
        self.keys = keys
        self.log = log
        self.identities = identities
        self.team = team
    }

    /// The content of the seal's text: by its layout when `text` is in the one `text` writes,
    /// else as JSON; nil when it is neither.
    init?(text: [UInt8]) {
        if let content = Self(layout: text) {
            self = content
        } else if let content = Self(json: text) {
            self = content
        } else {
            return nil
        }
    }

    /// The content of `text` read as JSON, through a copy that is wiped afterwards.
    private init?(json text: [UInt8]) {
        var copy = Data(text)
        defer { copy.resetBytes(in: 0..<copy.count) }
        guard let content = try? EntryJSON.decoder().decode(Self.self, from: copy) else { return nil }
        self = content
    }

    /// The content of `text` read by the layout `text` writes; nil for any other text.
    init?(layout text: [UInt8]) {
        var reader = BodyText.Reader(text: text[...])
        func stamp(_ name: String) -> Stamp? {
            let opening = Array("\"\(name)\":\"".utf8)
            guard reader.text.starts(with: opening) else { return nil }
            reader.text = reader.text.dropFirst(opening.count)
            guard let value = try? reader.until(UInt8(ascii: "\"")) else { return nil }
            reader.text = reader.text.dropFirst()
            if reader.text.first == UInt8(ascii: ",") { reader.text = reader.text.dropFirst() }
            return Stamp(String(decoding: value, as: UTF8.self))
        }
        guard reader.text.first == UInt8(ascii: "{") else { return nil }
        reader.text = reader.text.dropFirst()
        self.init(clock: stamp("clock"), keys: stamp("keys"))
        // Whatever was skipped or read loosely above (a log among them) makes another text.
        guard (try? self.text())?[...] == text[...] else { return nil }
    }
}
