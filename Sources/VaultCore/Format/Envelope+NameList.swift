/// A vault's entry names sealed on their own, apart from the file, for shell completion: a
/// completion at each Tab then decrypts one small box instead of every entry. A list is sealed
/// under the entry key and bound to the seal of one write of one vault, so it opens only while
/// the file is exactly that write (docs/format.md, "Name list"). Only version 5 has a seal to
/// bind to; older files are read whole anyway.
extension Envelope {
    /// `names` sealed for this write, as the bytes of the nonce followed by the ciphertext; asked
    /// of a file read whole (and opened: `dataKey` is the key unwrapped from this header), nil
    /// otherwise, for a file older than version 5, or for a name that is empty or holds a line
    /// feed (the list's separator: such names could not be told apart in it).
    public func sealNameList(_ names: [String], dataKey: SecureBytes) throws -> [UInt8]? {
        guard case .entries(let entries) = body, !names.contains(where: { $0.isEmpty || $0.utf8.contains(0x0A) }) else { return nil }
        let keys = try EntryKeys(dataKey: dataKey)
        var scratch = try SecureBytes(count: Self.minimumRecordLength)
        let box = try Array(names.joined(separator: "\n").utf8).withUnsafeBytes { text in
            try sealPadded(text, minimum: Self.minimumRecordLength, key: keys.sealing,
                           associatedData: nameListAssociatedData(seal: entries.seal), in: &scratch)
        }
        return box.nonce + box.ciphertext
    }

    /// The names `list` holds when `sealNameList` sealed it for this very write, else nil; asked
    /// of a header read by a lookup (`VaultFileLookup`: the body's front alone), nil otherwise.
    /// The front is authenticated first, so that a file that does not open gives no names
    /// either; that failure is thrown.
    public func openNameList(_ list: [UInt8], dataKey: SecureBytes) throws -> [String]? {
        guard case .unreadEntries(let front) = body, list.count >= cipher.nonceLength + Cipher.tagLength else { return nil }
        let keys = try EntryKeys(dataKey: dataKey)
        try authenticate(front, keys: keys)
        let box = SealedBox(nonce: Array(list[..<cipher.nonceLength]), ciphertext: Array(list[cipher.nonceLength...]))
        guard let plaintext = try? cipher.open(box, key: keys.sealing, associatedData: nameListAssociatedData(seal: front.seal)) else {
            return nil
        }
        return plaintext.withUnsafeBytes { padded -> [String]? in
            guard let length = Padding.contentLength(of: padded) else { return nil }
            guard length > 0 else { return [] }
            return padded[..<length].split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// What a name list is bound to: this vault, its cipher, and the seal of the write it lists.
    private func nameListAssociatedData(seal: SealedBox) -> [UInt8] {
        Array("vault name list v5\nid=\(id)\ncipher=\(cipher.rawValue)\nseal=".utf8) + BodyText.boxText(seal) + [0x0A]
    }
}
