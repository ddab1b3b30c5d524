/// The two keys of a version 5 file, derived from its data key: one seals the entries, the
/// tombstones and the seal, the other names the slot of each entry (a keyed hash of its name,
/// so that a name is found without decrypting anything and nobody without the key can test a
/// guess). Each is BLAKE2b-256 keyed with the data key over a label of its own.
struct EntryKeys {
    /// The AEAD key of every sealed part of the file.
    let sealing: SecureBytes
    /// The BLAKE2b key of the slots.
    private let naming: SecureBytes

    /// The length of a slot: 128 bits.
    static let slotLength = 16

    init(dataKey: SecureBytes) throws(CryptoError) {
        let keys = try SubkeyDerivation.keys(from: dataKey, labels: ["vault v5 sealing", "vault v5 naming"])
        sealing = keys[0]
        naming = keys[1]
    }

    /// The slot of the entry called `name` (its UTF-8 bytes, in NFC).
    func slot(of name: UnsafeRawBufferPointer) -> [UInt8] {
        naming.withUnsafeBytes { Sodium.blake2b(name, key: $0, length: Self.slotLength) }
    }

    /// Whether `other` was derived from the same data key: then a part sealed under one is a
    /// part sealed under the other, and can be kept as it is.
    func sameKeys(as other: EntryKeys) -> Bool {
        sealing.constantTimeEquals(other.sealing)
    }
}
