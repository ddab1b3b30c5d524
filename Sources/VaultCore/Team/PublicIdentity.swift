import CSodium

/// A person's public identity for team vaults: the X25519 key a team vault's data key is sealed
/// to for them, and the Ed25519 key their changes of a team's members are signed with. Written
/// for copying as `vault1` and the Base32 (RFC 4648, lower case, no padding) of a version byte
/// (1), the two keys and a 4-byte check (the first 4 bytes of BLAKE2b-128 over the rest), so that a mistyped or cut
/// identity is refused rather than trusted; shown to people by its fingerprint (`fingerprint`).
public struct PublicIdentity: Equatable, Hashable, Sendable {
    /// The X25519 public key the data key is sealed to.
    public let boxKey: [UInt8]
    /// The Ed25519 public key that verifies this person's signatures.
    public let signingKey: [UInt8]

    /// The text form's prefix.
    public static let prefix = "vault1"
    private static let version: UInt8 = 1
    private static let checkLength = 4

    public init?(boxKey: [UInt8], signingKey: [UInt8]) {
        guard boxKey.count == 32, signingKey.count == 32 else { return nil }
        self.boxKey = boxKey
        self.signingKey = signingKey
    }

    /// The identity `text` writes, or nil when it is not one (another prefix or version, a
    /// length or check that does not match, a character outside the alphabet, upper case).
    public init?(text: String) {
        guard text.hasPrefix(Self.prefix) else { return nil }
        let body = String(text.dropFirst(Self.prefix.count))
        guard body == body.lowercased(), let bytes = Base32.decode(body), bytes.count == 1 + 64 + Self.checkLength,
              bytes[0] == Self.version, Self.check(Array(bytes.prefix(65))) == Array(bytes.suffix(Self.checkLength)),
              Base32.encode(bytes).lowercased() == body else { return nil }
        self.init(boxKey: Array(bytes[1..<33]), signingKey: Array(bytes[33..<65]))
    }

    /// The text to copy: `vault1` and 111 characters.
    public var text: String {
        let bytes = [Self.version] + boxKey + signingKey
        return Self.prefix + Base32.encode(bytes + Self.check(bytes)).lowercased()
    }

    /// What two people compare before one adds the other: 160 bits of BLAKE2b-256 over both
    /// keys, in eight groups of four Base32 characters (`abcd efgh …`).
    public var fingerprint: String {
        let hash = (Array("vault identity fingerprint v1\n".utf8) + boxKey + signingKey).withUnsafeBytes { Sodium.blake2b($0) }
        let text = Base32.encode(Array(hash.prefix(20))).lowercased()
        return stride(from: 0, to: text.count, by: 4).map { start in
            String(text.dropFirst(start).prefix(4))
        }.joined(separator: " ")
    }

    /// Whether both keys can serve: the X25519 key is not of low order (a box sealed to such a
    /// key is opened by anyone) and the Ed25519 key is a valid point.
    public var hasUsableKeys: Bool {
        guard (try? Sodium.ensureInitialised()) != nil else { return false }
        var product = [UInt8](repeating: 0, count: 32)
        let scalar = [UInt8](repeating: 0x5A, count: 32)
        let boxUsable = product.withUnsafeMutableBytes { output in
            scalar.withUnsafeBytes { scalar in
                boxKey.withUnsafeBytes { point in
                    crypto_scalarmult(output.baseAddress!.assumingMemoryBound(to: UInt8.self), scalar.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                      point.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 0
                }
            }
        }
        let signingUsable = signingKey.withUnsafeBytes { crypto_core_ed25519_is_valid_point($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 1 }
        return boxUsable && signingUsable
    }

    private static func check(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { Sodium.blake2b($0, length: 16) }.prefix(checkLength).map { $0 }
    }
}
