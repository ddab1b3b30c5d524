/// The three keys of a vault's attachments, derived from its data key as the entry keys are
/// (BLAKE2b-256 keyed with the data key over a label of its own): one names an attachment's
/// content (its content id, a keyed hash of its bytes, so that one file attached twice in a
/// vault is stored once, and the id tells nobody without the key anything about the file or
/// whether another vault holds it), one seals it, and one derives each chunk's nonce from the
/// content id (`AttachmentSealer`). A new data key (`passwd`, `rekey`)
/// means new ids and every attachment sealed again.
struct AttachmentKeys {
    /// The AEAD key of the attachments' chunks.
    let sealing: SecureBytes
    /// The BLAKE2b key of the chunks' nonces.
    let nonceKey: SecureBytes
    /// The BLAKE2b key of the content ids.
    private let naming: SecureBytes

    /// The length of a content id: 256 bits.
    static let idLength = 32

    init(dataKey: SecureBytes) throws(CryptoError) {
        let keys = try SubkeyDerivation.keys(
            from: dataKey, labels: ["vault v6 attachment sealing", "vault v6 attachment nonces", "vault v6 attachment naming"])
        sealing = keys[0]
        nonceKey = keys[1]
        naming = keys[2]
    }

    /// The content id of `content`.
    func contentID(of content: UnsafeRawBufferPointer) -> [UInt8] {
        naming.withUnsafeBytes { Sodium.blake2b(content, key: $0, length: Self.idLength) }
    }
}
