/// Seals and opens the content of a vault's attachments, each in a file of its own beside the
/// vault: `vault-attachment v6` and a line feed, then the content in chunks of 64 KiB (the last
/// one shorter, and a content of no bytes one empty chunk), each sealed with the vault's cipher
/// under the attachment sealing key (`AttachmentKeys`) and followed by its tag.
///
/// The sealing is deterministic, as SIV's is: chunk i's nonce is derived from the content's id
/// (a keyed hash of the whole content) and i, so one content sealed twice gives the same bytes
/// (two machines that attach one file write one file, and git merges them without a conflict),
/// and a nonce never seals two different plaintexts. Each chunk's associated data names the
/// vault, the cipher, the content id, the chunk's number and whether it is the last, so a chunk
/// moved, dropped, swapped with another file's or cut off at the end is refused; an opened
/// content must also hash to its id.
public struct AttachmentSealer {
    /// The first bytes of every sealed attachment.
    static let magic = Array("vault-attachment v6\n".utf8)
    /// The plaintext length of every chunk but the last.
    static let chunkLength = 65536

    private let keys: AttachmentKeys
    private let cipher: Cipher
    private let vaultID: String

    /// The sealer of the vault `vaultID` with data key `dataKey` and cipher `cipher`.
    public init(dataKey: SecureBytes, cipher: Cipher, vaultID: String) throws(CryptoError) {
        keys = try AttachmentKeys(dataKey: dataKey)
        self.cipher = cipher
        self.vaultID = vaultID
    }

    /// The id of `content` in this vault: 64 lower-case hex digits.
    public func contentID(of content: UnsafeRawBufferPointer) -> String {
        String(decoding: BodyText.hex(keys.contentID(of: content)), as: UTF8.self)
    }

    /// The sealed file of `content`, whose id is `contentID`.
    public func seal(_ content: UnsafeRawBufferPointer, contentID: String) throws(CryptoError) -> [UInt8] {
        let chunks = Self.chunkCount(contentLength: content.count)
        var sealed = Self.magic
        sealed.reserveCapacity(Self.magic.count + content.count + chunks * Cipher.tagLength)
        for index in 0..<chunks {
            let start = index * Self.chunkLength
            let chunk = UnsafeRawBufferPointer(rebasing: content[start..<min(start + Self.chunkLength, content.count)])
            let box = try cipher.seal(chunk, key: keys.sealing, associatedData: associatedData(contentID, index, last: index == chunks - 1),
                                      nonce: nonce(contentID, index))
            sealed += box.ciphertext
        }
        return sealed
    }

    /// The content of the sealed file `sealed`, which must be the content `contentID` names, in
    /// memory wiped on release.
    public func open(_ sealed: UnsafeRawBufferPointer, contentID: String) throws -> SecureBytes {
        let tampered = AttachmentError.tampered(contentID: contentID)
        let fullChunk = Self.chunkLength + Cipher.tagLength
        guard sealed.starts(with: Self.magic) else { throw tampered }
        let body = sealed.count - Self.magic.count
        let chunks = max(1, (body + fullChunk - 1) / fullChunk)
        let length = body - chunks * Cipher.tagLength
        // The last chunk holds at least a tag; only an empty content has an empty one.
        guard length >= 0, length >= (chunks - 1) * Self.chunkLength, chunks == Self.chunkCount(contentLength: length) else {
            throw tampered
        }
        let content = try SecureBytes(count: length, protection: .wipedOnRelease)
        try content.withUnsafeMutableBytes { output in
            for index in 0..<chunks {
                let start = Self.magic.count + index * fullChunk
                let ciphertext = Array(sealed[start..<min(start + fullChunk, sealed.count)])
                let box = SealedBox(nonce: nonce(contentID, index), ciphertext: ciphertext)
                let plain = UnsafeMutableRawBufferPointer(rebasing: output[(index * Self.chunkLength)...])
                do {
                    try cipher.open(box, key: keys.sealing, associatedData: associatedData(contentID, index, last: index == chunks - 1),
                                    into: plain)
                } catch {
                    throw tampered
                }
            }
        }
        let hashed = content.withUnsafeBytes { self.contentID(of: $0) }
        let same = Array(hashed.utf8).withUnsafeBytes { hashed in Array(contentID.utf8).withUnsafeBytes { Sodium.constantTimeEqual(hashed, $0) } }
        guard same else { throw tampered }
        return content
    }

    /// The length of the sealed file of a content of `contentLength` bytes.
    public static func sealedLength(contentLength: Int) -> Int {
        magic.count + contentLength + chunkCount(contentLength: contentLength) * Cipher.tagLength
    }

    /// How many chunks a content of `contentLength` bytes is sealed in: at least one.
    static func chunkCount(contentLength: Int) -> Int {
        max(1, (contentLength + chunkLength - 1) / chunkLength)
    }

    /// Chunk `index`'s nonce: the first bytes of BLAKE2b-256 keyed with the nonce key over a
    /// label, the content id and the index, as many as the cipher's nonce has (BLAKE2b gives no
    /// fewer than 16, and AES-256-GCM's nonce is 12).
    func nonce(_ contentID: String, _ index: Int) -> [UInt8] {
        let message = Array("vault attachment nonce v6\n\(contentID)\n\(index)\n".utf8)
        let digest = keys.nonceKey.withUnsafeBytes { key in message.withUnsafeBytes { Sodium.blake2b($0, key: key, length: 32) } }
        return Array(digest.prefix(cipher.nonceLength))
    }

    private func associatedData(_ contentID: String, _ index: Int, last: Bool) -> [UInt8] {
        Array("vault attachment v6\nid=\(vaultID)\ncipher=\(cipher.rawValue)\ncontent=\(contentID)\nchunk=\(index)\nlast=\(last ? 1 : 0)\n".utf8)
    }
}
