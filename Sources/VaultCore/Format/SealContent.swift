import FoundationEssentials

/// What the seal of a version 5 file holds: the vault's clock and keys stamp, from version 7
/// what it keeps of the event log, and from version 8 the owner's team identities, as a JSON
/// object with its keys sorted and no spaces (`{"clock":"…","identities":[…],"keys":"…","log":{…}}`,
/// a member left out when there is none). Without a
/// log it is read by that exact layout, without a JSON decoder (a decoder's first use costs
/// more than the rest of a lookup); any other JSON text is read by the decoder.
struct SealContent: Codable, Equatable {
    var clock: Stamp?
    var keys: Stamp?
    var log: EventLogState?
    var identities: [IdentitySecret]?

    /// The text the seal holds.
    func text() throws -> [UInt8] {
        // By appending: a `joined` would cost a conformance search at run time.
        var members: [[UInt8]] = []
        if let clock { members.append(Array(("\"clock\":\"" + clock.description + "\"").utf8)) }
        if let identities { members.append(Array("\"identities\":".utf8) + Array(try EntryJSON.encoder().encode(identities))) }
        if let keys { members.append(Array(("\"keys\":\"" + keys.description + "\"").utf8)) }
        if let log { members.append(Array("\"log\":".utf8) + Array(try EntryJSON.encoder().encode(log))) }
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (index, member) in members.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += member
        }
        return bytes + [UInt8(ascii: "}")]
    }

    init(clock: Stamp?, keys: Stamp?, log: EventLogState? = nil, identities: [IdentitySecret]? = nil) {
        self.clock = clock
        self.keys = keys
        self.log = log
        self.identities = identities
    }

    /// The content of the seal's text: by its layout when `text` is in the one `text` writes,
    /// else as JSON; nil when it is neither.
    init?(text: [UInt8]) {
        if let content = Self(layout: text) {
            self = content
        } else if let content = try? EntryJSON.decoder().decode(Self.self, from: Data(text)) {
            self = content
        } else {
            return nil
        }
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
