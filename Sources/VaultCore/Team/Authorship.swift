/// Who wrote a sealed part of a team vault (format version 10): the recipient id of the
/// writer's identity (`MemberKey.recipient`) and their Ed25519 signature over the part's
/// plaintext, bound to the vault and, for an entry, to its slot. It sits inside the part's
/// ciphertext, after the plaintext and a newline, as `RECIPIENT SIGNATURE` (32 lower-case hex
/// digits, a space, 88 characters of Base64), so only members see who wrote what.
///
/// A reader does not check it; a merge does, for the parts it takes from a copy made before a
/// removal the other copy holds: there, a part counts only when a member of the merged team
/// signed it (`VaultFileMerge`), so a removed member, who still holds that copy's data key,
/// cannot write into the vault through it.
struct Authorship: Equatable, Sendable {
    /// The recipient id of the writer's identity in this vault (16 bytes).
    let recipient: [UInt8]
    /// The Ed25519 signature (64 bytes).
    let signature: [UInt8]

    /// The length of the text: recipient id, space, signature.
    static let textLength = 2 * MemberKey.recipientLength + 1 + (TeamChange.signatureLength + 2) / 3 * 4

    /// `writer`'s authorship of `message` (`entryMessage`, `tombstonesMessage`) in the vault `vaultID`.
    init(of message: SecureBytes, by writer: MemberIdentity, vaultID: String) {
        recipient = MemberKey.recipient(of: writer.publicIdentity, vaultID: vaultID)
        signature = message.withUnsafeBytes { writer.sign($0) }
    }

    /// The authorship of `text`, nil unless it is exactly one.
    init?(text: UnsafeRawBufferPointer) {
        let idLength = 2 * MemberKey.recipientLength
        guard text.count == Self.textLength, text[idLength] == UInt8(ascii: " "),
              let recipient = BodyText.unhex(ArraySlice(text[..<idLength])),
              let signature = Base64.decodeCanonical(UnsafeRawBufferPointer(rebasing: text[(idLength + 1)...])), signature.count == TeamChange.signatureLength
        else { return nil }
        self.recipient = recipient
        self.signature = signature
    }

    /// The text kept after a part's plaintext and a newline.
    var text: [UInt8] {
        BodyText.hex(recipient) + [UInt8(ascii: " ")] + Base64.encode(signature)
    }

    /// What an entry's authorship signs: the vault, the entry's slot and its line, in guarded
    /// memory (the line holds the entry's secrets).
    static func entryMessage(line: UnsafeRawBufferPointer, slot: [UInt8], vaultID: String) throws -> SecureBytes {
        try message(Array("vault team entry v1\n\(vaultID)\n".utf8) + BodyText.hex(slot) + [0x0A], line)
    }

    /// What the tombstones' authorship signs: the vault and the tombstones' JSON, in guarded
    /// memory (it holds the names of removed entries).
    static func tombstonesMessage(json: UnsafeRawBufferPointer, vaultID: String) throws -> SecureBytes {
        try message(Array("vault team tombstones v1\n\(vaultID)\n".utf8), json)
    }

    /// `prefix` followed by `content`, in guarded memory.
    private static func message(_ prefix: [UInt8], _ content: UnsafeRawBufferPointer) throws -> SecureBytes {
        let message = try SecureBytes(count: prefix.count + content.count)
        message.withUnsafeMutableBytes { buffer in
            buffer.copyBytes(from: prefix)
            if !content.isEmpty { UnsafeMutableRawBufferPointer(rebasing: buffer[prefix.count...]).copyMemory(from: content) }
        }
        return message
    }

    /// Whether one of `members` signed `message`: the one whose recipient id this names.
    func isSigned(_ message: SecureBytes, byOneOf members: [PublicIdentity], vaultID: String) -> Bool {
        guard let writer = members.first(where: { MemberKey.recipient(of: $0, vaultID: vaultID) == recipient }) else { return false }
        return message.withUnsafeBytes { MemberIdentity.verify(signature, of: $0, by: writer) }
    }
}
