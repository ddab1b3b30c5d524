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
        // A shorter key would make a weak one, or none at all (BLAKE2b unkeyed).
        precondition(dataKey.count == Cipher.keyLength, "a data key is 32 bytes")
        // Both in one guarded allocation.
        let both = try SecureBytes(count: 2 * Cipher.keyLength)
        both.withUnsafeMutableBytes { output in
            dataKey.withUnsafeBytes { key in
                for (index, label) in ["vault v5 sealing", "vault v5 naming"].enumerated() {
                    let derived = UnsafeMutableRawBufferPointer(rebasing: output[(index * Cipher.keyLength)..<((index + 1) * Cipher.keyLength)])
                    Array(label.utf8).withUnsafeBytes { Sodium.blake2b($0, key: key, into: derived) }
                }
            }
        }
        sealing = both.part(0..<Cipher.keyLength)
        naming = both.part(Cipher.keyLength..<(2 * Cipher.keyLength))
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
