/// The merge of three version 5 copies under one data key, which decrypts only the entries
/// whose records differ between ours and theirs: an entry neither side changed since they
/// parted has the same record, byte for byte, in both, and is copied as it is.
extension VaultFileMerge {
    /// Merges `theirs` into `ours` against `base` as `merge(base:ours:theirs:keys:)` does, when
    /// all three are version 5 copies of one vault under our data key (no `vault passwd` or
    /// `rekey` between them) and theirs and the base derive their key as ours does; nil
    /// otherwise, and when a merged entry would take the slot of an entry copied as it is (a
    /// `NAME (2)` that exists), for the copies to be opened whole.
    static func mergeInPart(base: [UInt8]?, ours: [UInt8], theirs: [UInt8], keys: Keys) throws -> Merged? {
        let (ourHeader, _) = try Envelope.parseHeader(ours)
        // A team vault's copies are opened whole (with the person's identities, not a derived key).
        guard ourHeader.version >= 5, !ourHeader.isTeam else { return nil }
        let ourKeys = try keys.ours.keys(for: ourHeader, label: keys.label, cacheGuard: keys.cacheGuard)
        guard let mine = try SealedFileEdit(file: ours, dataKey: ourKeys.dataKey),
              let other = try sameKeys(theirs, as: ourHeader, keys: ourKeys)
        else { return nil }
        var ancestor: SealedFileEdit?
        if let base, !base.isEmpty {
            guard let opened = try sameKeys(base, as: ourHeader, keys: ourKeys) else { return nil }
            ancestor = opened
        }
        let differing = mine.slotsDiffering(from: other)
        let ourTable = try mine.table(ofSlots: differing)
        let theirTable = try other.table(ofSlots: differing)
        // The merge finds an entry's ancestor by id, and an entry renamed since has it in
        // another slot: every ancestor entry not the same in both copies is opened, as the
        // whole merge opens it.
        let ancestorTable = try ancestor.map { ancestor in
            let slots = Set(differing + ancestor.slotsDiffering(from: mine) + ancestor.slotsDiffering(from: other))
            return try ancestor.table(ofSlots: slots.sorted { $0.lexicographicallyPrecedes($1) })
        }
        let (result, report) = try merge(base: ancestorTable, ours: ourTable, theirs: theirTable)
        let theirsNewer = VaultMerge.newerKeys(ours: ourTable.state, theirs: theirTable.state) == .theirs
        var header = theirsNewer ? other.envelope : mine.envelope
        let dataKey = try header.prepareForWrite(keys: ourKeys)
        let bytes: [UInt8]
        do {
            bytes = try mine.changedFile(result, replacing: differing, header: header, dataKey: dataKey)
        } catch VaultOpenError.malformedPayload {
            return nil
        }
        return Merged(bytes: bytes, report: report, envelope: header, keyEncryptionKey: ourKeys.keyEncryptionKey, tookTheirKeys: theirsNewer,
                      state: result.state, attachmentContents: nil)
    }

    /// Another copy, opened for a merge in part: nil unless it is a version 5 copy of the same
    /// vault, under the same cipher, whose key derives as `header`'s and whose data key is the
    /// one of `keys` (so that our records are its records).
    private static func sameKeys(_ bytes: [UInt8], as header: Envelope, keys: VaultKeys) throws -> SealedFileEdit? {
        let (other, _) = try Envelope.parseHeader(bytes)
        guard other.id == header.id, other.cipher == header.cipher, other.derivesKeyLike(header),
              let dataKey = try? other.unwrapDataKey(with: keys.keyEncryptionKey), dataKey.constantTimeEquals(keys.dataKey)
        else { return nil }
        return try SealedFileEdit(file: bytes, dataKey: dataKey)
    }
}
