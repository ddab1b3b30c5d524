import FoundationEssentials

/// What a copy of the vault from the remote must be before `vault sync` takes it: no older than
/// what this machine has seen. Git's history says nothing here, since whoever can push to the
/// remote can rewrite it; the vault's own history can be trusted, as it is inside the
/// encrypted payload, which only a holder of the keys can write. So the copy is judged by:
///
/// - its keys stamp (`passwd`, `rekey`), which must not be older than the newest seen: an older
///   one would bring back a master password and data key that were replaced;
/// - its clock, the latest change it holds, which must not be older than the newest seen: an
///   older copy would drop every change made since;
/// - the entries of the ancestor it is merged against (our own copy, for a fast-forward): each
///   is still there, or has its tombstone, or holds nothing newer than the tombstone horizon
///   before the copy's clock (its tombstone may have been dropped since);
/// - its key derivation, when its header is the one taken: no less memory and no fewer passes
///   than ours, unless the person says a lower one was set on purpose.
///
/// "Newest seen" is the record of the last copy synced (`NewestSeen`) and the ancestor.
struct IncomingVault {
    var theirs: VaultFileMerge.Opened
    /// The copy `theirs` is merged against, or replaces in a fast-forward; nil when there is
    /// none at hand (no common history, or one under keys no longer held).
    var ancestor: VaultFileMerge.Opened?
    var seen: NewestSeen?
    /// The key derivation of the header that taking `theirs` replaces; nil when ours is kept.
    var replacedKDF: KDFParameters?

    func check(acceptingWeakerKDF: Bool) throws {
        let state = theirs.table.state
        let bound = [seen, ancestor.map { NewestSeen($0.table.state) }].compactMap { $0 }
            .reduce(NewestSeen(clock: nil, keys: nil)) { $0.joined(with: $1) }
        if let keys = bound.keys, NewestSeen.later(state.keys, keys) != state.keys {
            throw SyncError.olderVault(why: "its keys were made before the newest this machine has seen; taking it would undo a passwd or rekey")
        }
        if let clock = bound.clock, NewestSeen.later(state.clock, clock) != state.clock {
            throw SyncError.olderVault(why: "its latest change is older than the newest copy this machine has seen; taking it would undo the changes made since")
        }
        try checkEntriesKept()
        if let replacedKDF, !acceptingWeakerKDF {
            let kdf = theirs.envelope.kdf
            if kdf.memoryKiB < replacedKDF.memoryKiB || kdf.iterations < replacedKDF.iterations {
                throw SyncError.weakerKeyDerivation(theirs: kdf, ours: replacedKDF)
            }
        }
    }

    /// Refuses a copy without an entry of the ancestor's that it has no tombstone for.
    private func checkEntriesKept() throws {
        guard let ancestor else { return }
        let state = theirs.table.state
        let kept = Set(try theirs.table.allEntries().map(\.id))
        let buried = Set(state.deleted.map(\.id))
        // Everything an entry held before this may have lost its tombstone by now.
        let horizon = (state.clock?.milliseconds ?? 0) - Int64(VaultState.tombstoneHorizon * 1000)
        let missing = try ancestor.table.allEntries().filter { entry in
            guard !kept.contains(entry.id), !buried.contains(entry.id) else { return false }
            let latest = entry.clocks.values.max()?.milliseconds ?? Stamp(legacy: entry.modified).milliseconds
            return latest >= horizon
        }
        guard missing.isEmpty else { throw SyncError.entriesDropped(names: missing.map(\.name).sorted()) }
    }
}
