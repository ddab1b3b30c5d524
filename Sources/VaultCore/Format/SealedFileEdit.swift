/// A version 5 vault file opened for a change to the entries of some names alone (what
/// `vault add`, `edit`, `rm` and `mv` change): those entries are decrypted, the others stay
/// sealed, and the file written back copies every other record as it was. What opening the
/// whole file checks is checked all the same (the seal, and every page's digest against its
/// records), so that no change is made on a file that is not intact; what is saved is
/// decrypting, decoding and sorting the other entries, and sealing anew the pages the change
/// leaves alone. See docs/format.md, "Changing some entries".
public struct SealedFileEdit {
    /// The file's header, its body `.unreadEntries`: to be readied for the write
    /// (`Envelope.prepareForWrite`) and given back to `changedFile`.
    public let envelope: Envelope
    /// The entries called by the names given that the vault holds, and the vault's state: the
    /// table the change is made on. It answers for those names alone (`EntryTable.scope`).
    public let table: EntryTable
    private let pages: [[UInt8]]
    /// Every record of the file, in its order.
    private let records: [SealedEntries.RecordText]
    /// The slots of the names given, sorted, whichever the vault holds.
    private let slots: [[UInt8]]
    private let keys: EntryKeys

    /// Opens `file`, a whole vault file, for a change to the entries called `names` (each in
    /// NFC), with `dataKey`, unwrapped from its header (which that authenticated); nil when
    /// the file is of an older version, which is opened whole.
    public init?(file: [UInt8], names: [String], dataKey: SecureBytes) throws {
        var (envelope, bodyStart) = try Envelope.parseHeader(file)
        guard envelope.version >= 5 else { return nil }
        let front = try SealedEntries.parseFront(file[bodyStart...], cipher: envelope.cipher)
        let records = try SealedEntries.parseRecordTexts(file[front.entries], pages: front.pages.count)
        let keys = try EntryKeys(dataKey: dataKey)
        let state = try envelope.openState(seal: front.seal, tombstones: front.tombstones, pages: front.pages, keys: keys)
        // Every page checked, as a whole open checks them: the records copied into the next
        // write are those the seal stands for.
        guard SealedEntries.pageDigests(of: records, pages: front.pages.count) == front.pages else { throw VaultOpenError.tampered }
        let scope = Set(names)
        slots = scope.map { Array($0.utf8).withUnsafeBytes(keys.slot(of:)) }.sorted { $0.lexicographicallyPrecedes($1) }
        let opened = try slots.compactMap { slot throws(FormatError) -> SealedEntries.Record? in
            guard let index = Self.index(of: slot, in: records) else { return nil }
            return try BodyText.record(records[index].text, slot: slot, cipher: envelope.cipher)
        }
        envelope.body = .unreadEntries(front)
        table = try envelope.table(of: opened, state: state, tombstonesBox: front.tombstones, keys: keys)
        table.scope = scope
        self.envelope = envelope
        self.pages = front.pages
        self.records = records
        self.keys = keys
    }

    /// The index of the record of `slot` among `records`, in order of their slots.
    private static func index(of slot: [UInt8], in records: [SealedEntries.RecordText]) -> Int? {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].slot == slot { return middle }
            if records[middle].slot.lexicographicallyPrecedes(slot) { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The text of the file after the change made on `table`, with `header`: this file's
    /// header readied for the write under the same data key (`dataKey`). The records of the
    /// names given are those of the table's entries (a record kept where its entry did not
    /// change); every other record, and the digest of every page holding none of the names'
    /// slots, are copied as they were, unless the number of pages changed.
    public func changedFile(header: Envelope, dataKey: SecureBytes) throws -> [UInt8] {
        let keys = try EntryKeys(dataKey: dataKey)
        precondition(keys.sameKeys(as: self.keys), "a file changed in part is written under the data key it was opened with")
        var scratch = try SecureBytes(count: 4096)
        let changed = try header.sealedRecords(of: table, keys: keys, keeping: true, scratch: &scratch)
        let merged = try merging(changed)
        let pageCount = SealedEntries.pageCount(for: merged.count)
        var pages = self.pages
        if pageCount == pages.count {
            let touched = Set(slots.map { SealedEntries.page(of: $0, among: pageCount) })
            var texts: [Int: [ArraySlice<UInt8>]] = [:]
            for record in merged {
                let page = SealedEntries.page(of: record.slot, among: pageCount)
                if touched.contains(page) { texts[page, default: []].append(record.text) }
            }
            for page in touched { pages[page] = SealedEntries.pageDigest(of: texts[page] ?? []) }
        } else {
            pages = SealedEntries.pageDigests(of: merged, pages: pageCount)
        }
        let (seal, tombstones) = try header.sealState(table.stateForWrite(), pages: pages, origin: table.origin, keys: keys, scratch: &scratch)
        return SealedEntries.render(after: header.renderedHeader(), seal: seal, tombstones: tombstones, pages: pages, recordTexts: merged.map(\.text))
    }

    /// This file's records but those of the names' slots, with `changed` (the table's
    /// records, whose slots are all among them) in their places: every record in the order of
    /// its slot.
    private func merging(_ changed: [SealedEntries.Record]) throws -> [SealedEntries.RecordText] {
        var merged: [SealedEntries.RecordText] = []
        merged.reserveCapacity(records.count + changed.count)
        var next = changed.makeIterator()
        var pending = next.next()
        var skipped = slots.makeIterator()
        var skippedSlot = skipped.next()
        for record in records {
            while let slot = pending?.slot, slot.lexicographicallyPrecedes(record.slot) {
                merged.append(SealedEntries.RecordText(text: pending!.text[...], slot: slot))
                pending = next.next()
            }
            while let slot = skippedSlot, slot.lexicographicallyPrecedes(record.slot) { skippedSlot = skipped.next() }
            if record.slot == skippedSlot { continue }
            if record.slot == pending?.slot { throw VaultOpenError.malformedPayload("two entries have the same slot") }
            merged.append(record)
        }
        while let record = pending {
            merged.append(SealedEntries.RecordText(text: record.text[...], slot: record.slot))
            pending = next.next()
        }
        return merged
    }
}
