import VaultCore
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
///   is still there with no part stamped earlier, or has a tombstone at or after its last
///   change, or holds nothing newer than the tombstone horizon before the copy's clock (its
///   tombstone may have been dropped since);
/// - its key derivation, when its header is the one taken: no less memory and no fewer passes
///   than ours, unless the person says a lower one was set on purpose;
/// - for a team vault, its change log of members, which must hold every change of the newest
///   seen: the stamps above are not enough there, since a member removed since holds the older
///   data key and sets them as they like, but cannot sign the changes made after they left (their
///   removal among them), so a copy they forked from before it is refused once this machine has
///   seen the removal on the remote. A copy to merge that holds a removal the newest seen lacks
///   is not bound by the stamps seen.
///
/// "Newest seen" is the record of the last copy synced (`NewestSeen`) and the ancestor.
public struct IncomingVault {
    var theirs: VaultFileMerge.Opened
    /// The copy `theirs` is merged against, or replaces in a fast-forward; nil when there is
    /// none at hand (no common history, or one under keys no longer held).
    var ancestor: VaultFileMerge.Opened?
    var seen: NewestSeen?
    /// The key derivation of the header that taking `theirs` replaces; nil when ours is kept.
    var replacedKDF: KDFParameters?
    /// Whether `theirs` is merged with our copy rather than taken as it is: only then does a
    /// removal of members that the newest seen lacks make its older stamps no bound (taken as
    /// it is, an older copy would undo what came since, a removal or not).
    var merged = false

    /// For `vault sync clone`: a copy of a vault this machine has synced before (one with a
    /// record) is opened with `unlocker` and must be no older than the record; one never synced
    /// here is taken as it is, there being nothing to compare it with. A team vault's copy is
    /// opened in any case (only a member can use it), and its change log of members returned,
    /// for the clone to take as a read would (`VaultStore.acceptTeamLog`).
    public static func checkClone(_ bytes: [UInt8], unlocker: Unlocker, seen: NewestSeen.Folder) throws -> (log: TeamLog, vaultID: String)? {
        let envelope = try Envelope.parse(bytes)
        let record = try seen.record(vaultID: envelope.id)
        guard record != nil || envelope.isTeam else { return nil }
        let opened = try VaultFileMerge.open(bytes, using: unlocker)
        if let record { try IncomingVault(theirs: opened, ancestor: nil, seen: record, replacedKDF: nil).check(acceptingWeakerKDF: true) }
        return opened.table.state.team.map { ($0, envelope.id) }
    }

    func check(acceptingWeakerKDF: Bool) throws {
        let state = theirs.table.state
        let bound = [seen, ancestor.map { NewestSeen($0.table.state) }].compactMap { $0 }
            .reduce(NewestSeen(clock: nil, keys: nil)) { $0.joined(with: $1) }
        if let pin = bound.team {
            // First: a removed member's copy is refused for what it is, whatever stamps it has.
            guard let log = state.team, log.includes(pin) else {
                throw SyncError.olderVault(why: "its list of members lacks changes this machine has seen (a member removed or let in since that copy was made, as in a removed member's copy); taking it would undo them")
            }
        }
        // A team vault's copy merged with ours that removed a member since the newest seen is
        // newer whatever its stamps: those seen may be a removed member's, set as they liked on
        // a copy they forked (which this machine took before it knew of the removal).
        let removedSince = merged && bound.team.map { pin in state.team?.changes(after: pin).contains { $0.kind == .remove } == true } ?? false
        if let keys = bound.keys, !removedSince, Self.isBefore(state.keys, keys) {
            throw SyncError.olderVault(why: "its keys were made before the newest this machine has seen; taking it would undo a passwd or rekey")
        }
        if let clock = bound.clock, !removedSince, Self.isBefore(state.clock, clock) {
            throw SyncError.olderVault(why: "its latest change is older than the newest copy this machine has seen; taking it would undo the changes made since")
        }
        try checkNothingUndone()
        if let replacedKDF, !acceptingWeakerKDF {
            let kdf = theirs.envelope.kdf
            if kdf.memoryKiB < replacedKDF.memoryKiB || kdf.iterations < replacedKDF.iterations {
                throw SyncError.weakerKeyDerivation(theirs: kdf, ours: replacedKDF)
            }
        }
    }

    /// Whether `stamp` comes before `bound`; a missing stamp comes before any.
    private static func isBefore(_ stamp: Stamp?, _ bound: Stamp) -> Bool {
        stamp.map { $0 < bound } ?? true
    }

    /// Refuses a copy that undoes what the ancestor holds: an entry gone without a tombstone at
    /// or after its last change, or a part of an entry stamped earlier than the ancestor's (an
    /// authentic copy from before a change, such as one machine's copy before it merged).
    private func checkNothingUndone() throws {
        guard let ancestor else { return }
        let state = theirs.table.state
        let kept = Dictionary(try theirs.table.allEntries().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let buried = Dictionary(state.deleted.map { ($0.id, $0.deleted) }, uniquingKeysWith: max)
        // Everything an entry held before this may have lost its tombstone by now.
        let horizon = (state.clock?.milliseconds ?? 0) - Int64(VaultState.tombstoneHorizon * 1000)
        var dropped: [String] = [], undone: [String] = []
        for entry in try ancestor.table.allEntries() {
            let parts = Set(entry.clocks.keys).union(EntryPart.present(in: entry))
            let latest = parts.map(entry.stamp(of:)).max() ?? Stamp(legacy: entry.modified)
            if let newer = kept[entry.id] {
                // A part the newer entry has no stamp for (an entry restored from an export,
                // which holds none) counts as of its latest stamp, not of its old `modified`.
                let fallback = newer.clocks.values.max()
                let stamp = { (part: String) in newer.clocks[part] ?? fallback ?? newer.stamp(of: part) }
                if parts.contains(where: { stamp($0) < entry.stamp(of: $0) }) { undone.append(entry.name) }
            } else if let removal = buried[entry.id], removal >= latest {
                continue
            } else if latest.milliseconds >= horizon {
                dropped.append(entry.name)
            }
        }
        guard dropped.isEmpty else { throw SyncError.entriesDropped(names: dropped.sorted()) }
        guard undone.isEmpty else { throw SyncError.changesUndone(names: undone.sorted()) }
    }
}
