/// A team vault's data key sealed for one member (format version 9, the header's `members`):
/// a libsodium sealed box of the 32-byte key to the member's X25519 key, and the recipient id
/// that lets each member find theirs without trying every box. Written as the line
/// `RECIPIENT BOX`: the id in lower-case hex, one space, the box in Base64.
public struct MemberKey: Equatable, Sendable {
    /// The length of a recipient id.
    public static let recipientLength = 16
    /// The length of a sealed data key: the key and what sealing adds.
    public static let sealedLength = Cipher.keyLength + SealedBoxKeyPair.sealOverhead

    /// BLAKE2b-128 of `vault team recipient v1\n<vault id>\n` and the member's X25519 public
    /// key: tells whose box this is to whoever knows the key and the vault, and nobody else
    /// which of their other team vaults the same member is in.
    public let recipient: [UInt8]
    /// The sealed data key.
    public let sealed: [UInt8]

    public init?(recipient: [UInt8], sealed: [UInt8]) {
        guard recipient.count == Self.recipientLength, sealed.count == Self.sealedLength else { return nil }
        self.recipient = recipient
        self.sealed = sealed
    }

    /// `dataKey` sealed to `member` in the vault `vaultID`.
    public init(sealing dataKey: SecureBytes, to member: PublicIdentity, vaultID: String) throws(CryptoError) {
        recipient = Self.recipient(of: member, vaultID: vaultID)
        sealed = try dataKey.withUnsafeBytes { (bytes) throws(CryptoError) in try SealedBoxKeyPair.seal(bytes, to: member.boxKey) }
    }

    /// `keys` in the order a header lists them: by recipient id.
    static func inOrder(_ keys: [MemberKey]) -> [MemberKey] {
        keys.sorted { $0.recipient.lexicographicallyPrecedes($1.recipient) }
    }

    /// The recipient id of `member` in the vault `vaultID`.
    public static func recipient(of member: PublicIdentity, vaultID: String) -> [UInt8] {
        (Array("vault team recipient v1\n\(vaultID)\n".utf8) + member.boxKey).withUnsafeBytes { Sodium.blake2b($0, length: recipientLength) }
    }

    /// The line the header holds.
    var text: [UInt8] {
        BodyText.hex(recipient) + [UInt8(ascii: " ")] + Base64.encode(sealed)
    }

    /// The member key of a header line, or nil when it is not exactly one.
    init?(text: ArraySlice<UInt8>) {
        let idLength = 2 * Self.recipientLength
        guard text.count > idLength + 1, text[text.startIndex + idLength] == UInt8(ascii: " "),
              let recipient = BodyText.unhex(text.prefix(idLength)),
              let sealed = text.dropFirst(idLength + 1).withUnsafeBytes({ Base64.decodeCanonical($0) })
        else { return nil }
        self.init(recipient: recipient, sealed: sealed)
    }
}
