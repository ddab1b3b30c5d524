/// The merge of three vault files: the common ancestor, our copy and theirs, as git's merge
/// driver gets them (`%O %A %B`) or as `vault sync` reads them from git. Each copy is opened
/// (`Keys`), merged (`VaultMerge`), and the result sealed under the header of the copy whose
/// keys were made later, with a fresh nonce. Nothing is written in plain text.
///
/// Copies of a team vault open with the person's identities; their change logs of members are
/// merged too (`TeamLog.merged`, which refuses removals made on both sides), and the result is
/// sealed under the data key of the copy that holds every removal (a member removed on one side
/// does not get the merge), for exactly the merged members.
public enum VaultFileMerge {
    /// Where each copy's keys come from.
    public struct Keys {
        /// The command's unlocker: our copy's keys, and those of any copy under the same ones.
        public var ours: Unlocker
        /// Asks for the master password of a copy under another one (`vault passwd` on another
        /// machine); nil where there is nobody to ask.
        public var otherPassword: Unlocker?
        /// The label a key derived for our copy is cached under.
        public var label: String
        /// How a key derived for our copy may reach the cache: the store's guard for a command
        /// that holds the vault's lock, nothing for git's driver (which merges copies of git's).
        public var cacheGuard: any KeyCacheGuard

        public init(ours: Unlocker, otherPassword: Unlocker?, label: String = "vault key", cacheGuard: any KeyCacheGuard = NoCacheUpdates()) {
            self.ours = ours
            self.otherPassword = otherPassword
            self.label = label
            self.cacheGuard = cacheGuard
        }
    }

    /// A merged vault: the file's bytes, what the merge did, and the keys it is under.
    public struct Merged {
        public var bytes: [UInt8]
        public var report: MergeReport
        /// The result's header (its body too, unless the merge was made in part).
        public var envelope: Envelope
        /// The result's key-encryption key: the other copy's when its keys are the newer, which
        /// the key cache then needs in place of ours (none for a team vault, which has no
        /// master password).
        public var keyEncryptionKey: SecureBytes
        /// Whether the result is under the other copy's keys (for a personal vault, so its master
        /// password).
        public var tookTheirKeys: Bool
        /// The result's state line.
        public var state: VaultState
        /// The contents of attachments the result names, when the merge opened it whole.
        public var attachmentContents: Set<String>?
    }

    /// One opened copy.
    package struct Opened {
        package var envelope: Envelope
        package var keys: VaultKeys
        package var table: EntryTable

        /// Every entry, decoded.
        package func copy() throws -> VaultMerge.Copy {
            try VaultFileMerge.copy(of: table, skipping: [])
        }
    }

    /// Merges `theirs` into `ours` against `base` (nil, or empty as git gives it, when the
    /// copies share no ancestor). A base under keys at hand for neither copy (both changed
    /// their password since) is left out, and the merge goes by stamps alone. Copies of
    /// version 5 under one data key decrypt only the entries that differ (`mergeInPart`).
    public static func merge(base: [UInt8]?, ours: [UInt8], theirs: [UInt8], keys: Keys) throws -> Merged {
        if let merged = try mergeInPart(base: base, ours: ours, theirs: theirs, keys: keys) { return merged }
        return try merge(try open(base: base, ours: ours, theirs: theirs, keys: keys))
    }

    /// The three copies of a merge, opened.
    package struct Copies {
        package var base: Opened?
        package var ours: Opened
        package var theirs: Opened
        /// For a team vault, the person's identities, one of which signs the merge: the first
        /// that is a member of the merged team.
        package var identities: [MemberIdentity] = []
    }

    /// Opens the copies of a merge: ours with the command's unlocker, theirs with keys at hand
    /// or its own master password, and the base with the keys of either (left out when neither
    /// has them).
    package static func open(base: [UInt8]?, ours: [UInt8], theirs: [UInt8], keys: Keys) throws -> Copies {
        let mine = try openOurs(ours, keys: keys)
        let other = try openOther(theirs, known: [mine], keys: keys)
        let ancestor = try base.flatMap { $0.isEmpty ? nil : try openWithKeysAtHand(try Envelope.parse($0), known: [mine, other], keys: keys) }
        let identities = mine.envelope.isTeam ? try keys.ours.identities() : []
        return Copies(base: ancestor, ours: mine, theirs: other, identities: identities)
    }

    /// What a merge of copies under different keys (a `passwd` or `rekey` on one side) does
    /// to the merged entries before they are sealed: seals again, under `dataKey` (the key
    /// the result is sealed with, `target`'s), the contents of the attachments the result
    /// names that `target` does not, which `other` added under its older keys, and has the
    /// entries name the new contents. Only the caller knows where the other side's sealed
    /// contents are.
    package typealias Resealing = (_ result: EntryTable, _ dataKey: SecureBytes, _ target: Opened, _ other: Opened) throws -> Void

    /// Merges copies opened already, sealing the result under the header whose keys are newer.
    /// Without `resealing`, a result that would name attachments sealed under the older keys
    /// is refused.
    package static func merge(_ copies: Copies, resealing: Resealing? = nil) throws -> Merged {
        let (ancestor, mine, other, beforeRemoval) = try vouchedCopies(copies)
        var (result, report) = try merge(base: ancestor?.table, ours: mine.table, theirs: other.table)
        if let team = result.state.team {
            // A member of the merged team signs it; someone removed on one side never does.
            let members = team.state.members.map(\.identity)
            guard let author = copies.identities.first(where: { members.contains($0.publicIdentity) }) else { throw MergeError.notAMemberOfTheirs }
            result.author = author
        }
        report.beforeRemoval = beforeRemoval
        let theirsNewer = takesTheirHeader(ours: mine.table.state, theirs: other.table.state)
        var target = theirsNewer ? other : mine
        let older = theirsNewer ? mine : other
        if let team = result.state.team {
            target.envelope = try target.envelope.sealingDataKey(target.keys.dataKey, for: team.state)
            // What the merge took as it was keeps its authorship, from a copy under the same key
            // (whose slots are the result's, which the signatures name).
            var carried = try CarriedAuthorships()
            for copy in [copies.ours, copies.theirs] where copy.keys.dataKey.constantTimeEquals(target.keys.dataKey) {
                try carried.collect(from: copy)
            }
            result.carried = carried
        }
        let dataKey = try target.envelope.prepareForWrite(keys: target.keys)
        if !target.keys.dataKey.constantTimeEquals(older.keys.dataKey) {
            // Events sealed under the older data key's log key stay readable.
            try result.retireEventLogKey(of: older.keys.dataKey)
            if let resealing {
                try resealing(result, dataKey, target, older)
            } else if !(try result.attachmentContents()).isSubset(of: try target.table.attachmentContents()) {
                throw MergeError.attachmentsUnderOlderKeys
            }
        }
        try target.envelope.sealEntries(result, dataKey: dataKey)
        return Merged(bytes: target.envelope.render(), report: report, envelope: target.envelope,
                      keyEncryptionKey: target.keys.keyEncryptionKey, tookTheirKeys: theirsNewer, state: result.state,
                      attachmentContents: try result.attachmentContents())
    }

    /// The copies of a merge, the one made before a removal that the other holds (of a team
    /// vault) as far as the members who stay vouch for it (`vouched`), and what that left out.
    private static func vouchedCopies(_ copies: Copies) throws -> (base: Opened?, ours: Opened, theirs: Opened, left: MergeReport.BeforeRemoval?) {
        var (mine, other) = (copies.ours, copies.theirs)
        guard let ourLog = mine.table.state.team, let theirLog = other.table.state.team else { return (copies.base, mine, other, nil) }
        let team = try ourLog.merged(with: theirLog)
        let members = team.state.members.map(\.identity)
        var left: MergeReport.BeforeRemoval?
        if !ourLog.includesRemovals(of: team) {
            let undone: [String]
            (mine, undone) = try vouched(mine, by: members, base: copies.base)
            left = MergeReport.BeforeRemoval(removals: team.describe(ourLog.removals(of: team)), undone: undone)
        } else if !theirLog.includesRemovals(of: team) {
            let undone: [String]
            (other, undone) = try vouched(other, by: members, base: copies.base)
            left = MergeReport.BeforeRemoval(removals: team.describe(theirLog.removals(of: team)), undone: undone)
        }
        return (copies.base, mine, other, left)
    }

    /// Whether the result of merging copies of these states is written under their header: for
    /// a team vault, when ours lacks a removal of members that theirs has (their data key is the
    /// one made then); for a personal vault, when their keys were made later.
    package static func takesTheirHeader(ours: VaultState, theirs: VaultState) -> Bool {
        if let mine = ours.team, let other = theirs.team { return !mine.includesRemovals(of: other) }
        return VaultMerge.newerKeys(ours: ours, theirs: theirs) == .theirs
    }

    /// What taking one copy in place of another brings: the report, and the keys it is under.
    public struct Changes {
        public var report: MergeReport
        public var keyEncryptionKey: SecureBytes
        public var vaultID: String
    }

    /// What taking `new` in place of `old` brings (a fast-forward), both opened already: its
    /// entries added, changed and removed, as a merge with nothing of ours would report them.
    package static func changes(from old: Opened, to new: Opened) throws -> Changes {
        Changes(report: try merge(base: old.table, ours: old.table, theirs: new.table).report,
                       keyEncryptionKey: new.keys.keyEncryptionKey, vaultID: new.envelope.id)
    }

    /// Merges three tables (`VaultMerge`), decoding only the entries ours and theirs do not
    /// share byte for byte (and the ancestor's versions of those): an entry both copies have
    /// as it was is kept as its line. Should a merged entry take the name of a kept one (a
    /// `NAME (2)` that exists), the merge is made again with every entry decoded.
    static func merge(
        base: EntryTable?, ours: EntryTable, theirs: EntryTable, keepingShared: Bool = true
    ) throws -> (table: EntryTable, report: MergeReport) {
        let team = try mergedTeam(ours: ours.state.team, theirs: theirs.state.team)
        let shared = keepingShared ? ours.identicalLines(in: theirs) : []
        let keptInOurs = Set(shared.map(\.mine))
        let keptInBase = base.map { Set($0.identicalLines(in: ours).filter { keptInOurs.contains($0.theirs) }.map(\.mine)) } ?? []
        // Decoded once, each with its line's index (for the lines a team merge keeps).
        let ourLines = try ours.indexedEntries(skipping: keptInOurs)
        let theirLines = try theirs.indexedEntries(skipping: Set(shared.map(\.theirs)))
        var (result, report) = VaultMerge.merge(
            base: try base.map { try copy(of: $0, skipping: keptInBase) }, ours: try copy(ourLines.map(\.entry), state: ours.state),
            theirs: try copy(theirLines.map(\.entry), state: theirs.state))
        var kept = shared.map(\.mine)
        var copied: [SecureBytes] = []
        if let team, let ourLog = ours.state.team {
            result.state.team = team
            report.members = team.describe(team.changes(after: TeamPin(ourLog)))
            // An entry taken as one side has it keeps that side's line, byte for byte, and with
            // it the authorship that line was signed with (`CarriedAuthorships`).
            // Ids are unique in each (`copy` checked them).
            let mine = Dictionary(uniqueKeysWithValues: ourLines.map { ($0.entry.id, $0) })
            let other = Dictionary(uniqueKeysWithValues: theirLines.map { ($0.entry.id, $0) })
            result.entries = try result.entries.filter { entry in
                if let line = mine[entry.id], line.entry == entry {
                    kept.append(line.index)
                    return false
                }
                if let line = other[entry.id], line.entry == entry {
                    copied.append(try theirs.lineCopy(at: line.index))
                    return false
                }
                return true
            }
        }
        do {
            return (try ours.keeping(kept, copying: copied, adding: result.entries, state: result.state), report)
        } catch VaultOpenError.malformedPayload where !shared.isEmpty {
            return try merge(base: base, ours: ours, theirs: theirs, keepingShared: false)
        }
    }

    /// The change log of members of two copies of a team vault, merged; nil for a personal
    /// vault. A team vault's copy merged with a personal vault's is refused.
    private static func mergedTeam(ours: TeamLog?, theirs: TeamLog?) throws -> TeamLog? {
        switch (ours, theirs) {
        case (nil, nil): return nil
        case let (mine?, other?): return try mine.merged(with: other)
        default: throw MergeError.differentVaults
        }
    }

    /// A table's entries but those `skipping`, decoded; entries sharing an id are refused (a
    /// merge by id would lose one).
    static func copy(of table: EntryTable, skipping: Set<Int>) throws -> VaultMerge.Copy {
        try copy(try table.entries(skipping: skipping), state: table.state)
    }

    /// The copy of `entries` with `state`; two entries of one id are refused.
    private static func copy(_ entries: [Entry], state: VaultState) throws -> VaultMerge.Copy {
        if Set(entries.map(\.id)).count != entries.count { throw VaultOpenError.malformedPayload("two entries have the same id") }
        return VaultMerge.Copy(entries: entries, state: state)
    }

    /// Opens a copy with `unlocker` alone (never changing the key cache).
    package static func open(_ bytes: [UInt8], using unlocker: Unlocker) throws -> Opened {
        try openOurs(bytes, keys: Keys(ours: unlocker, otherPassword: nil))
    }

    /// Opens our copy with the command's unlocker (asking for the password if need be).
    package static func openOurs(_ bytes: [UInt8], keys: Keys) throws -> Opened {
        let envelope = try Envelope.parse(bytes)
        return try open(envelope, with: try keys.ours.keys(for: envelope, label: keys.label, cacheGuard: keys.cacheGuard))
    }

    /// Opens another copy: with keys at hand (`openWithKeysAtHand`), else with the master
    /// password of that copy, asked for.
    private static func openOther(_ bytes: [UInt8], known: [Opened], keys: Keys) throws -> Opened {
        let envelope = try Envelope.parse(bytes)
        if let opened = try openWithKeysAtHand(envelope, known: known, keys: keys) { return opened }
        // A team vault has no password: the other copy is not sealed for this person.
        if envelope.isTeam { throw MergeError.notAMemberOfTheirs }
        guard let asking = keys.otherPassword else { throw MergeError.differentPasswords }
        do {
            return try open(envelope, with: try asking.keysFromPassword(for: envelope, label: keys.label, cacheGuard: NoCacheUpdates()))
        } catch VaultOpenError.wrongPassword {
            throw MergeError.otherPasswordWrong
        } catch InputError.locked {
            throw MergeError.differentPasswords
        }
    }

    /// Opens a copy of the same vault with the keys of a copy opened already whose header
    /// derives its key alike, else with the keys the command's unlocker holds; nil when none
    /// of them opens it.
    private static func openWithKeysAtHand(_ envelope: Envelope, known: [Opened], keys: Keys) throws -> Opened? {
        guard envelope.id == known[0].envelope.id, envelope.isTeam == known[0].envelope.isTeam else { throw MergeError.differentVaults }
        // A team vault's copies have no key-encryption key: the person's identities open them.
        for copy in known where !envelope.isTeam && copy.envelope.derivesKeyLike(envelope) {
            if let dataKey = try? envelope.unwrapDataKey(with: copy.keys.keyEncryptionKey) {
                return try open(envelope, with: VaultKeys(keyEncryptionKey: copy.keys.keyEncryptionKey, dataKey: dataKey))
            }
        }
        return try keys.ours.keysAtHand(for: envelope).map { try open(envelope, with: $0) }
    }

    /// Decrypts a copy.
    private static func open(_ envelope: Envelope, with keys: VaultKeys) throws -> Opened {
        Opened(envelope: envelope, keys: keys, table: try envelope.openTable(dataKey: keys.dataKey))
    }
}

/// Why vault files could not be merged; git then leaves the conflict to the person.
public enum MergeError: VaultFailure, Equatable {
    case differentVaults
    case differentPasswords
    case otherPasswordWrong
    /// One copy's keys were changed (`passwd`, `rekey`) while the other added attachments,
    /// whose contents must be sealed again; a merge that knows where they are does it.
    case attachmentsUnderOlderKeys
    /// The other copy of a team vault is not sealed for any of this person's identities: a
    /// member removed them there.
    case notAMemberOfTheirs

    public var message: String {
        switch self {
        case .differentVaults:
            return "the files are copies of different vaults (their ids differ); nothing was merged"
        case .differentPasswords:
            return "the other copy has another master password (vault passwd on another machine) and there is no terminal to ask for it on; nothing was merged"
        case .otherPasswordWrong:
            return "the password given does not open the other copy; nothing was merged"
        case .notAMemberOfTheirs:
            return "the other copy of this team vault is not sealed for you: a member removed you from the team; nothing was merged"
        case .attachmentsUnderOlderKeys:
            return "one copy's keys were changed (vault passwd or rekey) while the other added attachments, which must be sealed again; run vault sync to merge; nothing was merged"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .otherPasswordWrong, .notAMemberOfTheirs: return .authenticationFailed
        default: return .failure
        }
    }
}
