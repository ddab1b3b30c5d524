/// A copy of a team vault made before a removal of members that the other copy holds: the
/// removed member still holds its data key, and could have written anything into it (on a fork
/// of their own, shown to a member who had not synced since). A merge takes from it only what
/// the members who stay signed (`Authorship`); every other change of it since the merge base is
/// undone, and named.
extension VaultFileMerge {
    /// `older` as far as `members` vouch for it: each entry whose version one of them signed
    /// stays as it is, unless it is an older signed version put back (`isReplayed`); any other
    /// is the base's version again (or goes, when the base has none);
    /// the tombstones are `older`'s when one of them signed them, else the base's, and an entry
    /// of the base that `older` lacks comes back unless those tombstones hold it;
    /// the clock, keys stamp and security log state are the base's (the entries' stamps count
    /// at the merge).
    /// Returns the copy and the names of the changes undone.
    static func vouched(_ older: Opened, by members: [PublicIdentity], base: Opened?) throws -> (copy: Opened, undone: [String]) {
        let envelope = older.envelope
        let keys = try EntryKeys(dataKey: older.keys.dataKey)
        var signedSlots = Set<[UInt8]>()
        var entries: [Entry] = []
        if envelope.signsParts {
            try older.table.forEachLine { _, record in
                guard let record else { return }
                let (line, authorship) = try envelope.authorship(of: record, keys: keys)
                let message = try line.withUnsafeBytes { try Authorship.entryMessage(line: $0, slot: record.slot, vaultID: envelope.id) }
                if authorship.isSigned(message, byOneOf: members, vaultID: envelope.id) { signedSlots.insert(record.slot) }
            }
        }
        let original = Dictionary(try base?.table.allEntries().map { ($0.id, $0) } ?? [], uniquingKeysWith: { first, _ in first })
        let buriedBefore = Dictionary((base?.table.state.deleted ?? []).map { ($0.id, $0.deleted) }, uniquingKeysWith: max)
        var undone: [String] = []
        var present = Set<String>()
        for entry in try older.table.allEntries() {
            present.insert(entry.id)
            let signed = signedSlots.contains(Array(entry.name.utf8).withUnsafeBytes { keys.slot(of: $0) })
            if signed && !isReplayed(entry, base: original[entry.id], buried: buriedBefore[entry.id]) {
                entries.append(entry)
                continue
            }
            if let before = original[entry.id] {
                entries.append(before)
                if !EntryPart.changed(from: before, to: entry).isEmpty || before.history != entry.history { undone.append(entry.name) }
            } else {
                undone.append(entry.name)
            }
        }
        var state = older.table.state
        if !(try envelope.signsParts && tombstonesSigned(older, by: members, keys: keys)) { state.deleted = base?.table.state.deleted ?? [] }
        // A signed tombstone put back from before: one of an entry the base holds, stamped no
        // later than the base's clock (a removal made on this copy since the base is stamped
        // after it), removes nothing: that entry came back after it (an edit beat the removal).
        let baseClock = base?.table.state.clock
        state.deleted.removeAll { tombstone in
            original[tombstone.id] != nil && baseClock.map { tombstone.deleted <= $0 } ?? false
        }
        // An entry of the base goes only with a tombstone the members signed.
        let buried = Set(state.deleted.map(\.id))
        for (id, before) in original where !present.contains(id) && !buried.contains(id) {
            entries.append(before)
            undone.append(before.name)
        }
        state.clock = base?.table.state.clock
        state.keys = base?.table.state.keys
        // The security log's anchors and retired keys too: the removed member could have
        // anchored a chain of their making.
        state.log = base?.table.state.log ?? EventLogState()
        let table = try EntryTable(entries: entries, state: state)
        return (Opened(envelope: envelope, keys: older.keys, table: table), undone.sorted())
    }

    /// Whether `entry`, signed by a member, is an older version they signed put back (by
    /// whoever held the key): a part stamped before the base's version of it, or an entry the
    /// base had removed (`buried`, its tombstone's stamp) with no part changed since.
    private static func isReplayed(_ entry: Entry, base: Entry?, buried: Stamp?) -> Bool {
        if let base {
            let parts = Set(base.clocks.keys).union(EntryPart.present(in: base))
            return parts.contains { (entry.clocks[$0] ?? entry.stamp(of: $0)) < base.stamp(of: $0) }
        }
        guard let buried else { return false }
        return !entry.clocks.values.contains { $0 > buried }
    }

    /// Whether one of `members` signed the tombstones `copy` was opened with.
    private static func tombstonesSigned(_ copy: Opened, by members: [PublicIdentity], keys: EntryKeys) throws -> Bool {
        guard case .entries(let sealed) = copy.envelope.body else { return false }
        let (json, authorship) = try copy.envelope.tombstonesAuthorship(sealed.tombstones, keys: keys)
        let message = try json.withUnsafeBytes { try Authorship.tombstonesMessage(json: $0, vaultID: copy.envelope.id) }
        return authorship.isSigned(message, byOneOf: members, vaultID: copy.envelope.id)
    }
}
