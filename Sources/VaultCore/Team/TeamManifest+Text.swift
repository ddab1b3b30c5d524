import FoundationEssentials

/// The one text of a member list: a JSON object with the members of every object in order of
/// their keys, no spaces and no newline at the end, strings with only what JSON requires
/// escaped and everything else as UTF-8 (`{"epoch":2,"former":[…],"history":["…"],"members":[{"added":"…","identity":"vault1…","name":"…"}],"team":"…"}`);
/// identities as `PublicIdentity.text`, stamps as `Stamp.description`, hashes in Base64.
extension TeamManifest {
    /// The text the seal holds, and the hash is taken of.
    public func text() -> [UInt8] {
        let history = self.history.map { Self.quoted(Sodium.base64Encode($0)) }
        let members = self.members.map {
            Self.object([("added", $0.added.description), ("identity", $0.identity.text), ("name", $0.name)])
        }
        let former = self.former.map {
            Self.object([("identity", $0.identity.text), ("name", $0.name), ("removed", $0.removed.description)])
        }
        let text = "{\"epoch\":\(epoch),\"former\":\(Self.list(former)),\"history\":\(Self.list(history))"
            + ",\"members\":\(Self.list(members)),\"team\":\(Self.quoted(team))}"
        return Array(text.utf8)
    }

    /// The list `text` holds, which must keep every rule and be written exactly as `text()`
    /// writes it, so that one list has one text and one hash.
    public init(text: [UInt8]) throws(TeamManifestError) {
        let written: Written
        do {
            written = try JSONDecoder().decode(Written.self, from: Data(text))
        } catch {
            throw .malformed("it is not a member list in JSON")
        }
        guard written.epoch >= 1 else { throw .malformed("its version is 0") }
        guard UInt64(written.history.count) == written.epoch - 1 else {
            throw .malformed("version \(written.epoch) lists \(written.history.count) earlier versions")
        }
        var history: [[UInt8]] = []
        for hash in written.history {
            guard let bytes = Sodium.base64Decode(hash), bytes.count == Self.hashLength else {
                throw .malformed("an earlier version's hash is not \(Self.hashLength) bytes in Base64")
            }
            history.append(bytes)
        }
        var members: [TeamMember] = []
        for member in written.members {
            members.append(TeamMember(name: try Self.name(member.name), identity: try Self.identity(member.identity, of: member.name),
                                      added: try Self.stamp(member.added)))
        }
        var former: [FormerMember] = []
        for record in written.former {
            former.append(FormerMember(name: try Self.name(record.name), identity: try Self.identity(record.identity, of: record.name),
                                       removed: try Self.stamp(record.removed)))
        }
        try Self.checkOrder(members: members, former: former)
        self.init(team: try Self.name(written.team), epoch: written.epoch, history: history, members: members, former: former)
        guard self.text() == text else { throw .malformed("it is not written the one way vault writes it") }
    }

    /// Throws unless there is a member, the members are in order with no name twice and no key
    /// (box or signing) held by two, and the former members are in order.
    private static func checkOrder(members: [TeamMember], former: [FormerMember]) throws(TeamManifestError) {
        guard !members.isEmpty else { throw .malformed("it has no members") }
        for (earlier, later) in zip(members, members.dropFirst()) where !inOrder(earlier, later) {
            if earlier.name.utf8.elementsEqual(later.name.utf8) { throw .malformed("two members are named '\(later.name)'") }
            throw .malformed("its members are not in the order of their names")
        }
        var holders: [[UInt8]: String] = [:]
        for member in members {
            for key in [member.identity.boxKey, member.identity.signingKey] {
                if let other = holders.updateValue(member.name, forKey: key) {
                    throw .malformed("'\(other)' and '\(member.name)' share a key")
                }
            }
        }
        for (earlier, later) in zip(former, former.dropFirst()) where inOrder(later, earlier) {
            throw .malformed("its former members are not in order")
        }
    }

    /// `name`, read from a list, if it keeps `TeamMemberName`'s rules.
    private static func name(_ name: String) throws(TeamManifestError) -> String {
        do {
            try TeamMemberName.validate(name)
        } catch {
            throw .malformed(error.message)
        }
        return name
    }

    /// The identity whose text is `text`, read for the member named `name`.
    private static func identity(_ text: String, of name: String) throws(TeamManifestError) -> PublicIdentity {
        guard let identity = PublicIdentity(text: text) else { throw .malformed("the identity of '\(name)' is not a public identity") }
        return identity
    }

    /// The stamp whose text is `text`.
    private static func stamp(_ text: String) throws(TeamManifestError) -> Stamp {
        guard let stamp = Stamp(text) else { throw .malformed("'\(text)' is not a change stamp") }
        return stamp
    }

    /// A JSON object of string values, in the order given.
    private static func object(_ members: [(key: String, value: String)]) -> String {
        "{" + members.map { quoted($0.key) + ":" + quoted($0.value) }.joined(separator: ",") + "}"
    }

    /// A JSON array of values already written.
    private static func list(_ values: [String]) -> String {
        "[" + values.joined(separator: ",") + "]"
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, nothing else.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                result += "\\" + String(scalar)
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A member list's JSON as read, before its rules are checked.
    private struct Written: Decodable {
        var epoch: UInt64
        var former: [WrittenFormerMember]
        var history: [String]
        var members: [WrittenMember]
        var team: String
    }

    /// A member as read.
    private struct WrittenMember: Decodable {
        var added: String
        var identity: String
        var name: String
    }

    /// A former member as read.
    private struct WrittenFormerMember: Decodable {
        var identity: String
        var name: String
        var removed: String
    }
}
