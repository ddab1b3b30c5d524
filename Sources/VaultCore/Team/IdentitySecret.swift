/// A team identity's secret as the personal vault keeps it (format version 8, in the seal's
/// `identities`): the 32-byte seed both key pairs are made from (`MemberIdentity`), in Base64,
/// and the stamp of the change that made it. A vault keeps every identity it was ever given
/// (two machines that each made one before they synced keep both, since a team may have sealed
/// its key to either); the one made first is the one `vault identity` shows.
public struct IdentitySecret: Codable, Equatable, Sendable {
    /// The length of a seed.
    public static let seedLength = 32

    /// When and on which device the identity was made.
    public var created: Stamp
    /// The seed, in Base64: held as a string, as the event log's retired keys are, so it is not
    /// wiped from memory.
    public var seed: String

    public init(created: Stamp, seed: String) {
        self.created = created
        self.seed = seed
    }

    /// Decodes an identity, refusing a seed that is not the canonical Base64 of 32 bytes: a
    /// vault never drops an identity, so one that could not be used would stay unusable.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        created = try container.decode(Stamp.self, forKey: .created)
        seed = try container.decode(String.self, forKey: .seed)
        guard var bytes = Sodium.base64Decode(seed), bytes.count == Self.seedLength, Sodium.base64Encode(bytes) == seed else {
            throw DecodingError.dataCorruptedError(forKey: .seed, in: container, debugDescription: "not the Base64 of a 32-byte seed")
        }
        Sodium.wipe(&bytes)
    }

    /// A new identity from fresh randomness, made by the change stamped `created`.
    public static func generate(created: Stamp) throws(CryptoError) -> IdentitySecret {
        let seed = try SecureBytes.random(count: seedLength)
        return IdentitySecret(created: created, seed: seed.withUnsafeBytes { Sodium.base64Encode($0) })
    }

    /// The identity's key pairs; nil for a seed that is not 32 bytes of Base64.
    public func identity() throws -> MemberIdentity? {
        guard var bytes = Sodium.base64Decode(seed), bytes.count == Self.seedLength else { return nil }
        return try MemberIdentity(seed: try SecureBytes(consuming: &bytes))
    }

    /// The identities of two copies of a vault together: each seed once (with the earliest
    /// stamp either copy gives it), in the order they were made (by stamp, then seed), whichever
    /// copy is ours.
    public static func merged(_ ours: [IdentitySecret], _ theirs: [IdentitySecret]) -> [IdentitySecret] {
        var seen = Set<String>()
        return (ours + theirs).sorted { ($0.created, $0.seed) < ($1.created, $1.seed) }.filter { seen.insert($0.seed).inserted }
    }
}
