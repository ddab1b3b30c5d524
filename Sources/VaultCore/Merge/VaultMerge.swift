import FoundationEssentials

/// The three-way merge of two copies of a vault that share an ancestor (git's base, ours and
/// theirs), entry by entry (matched by id) and part by part (`EntryMerge`):
///
/// - an entry added on one side is added; one removed on one side and left alone on the other
///   is removed; one removed on one side and changed on the other stays (the edit beats the
///   removal, reported); a tombstone the ancestor holds already is no removal (the entry came
///   back after an edit beat it);
/// - an entry on both sides is merged part by part; a rename on one side and an edit on the
///   other both apply;
/// - two entries that end with the same name both stay: the one whose name was set later is
///   renamed `NAME (2)` (`(3)`, …; a name too long for the suffix is shortened), reported;
/// - the tombstones are joined (an entry that stays has none), and the vault's clock is the
///   later of the two.
///
/// The result depends only on the three copies, not on which side is "ours" (apart from what
/// the report calls added and removed), so every machine that merges the same copies gets the
/// same vault.
public enum VaultMerge {
    /// One copy of a vault: its entries and its state line.
    public struct Copy: Sendable {
        public var entries: [Entry]
        public var state: VaultState

        public init(entries: [Entry], state: VaultState) {
            self.entries = entries
            self.state = state
        }
    }

    /// The merged copy and what the merge did to our side.
    public static func merge(base: Copy?, ours: Copy, theirs: Copy) -> (result: Copy, report: MergeReport) {
        let baseByID = index(base?.entries ?? [])
        let oursByID = index(ours.entries), theirsByID = index(theirs.entries)
        let removedBefore = tombstones(base?.state ?? VaultState())
        let removedByUs = tombstones(ours.state), removedByThem = tombstones(theirs.state)
        var report = MergeReport()
        var merged: [Entry] = []
        var ids = Set(oursByID.keys).union(theirsByID.keys)
        ids.formUnion(baseByID.keys)
        for id in ids.sorted() {
            let original = baseByID[id]
            switch (oursByID[id], theirsByID[id]) {
            case let (mine?, other?):
                let (entry, conflicts) = EntryMerge(base: original, ours: mine, theirs: other).merged()
                report.conflicts += conflicts.map { .bothChanged(entry: entry.name, part: $0.part, keptFrom: $0.kept) }
                merged.append(entry)
            case let (mine?, nil):
                if survives(mine, original: original, tombstone: removal(removedByThem[id], since: removedBefore), report: &report) { merged.append(mine) }
            case let (nil, other?):
                if survives(other, original: original, tombstone: removal(removedByUs[id], since: removedBefore), report: &report) { merged.append(other) }
            case (nil, nil):
                break
            }
        }
        merged = unique(merged, report: &report)
        describe(merged, against: ours.entries, in: &report)

        var state = VaultState()
        let alive = Set(merged.map(\.id))
        var deleted = removedByUs.merging(removedByThem) { $0.deleted >= $1.deleted ? $0 : $1 }
        for id in alive { deleted[id] = nil }
        state.deleted = deleted.values.sorted { ($0.deleted, $0.id) < ($1.deleted, $1.id) }
        let stamps = [ours.state.clock, theirs.state.clock].compactMap { $0 } + merged.flatMap(\.clocks.values) + state.deleted.map(\.deleted)
        state.clock = stamps.max()
        state.keys = [ours.state.keys, theirs.state.keys].compactMap { $0 }.max()
        state.log = ours.state.log.merged(with: theirs.state.log)
        state.identities = IdentitySecret.merged(ours.state.identities, theirs.state.identities)
        return (Copy(entries: merged.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }, state: state), report)
    }

    /// Which copy's header the result is written under: the one whose keys were made later
    /// (by `passwd` or `rekey`), ours when neither or both say the same.
    public static func newerKeys(ours: VaultState, theirs: VaultState) -> MergeReport.Side {
        guard let theirKeys = theirs.keys else { return .ours }
        guard let ourKeys = ours.keys else { return .theirs }
        return theirKeys > ourKeys ? .theirs : .ours
    }

    /// Whether an entry one side has and the other has not stays: when the other side never
    /// had it (added here), or when this side changed it after the other removed it (reported).
    /// Changed means: a part stamped differently from the base's version, or, with no base, a
    /// part stamped after the tombstone.
    private static func survives(_ entry: Entry, original: Entry?, tombstone: Tombstone?, report: inout MergeReport) -> Bool {
        let changed: Bool
        if let original {
            changed = EntryPart.all(original, entry).contains { entry.stamp(of: $0) != original.stamp(of: $0) }
        } else if let tombstone {
            changed = entry.clocks.values.contains { $0 > tombstone.deleted }
        } else {
            return true
        }
        if changed { report.conflicts.append(.editBeatsRemoval(entry: entry.name)) }
        return changed
    }

    /// A side's tombstone, unless the ancestor has it already: a removal from before the ancestor
    /// says nothing of an entry the other side holds now, which came back after it (a merge
    /// where an edit beat that removal), so that entry stays as one added.
    private static func removal(_ tombstone: Tombstone?, since ancestor: [String: Tombstone]) -> Tombstone? {
        guard let tombstone, ancestor[tombstone.id]?.deleted != tombstone.deleted else { return nil }
        return tombstone
    }

    /// Gives each name to one entry: of two with the same name, the one whose name was set
    /// later (by stamp, then id) becomes `NAME (2)`, or the next free number (`numbered`).
    private static func unique(_ entries: [Entry], report: inout MergeReport) -> [Entry] {
        var byName: [String: [Entry]] = [:]
        for entry in entries { byName[entry.name, default: []].append(entry) }
        var taken = Set(byName.keys)
        var result: [Entry] = []
        for name in byName.keys.sorted() {
            let group = byName[name]!.sorted { ($0.stamp(of: "name"), $0.id) < ($1.stamp(of: "name"), $1.id) }
            result.append(group[0])
            for var entry in group.dropFirst() {
                var number = 2
                while taken.contains(numbered(name, number)) { number += 1 }
                entry.name = numbered(name, number)
                taken.insert(entry.name)
                report.conflicts.append(.sameName(name: name, renamedTo: entry.name))
                result.append(entry)
            }
        }
        return result
    }

    /// `NAME (number)`, still a valid name: a name too long for the suffix loses characters at
    /// its end to make room, or, when its first character alone is too long (a letter under
    /// hundreds of marks), code points at its end, put in NFC again.
    static func numbered(_ name: String, _ number: Int) -> String {
        let suffix = " (\(number))"
        let fits = { (stem: String) in stem.utf8.count + suffix.utf8.count <= EntryName.maximumLength }
        var stem = Substring(name)
        while !fits(String(stem)) { stem = stem.dropLast() }
        if stem.isEmpty {
            var scalars = Substring(name).unicodeScalars
            while !fits(String(scalars).nfcNormalized) { scalars = scalars.dropLast() }
            return String(scalars).nfcNormalized + suffix
        }
        return stem + suffix
    }

    /// Fills the report's lists: what the result adds to, changes in and removes from our side.
    private static func describe(_ result: [Entry], against ours: [Entry], in report: inout MergeReport) {
        let before = index(ours)
        let after = index(result)
        for entry in result {
            if let mine = before[entry.id] {
                if !EntryPart.changed(from: mine, to: entry).isEmpty || mine.history != entry.history { report.changed.append(entry.name) }
            } else {
                report.added.append(entry.name)
            }
        }
        report.removed = ours.filter { after[$0.id] == nil }.map(\.name)
        report.added.sort()
        report.changed.sort()
        report.removed.sort()
    }

    private static func index(_ entries: [Entry]) -> [String: Entry] {
        Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func tombstones(_ state: VaultState) -> [String: Tombstone] {
        Dictionary(state.deleted.map { ($0.id, $0) }, uniquingKeysWith: { $0.deleted >= $1.deleted ? $0 : $1 })
    }
}
