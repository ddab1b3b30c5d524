/// A version 5 vault file opened for a change to some of its entries alone (what `vault add`,
/// `edit`, `rm` and `mv` change, or what a merge finds changed): those entries are decrypted,
/// the others stay sealed, and the file written back copies every other record as it was.
/// What opening the whole file checks is checked all the same (the seal, and every page's
/// digest against its records), so that no change is made on a file that is not intact; what
/// is saved is decrypting, decoding and sorting the other entries, and digesting anew the pages
/// the change leaves alone. See docs/format.md, "Changing some entries".
public struct SealedFileEdit {
    /// The file's header, its body `.unreadEntries`: to be readied for the write
    /// (`Envelope.prepareForWrite`) and given back to `changedFile`.
    public let envelope: Envelope
    /// Every record of the file, in its order.
    let records: [SealedEntries.RecordText]
    private let pages: [[UInt8]]
    private let state: VaultState
    private let keys: EntryKeys

    /// Opens `file`, a whole vault file, with `dataKey`, unwrapped from its header (which that
    /// authenticated): the seal and the tombstones are opened and every page checked, no
    /// entry decrypted yet. Nil when the file is of an older version, which is opened whole
    /// (a team vault of version 9 among them: its next write signs every record).
    public init?(file: [UInt8], dataKey: SecureBytes) throws {
        var (envelope, bodyStart) = try Envelope.parseHeader(file)
        guard envelope.version >= 5, envelope.signsParts || !envelope.isTeam else { return nil }
        let front = try SealedEntries.parseFront(file[bodyStart...], cipher: envelope.cipher)
        let records = try SealedEntries.parseRecordTexts(file[front.entries], pages: front.pages.count)
        let keys = try EntryKeys(dataKey: dataKey)
        state = try envelope.openState(seal: front.seal, tombstones: front.tombstones, pages: front.pages, keys: keys)
        // Every page checked, as a whole open checks them: the records copied into the next
        // write are those the seal stands for.
        guard SealedEntries.pageDigests(of: records, pages: front.pages.count) == front.pages else { throw VaultOpenError.tampered }
        envelope.body = .unreadEntries(front)
        self.envelope = envelope
        self.records = records
        self.pages = front.pages
        self.keys = keys
    }

    /// The table of the entries called `names` (each in NFC) that the file holds, and of the
    /// vault's state, for a change to those entries alone: it answers for those names only
    /// (`EntryTable.scope`).
    public func table(named names: [String]) throws -> EntryTable {
        let table = try self.table(ofSlots: slots(of: names))
        table.scope = Set(names)
        return table
    }

    /// The slots of `names`, sorted.
    func slots(of names: [String]) -> [[UInt8]] {
        Set(names).map { Array($0.utf8).withUnsafeBytes(keys.slot(of:)) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The table of the entries of the records at `slots` (sorted; a slot the file has no
    /// record of is left out) and of the vault's state.
    func table(ofSlots slots: [[UInt8]]) throws -> EntryTable {
        let opened = try slots.compactMap { slot throws(FormatError) -> SealedEntries.Record? in
            guard let index = index(of: slot) else { return nil }
            return try BodyText.record(records[index].text, slot: slot, cipher: envelope.cipher)
        }
        guard case .unreadEntries(let front) = envelope.body else { preconditionFailure("an edit's header is read for lookups") }
        return try envelope.table(of: opened, state: state, tombstonesBox: front.tombstones, keys: keys)
    }

    /// The index of the record of `slot` among `records`, which are in order of their slots.
    private func index(of slot: [UInt8]) -> Int? {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].slot == slot { return middle }
            if records[middle].slot.lexicographicallyPrecedes(slot) { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The text of the file after the change made on `table` (from `table(named: names)`),
    /// with `header`: this file's header readied for the write under the same data key
    /// (`dataKey`).
    public func changedFile(_ table: EntryTable, named names: [String], header: Envelope, dataKey: SecureBytes) throws -> [UInt8] {
        try changedFile(table, replacing: slots(of: names), header: header, dataKey: dataKey)
    }

    /// The text of the file with the records at `slots` (sorted) replaced by those of `table`'s
    /// entries (a record kept where its line is as it was opened under these keys), and its
    /// state, with `header` (readied for the write under the same data key, `dataKey`). Every
    /// other record, and the digest of every page that holds no replaced slot and no slot of
    /// `table`, are copied as they were, unless the number of pages changed.
    func changedFile(_ table: EntryTable, replacing slots: [[UInt8]], header: Envelope, dataKey: SecureBytes) throws -> [UInt8] {
        let keys = try EntryKeys(dataKey: dataKey)
        precondition(keys.sameKeys(as: self.keys), "a file changed in part is written under the data key it was opened with")
        var scratch = try SecureBytes(count: 4096)
        let keeping = table.origin.map { $0.keys.sameKeys(as: keys) && $0.signed == header.signsParts } ?? false
        let changed = try header.sealedRecords(of: table, keys: keys, keeping: keeping, scratch: &scratch)
        let merged = try merging(changed, replacing: slots)
        let pageCount = SealedEntries.pageCount(for: merged.count)
        var pages = self.pages
        if pageCount == pages.count {
            let touched = Set((slots + changed.map(\.slot)).map { SealedEntries.page(of: $0, among: pageCount) })
            var texts: [Int: [ArraySlice<UInt8>]] = [:]
            for record in merged {
                let page = SealedEntries.page(of: record.slot, among: pageCount)
                if touched.contains(page) { texts[page, default: []].append(record.text) }
            }
            for page in touched { pages[page] = SealedEntries.pageDigest(of: texts[page] ?? []) }
        } else {
            pages = SealedEntries.pageDigests(of: merged, pages: pageCount)
        }
        let (seal, tombstones) = try header.sealState(table.stateForWrite(), pages: pages, origin: table.origin, author: table.author, keys: keys, scratch: &scratch)
        return SealedEntries.render(after: header.renderedHeader(), seal: seal, tombstones: tombstones, pages: pages, recordTexts: merged.map(\.text))
    }

    /// This file's records but those at `slots` (sorted), with `changed` (in order of their
    /// slots) in their places: every record in the order of its slot. A changed record in the
    /// slot of a record kept is refused (`malformedPayload`).
    private func merging(_ changed: [SealedEntries.Record], replacing slots: [[UInt8]]) throws -> [SealedEntries.RecordText] {
        var merged: [SealedEntries.RecordText] = []
        merged.reserveCapacity(records.count + changed.count)
        var next = changed.makeIterator()
        var pending = next.next()
        var replaced = slots.makeIterator()
        var replacedSlot = replaced.next()
        for record in records {
            while let slot = pending?.slot, slot.lexicographicallyPrecedes(record.slot) {
                merged.append(SealedEntries.RecordText(text: pending!.text[...], slot: slot))
                pending = next.next()
            }
            while let slot = replacedSlot, slot.lexicographicallyPrecedes(record.slot) { replacedSlot = replaced.next() }
            if record.slot == replacedSlot { continue }
            if record.slot == pending?.slot { throw VaultOpenError.malformedPayload("two entries have the same slot") }
            merged.append(record)
        }
        while let record = pending {
            merged.append(SealedEntries.RecordText(text: record.text[...], slot: record.slot))
            pending = next.next()
        }
        return merged
    }

    /// The slots whose records differ between this file and `other` (under the same keys): a
    /// slot only one of them has, or whose record's text differs. Sorted.
    func slotsDiffering(from other: SealedFileEdit) -> [[UInt8]] {
        var differing: [[UInt8]] = []
        var mine = 0, theirs = 0
        while mine < records.count || theirs < other.records.count {
            guard mine < records.count else {
                differing.append(other.records[theirs].slot)
                theirs += 1
                continue
            }
            guard theirs < other.records.count else {
                differing.append(records[mine].slot)
                mine += 1
                continue
            }
            let (a, b) = (records[mine], other.records[theirs])
            if a.slot == b.slot {
                if a.text != b.text { differing.append(a.slot) }
                mine += 1
                theirs += 1
            } else if a.slot.lexicographicallyPrecedes(b.slot) {
                differing.append(a.slot)
                mine += 1
            } else {
                differing.append(b.slot)
                theirs += 1
            }
        }
        return differing
    }

    /// Whether `other` was opened under the same data key: then their records can be compared
    /// and copied from one to the other.
    func hasKeys(of other: SealedFileEdit) -> Bool {
        keys.sameKeys(as: other.keys)
    }
}
