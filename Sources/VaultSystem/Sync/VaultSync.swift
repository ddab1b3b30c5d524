import VaultCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `vault sync`: commits the vault's changes, fetches, merges what came in entry by entry, and
/// pushes, all while holding the vault's lock so that no vault command changes the file
/// meanwhile. The merge is made here, in this process, with the keys of this command (asking
/// for a password at most once per copy), and handed to git's own merge through a driver that
/// copies the result into place, so that git records the merge as usual and leaves nothing
/// half done: a merge git cannot finish is aborted, which restores the vault as it was.
public struct VaultSync {
    /// What a sync did.
    public struct Outcome {
        /// What one fetch brought in.
        public enum Incoming {
            /// The remote had nothing new.
            case nothing
            /// The branch moved forward to the remote's; `report` says what that brought (nil
            /// when the vault could not be opened to tell, with `unreported` saying why).
            case fastForward(report: MergeReport?, unreported: String?)
            /// The remote's changes and ours were merged; `report` as for a fast-forward.
            case merged(report: MergeReport?, unreported: String?)
        }

        /// Whether local changes were committed.
        public var committed = false
        /// What each fetch brought (more than one when the remote moved while we merged).
        public var incoming: [Incoming] = []
        /// The remote and branch pushed to, when something was pushed.
        public var pushed: String?
        /// Whether the remote had everything already, so nothing was pushed.
        public var upToDate = false
        /// Whether the vault now has the master password set on another machine.
        public var passwordChangedElsewhere = false
        /// The remote and branch synced with; nil when there is no remote.
        public var upstream: String?
        /// How many attachment contents the vault names that neither this machine nor the
        /// remote has (each `vault attach get` of them says so).
        public var contentsMissing = 0
    }

    public let store: VaultStore
    public let repository: SyncRepository
    public let keys: VaultFileMerge.Keys
    /// The merge driver and textconv set in the repository where none is.
    public let drivers: GitDrivers
    /// The message of a commit of local changes.
    public let commitMessage: String
    public let now: () -> Date
    /// Where the newest copy of each vault synced is recorded.
    public let seen: NewestSeen.Folder
    /// Whether a copy whose key derivation costs less than ours may be taken (`--accept-weaker-kdf`).
    public let acceptsWeakerKDF: Bool
    /// The largest attachment content taken from the remote, in bytes (`attachments.max_mib`).
    public let attachmentLimit: Int

    /// The file in the git folder that holds a merged vault for git's merge to copy in place.
    static let resultFile = "vault-merge-result"

    /// How often a push refused because the remote moved is followed by another fetch and merge.
    static let attempts = 3

    public init(store: VaultStore, repository: SyncRepository, keys: VaultFileMerge.Keys, drivers: GitDrivers,
                commitMessage: String, now: @escaping () -> Date, seen: NewestSeen.Folder, acceptsWeakerKDF: Bool = false,
                attachmentLimit: Int) {
        self.store = store
        self.repository = repository
        self.keys = keys
        self.drivers = drivers
        self.commitMessage = commitMessage
        self.now = now
        self.seen = seen
        self.acceptsWeakerKDF = acceptsWeakerKDF
        self.attachmentLimit = attachmentLimit
    }

    private var git: Git { repository.git }

    /// Commits, then (with a remote) fetches, merges and, when `push`, pushes; all under the
    /// vault's lock, the repository's settings read under it too. When `push`, commits of ours
    /// on top of all the remote had at the last fetch are pushed first: when the remote takes
    /// them (a fast-forward) it had nothing new, and nothing is fetched. Not where pushes go
    /// to another URL than fetches (`pushurl`, `pushInsteadOf`): taking a push says nothing of
    /// the repository fetched from.
    public func run(push: Bool) throws -> Outcome {
        try store.whileLocked {
            let (layout, settings) = try checkRepository()
            try finishInterruptedMerge(layout)
            var outcome = Outcome()
            let upstream = try SyncUpstream.find(repository, settings: settings)
            if upstream == nil && push { throw SyncError.noRemote }
            outcome.committed = try repository.commitChanges(message: commitMessage)
            guard let upstream else { return outcome }
            outcome.upstream = "\(upstream.remote)/\(upstream.branch)"
            if push, !settings.pushesElsewhere(remote: upstream.remote), try pushedAhead(upstream) {
                outcome.incoming.append(.nothing)
                outcome.pushed = outcome.upstream
                notePushed(nil)
            } else {
                try exchange(with: upstream, layout: layout, push: push, into: &outcome)
            }
            try recordSync(layout)
            return outcome
        }
    }

    /// Fetches and merges what came in, then (when `push`) pushes, fetching again while the
    /// remote moves meanwhile.
    private func exchange(with upstream: SyncUpstream, layout: GitLayout, push: Bool, into outcome: inout Outcome) throws {
        // The state of the vault file as the branch holds it, once known.
        var head: SeenCopy?
        for attempt in 1...Self.attempts {
            try git.run(IncomingCommits.fetchOptions + ["fetch", "-q", "--no-tags", upstream.remote])
            let fetched = try Tips(repository, upstream)
            let incoming = try integrate(upstream, tips: fetched, layout: layout, into: &outcome, head: &head)
            outcome.incoming.append(incoming)
            // git writes the files it checks out as the umask allows (0644): the vault stays 0600.
            chmod(repository.vaultPath, 0o600)
            attachments.restrictModes()
            guard push else { return }
            // A merge or a fast-forward moved HEAD; else it is where it was after the fetch.
            let tips = if case .nothing = incoming { fetched } else { try Tips(repository, upstream) }
            if upstream.isSet, tips.theirs == tips.head {
                outcome.upToDate = true
                return
            }
            if try pushed(to: upstream) {
                outcome.pushed = outcome.upstream
                notePushed(head)
                return
            }
            if attempt == Self.attempts { throw SyncError.pushKeptFailing }
        }
    }

    /// Pushes at once when HEAD has commits on top of the remote-tracking branch (which is in
    /// its history); true when the remote took them, so that it had nothing new on the branch.
    /// False, with nothing pushed, when there is nothing to push this way or the remote moved.
    private func pushedAhead(_ upstream: SyncUpstream) throws -> Bool {
        let tips = try Tips(repository, upstream)
        guard let theirs = tips.theirs, let head = tips.head, theirs != head, try repository.isAncestor(theirs, of: head) else { return false }
        return try pushed(to: upstream)
    }

    /// Commits local changes only (`"sync": {"auto": true}` after each change); returns
    /// whether it made a commit.
    public func commit() throws -> Bool {
        try store.whileLocked {
            let (layout, _) = try checkRepository()
            try finishInterruptedMerge(layout)
            return try repository.commitChanges(message: commitMessage)
        }
    }

    /// Refuses a vault outside a repository, one git would merge byte by byte, or one whose
    /// `.gitignore` lets other files in (an export among them); writes a missing `.gitignore`.
    /// Returns where git keeps the repository and the settings sync reads.
    private func checkRepository() throws -> (GitLayout, SyncSettings) {
        guard let layout = try repository.layout() else { throw SyncError.notARepository(folder: repository.folder) }
        guard try repository.mergesWithVault() else { throw SyncError.notSetUp(path: repository.vaultPath) }
        let settings = try repository.settings()
        repository.closeGitFolder(layout, settings: settings)
        try repository.writeSetupFiles()
        try repository.configureDrivers(drivers, keeping: settings.localDrivers)
        return (layout, settings)
    }

    /// Clears a merge left unfinished (a sync killed while git merged, a `git pull` whose
    /// driver failed) when it merges nothing but the vault's files: `git reset` ends it and
    /// leaves the files as they are, so the vault file (the merge's result, our copy, or a
    /// change made since) is committed as a local change and merged again. A merge that touches
    /// other files, a rebase and the like are the user's, and refused.
    private func finishInterruptedMerge(_ layout: GitLayout) throws {
        let gitFolder = layout.gitFolder
        for (marker, operation) in [("rebase-merge", "rebase"), ("rebase-apply", "rebase"), ("CHERRY_PICK_HEAD", "cherry-pick"), ("REVERT_HEAD", "revert")]
        where access(gitFolder + "/" + marker, F_OK) == 0 {
            throw SyncError.operationInProgress(folder: repository.folder, operation: operation)
        }
        // The result a killed sync left for git's merge is of no use now.
        unlink(gitFolder + "/" + Self.resultFile)
        guard access(gitFolder + "/MERGE_HEAD", F_OK) == 0, let merging = try repository.object("MERGE_HEAD") else { return }
        // -z: the paths as they are (git quotes some otherwise, a folder called café among them).
        let touched = try git.run(["diff", "--name-only", "--no-relative", "-z", "HEAD", merging]).split(separator: "\0").map(String.init)
        // The vault file is committed as the merge left it, so it must be a whole vault (a merge
        // made without vault's driver leaves conflict markers in it).
        guard touched.allSatisfy({ repository.isTracked($0, in: layout) }), (try? Envelope.parse(try AtomicFile.read(repository.vaultPath))) != nil else {
            throw SyncError.operationInProgress(folder: repository.folder, operation: "merge")
        }
        try git.run(["reset", "-q"])
    }

    /// What a sync brings from the other side before git takes it: the report (nil, with the
    /// reason, when our copy cannot be opened to tell), the key of a new master password, and
    /// the state of the copy taken, to record once git has taken it.
    private struct Incoming {
        var report: MergeReport?
        var unreported: String?
        var newKey: (key: SecureBytes, vaultID: String)?
        var taken: SeenCopy?
        /// The vault file git leaves (the copy taken, or the merge), when known.
        var result: SeenCopy?
        /// The attachment contents that vault file names, when it was opened whole.
        var named: Set<String>?
    }

    /// What a copy's state line says of its newness, and whose it is.
    private struct SeenCopy {
        var seen: NewestSeen
        var vaultID: String

        init(_ copy: VaultFileMerge.Opened) {
            seen = NewestSeen(copy.table.state)
            vaultID = copy.envelope.id
        }

        init(_ merged: VaultFileMerge.Merged) {
            seen = NewestSeen(merged.state)
            vaultID = merged.envelope.id
        }

        init(_ state: VaultState, vaultID: String) {
            seen = NewestSeen(state)
            self.vaultID = vaultID
        }
    }

    /// The commits the fetched branch and HEAD point at, nil for one there is not.
    private struct Tips {
        var theirs: String?
        var head: String?

        init(_ repository: SyncRepository, _ upstream: SyncUpstream) throws {
            let objects = try repository.objects([upstream.tracking + "^{commit}", "HEAD^{commit}"])
            (theirs, head) = (objects[0], objects[1])
        }
    }

    /// Brings the fetched branch (at `tips.theirs`) into ours; `head` becomes the state of the
    /// vault file the branch then holds (nil when it was not opened).
    private func integrate(_ upstream: SyncUpstream, tips: Tips, layout: GitLayout, into outcome: inout Outcome,
                           head vault: inout SeenCopy?) throws -> Outcome.Incoming {
        guard let theirs = tips.theirs, let head = tips.head, theirs != head else { return .nothing }
        if try repository.isAncestor(theirs, of: head) { return .nothing }
        let commits = try IncomingCommits(repository: repository, attachmentLimit: attachmentLimit).check(tip: theirs, known: head)
        let path = layout.fromTop(repository.vaultName)
        let blobs = try repository.objects(["\(theirs):\(path)", "\(head):\(path)"])
        guard let theirsBlob = blobs[0] else { throw SyncError.vaultGoneUpstream(name: path) }
        let oursBlob = blobs[1]
        if try repository.isAncestor(head, of: theirs) {
            let incoming = try changes(from: oursBlob, to: theirsBlob)
            let named = try incoming.named ?? contentsNamed(in: oursBlob, commits)
            try git.run(["merge", "-q", "--ff-only", "--no-overwrite-ignore", theirs])
            outcome.contentsMissing += try keepContents(named, from: [head, theirs], wrote: false, layout: layout)
            try accept(incoming, into: &outcome)
            vault = incoming.result
            return .fastForward(report: incoming.report, unreported: incoming.unreported)
        }
        guard let oursBlob else { throw SyncError.notSetUp(path: repository.vaultPath) }
        let base = try repository.mergeBase(head, theirs)
        let baseBlob = try base.flatMap { try repository.object("\($0):\(path)") }
        var options: [String] = []
        var incoming = Incoming(report: MergeReport())
        var resultFile: String?
        defer { if let resultFile { unlink(resultFile) } }
        // Sealed contents written here for the merge, which git has yet to commit.
        var resealed = ContentsResealed(repository: repository, layout: layout, folder: attachments)
        var merged = false
        defer { if !merged { resealed.removeWritten() } }
        if oursBlob != theirsBlob && baseBlob != oursBlob && baseBlob != theirsBlob {
            let copies = try VaultFileMerge.open(
                base: try baseBlob.map { try repository.blob($0) }, ours: try repository.blob(oursBlob),
                theirs: try repository.blob(theirsBlob), keys: keys)
            let theirHeader = VaultFileMerge.takesTheirHeader(ours: copies.ours.table.state, theirs: copies.theirs.table.state)
            let taken = try checked(copies.theirs, against: copies.base, replacing: theirHeader ? copies.ours.envelope.kdf : nil, merged: true)
            let merged: VaultFileMerge.Merged
            do {
                merged = try VaultFileMerge.merge(copies) { result, dataKey, target, other in
                    try resealed.reseal(result, dataKey: dataKey, target: target, targetCommit: theirHeader ? theirs : head,
                                        other: other, otherCommit: theirHeader ? head : theirs)
                }
            } catch TeamLogError.removedOnBothSides(let one, let other) {
                throw SyncError.removedOnBothSides(one, other, folder: repository.folder,
                                                   pin: try store.teamPins?.file(vaultID: copies.ours.envelope.id) ?? "")
            }
            let file = layout.gitFolder + "/" + Self.resultFile
            resultFile = file
            try merged.bytes.withUnsafeBytes { try AtomicFile.write($0, to: file) }
            options = ["-c", "merge.vault.driver=" + (try driver(copying: file, to: path))]
            // A team vault's copies have no master password, so no key to cache.
            let newPassword = merged.tookTheirKeys && !merged.envelope.isTeam
            incoming = Incoming(report: merged.report, newKey: newPassword ? (merged.keyEncryptionKey, merged.envelope.id) : nil,
                                taken: taken, result: SeenCopy(merged), named: merged.attachmentContents)
        } else if oursBlob == baseBlob {
            // git takes their file as it is.
            incoming = try changes(from: oursBlob, to: theirsBlob)
        }
        let named = try incoming.named ?? contentsNamed(in: oursBlob, commits)
        // Copies that share no history (a vault put under git on two machines) merge too;
        // the merge above has made sure they are copies of one vault.
        let unrelated = base == nil ? ["--allow-unrelated-histories"] : []
        let merge = try git.attempt(options + SyncRepository.storingOptions + repository.identityOptions() + ["merge", "-q", "--no-ff", "--no-edit", "--no-overwrite-ignore"] + unrelated
                                    + ["-m", "vault sync: merge \(upstream.remote)/\(upstream.branch)", theirs])
        guard merge.status == 0 else {
            _ = try? git.attempt(["merge", "--abort"])
            throw Git.failure(["merge"], merge)
        }
        merged = true
        outcome.contentsMissing += try keepContents(named, from: [head, theirs], wrote: !resealed.written.isEmpty, layout: layout)
        try accept(incoming, into: &outcome)
        vault = incoming.result
        return .merged(report: incoming.report, unreported: incoming.unreported)
    }

    /// The folder of the vault's attachments.
    private var attachments: AttachmentFolder { AttachmentFolder(vaultPath: repository.vaultPath) }

    /// The attachment contents named by our vault file (blob `ours`) when what came in
    /// removes some and the vault file was not opened to tell; else nil (nothing to keep).
    private func contentsNamed(in ours: String?, _ checked: IncomingCommits.Checked) throws -> Set<String>? {
        guard checked.removesContents, let ours else { return nil }
        return try VaultFileMerge.open(try repository.blob(ours), using: keys.ours).table.attachmentContents()
    }

    /// Once git has taken what came in, with `named` the contents the vault file now names
    /// (nil when it was not opened, and nothing came in that could take one away): puts back
    /// the sealed content of every attachment it names that git removed, from the first of
    /// `commits` that has it (this machine's commit before the sync, then the remote's: only
    /// the vault says when a content may go, and a remote may remove one that a merge keeps,
    /// or any at all), removes every content it does not name (the other side's copies under
    /// keys replaced since, anything a remote added), and commits that with what `wrote`
    /// (contents sealed again for the merge). Returns how many named contents neither side has.
    private func keepContents(_ named: Set<String>?, from commits: [String], wrote: Bool, layout: GitLayout) throws -> Int {
        guard let named else {
            if wrote { try repository.commitChanges(message: "vault sync: keep the attachments the vault names") }
            return 0
        }
        let folder = attachments
        var lost = 0
        for contentID in named.sorted() where !folder.holds(contentID) {
            let paths = commits.map { "\($0):\(layout.fromTop(repository.attachmentsFolder))/\(contentID)" }
            if let object = try repository.objects(paths).compactMap({ $0 }).first {
                try folder.store(try repository.blob(object), contentID: contentID)
            } else {
                lost += 1
            }
        }
        folder.removeAll(but: named)
        // A remote may have brought back the .gitignore that kept the folder out.
        try repository.writeSetupFiles()
        try repository.commitChanges(message: "vault sync: keep the attachments the vault names")
        return lost
    }

    /// The merge driver this sync's `git merge` runs: our merged file copied into place for
    /// the vault's path, and for any other vault file of the repository the configured driver.
    private func driver(copying result: String, to path: String) throws -> String {
        let configured = try git.attempt(["config", "--get", "merge.vault.driver"])
        let others = configured.status == 0 && !configured.text.isEmpty ? configured.text : "false"
        // git gives %P single-quoted, and expands every % of the line (%% is one): the paths'
        // are doubled. The configured driver has lines of its own, so that a comment or a
        // trailing & in it ends nothing of ours.
        let (quotedPath, quotedResult) = (ShellQuoting.forGitCommand(path), ShellQuoting.forGitCommand(result))
        return "if [ %P = \(quotedPath) ]; then cp -- \(quotedResult) %A; else\n\(others)\nfi"
    }

    /// What taking blob `after` in place of blob `before` brings, found before git takes it,
    /// once `after` has passed `IncomingVault` against `before`: a copy under another master
    /// password is opened now (asking for that password, or failing and changing nothing).
    /// Both copies must be opened, since nothing is taken unchecked: a locked vault with nobody
    /// to ask fails.
    private func changes(from before: String?, to after: String) throws -> Incoming {
        guard before != after else { return Incoming(report: MergeReport()) }
        let new = try repository.blob(after)
        guard let before else {
            // A branch that had no vault file: the copy is held to the record alone.
            let copy = try VaultFileMerge.open(new, using: keys.ours)
            let taken = try checked(copy, against: nil, replacing: nil)
            return Incoming(report: nil, unreported: "this branch had no vault file before", taken: taken, result: taken,
                            named: try copy.table.attachmentContents())
        }
        let old = try repository.blob(before)
        let oldHeader = try Envelope.parse(old)
        // A team vault has no master password to change.
        let newPassword = try !oldHeader.isTeam && !oldHeader.derivesKeyLike(Envelope.parse(new))
        do {
            let copies = try VaultFileMerge.open(base: nil, ours: old, theirs: new, keys: keys)
            let taken = try checked(copies.theirs, against: copies.ours, replacing: oldHeader.kdf)
            let changes = try VaultFileMerge.changes(from: copies.ours, to: copies.theirs)
            return Incoming(report: changes.report, newKey: newPassword ? (changes.keyEncryptionKey, changes.vaultID) : nil,
                            taken: taken, result: taken, named: try copies.theirs.table.attachmentContents())
        } catch VaultOpenError.wrongPassword where newPassword {
            // The password at hand (a password file changed already) is the other machine's
            // new one: our copy, under the old one, cannot be opened to compare theirs with,
            // and theirs is taken only once it has been.
            throw SyncError.oldPasswordNeeded
        }
    }

    /// Refuses a copy from the remote that is older than what this machine has seen (the
    /// record, and `ancestor`) or would lower `replacing`, the key derivation of the header it
    /// replaces; returns what to record once git has taken it. A team vault's copy taken as it
    /// is (not `merged` with ours) must also hold the changes of members this machine pinned
    /// when it used the vault (a copy merged with ours need not: the merge holds ours).
    private func checked(
        _ theirs: VaultFileMerge.Opened, against ancestor: VaultFileMerge.Opened?, replacing: KDFParameters?, merged: Bool = false
    ) throws -> SeenCopy {
        var record = try seen.record(vaultID: theirs.envelope.id)
        if !merged, theirs.envelope.isTeam, let pin = try store.teamPins?.pin(vaultID: theirs.envelope.id) {
            record = (record ?? NewestSeen(clock: nil, keys: nil)).joined(with: NewestSeen(clock: nil, keys: nil, team: pin))
        }
        try IncomingVault(theirs: theirs, ancestor: ancestor, seen: record, replacedKDF: replacing, merged: merged).check(acceptingWeakerKDF: acceptsWeakerKDF)
        return SeenCopy(theirs)
    }

    /// Once git has taken what came in: records it as the newest copy seen, and caches the
    /// key of a master password changed on another machine.
    private func accept(_ incoming: Incoming, into outcome: inout Outcome) throws {
        if let taken = incoming.taken { try seen.note(taken.seen, vaultID: taken.vaultID) }
        guard let newKey = incoming.newKey else { return }
        // Removed first: that reaches the old key in every session's kernel keyring too.
        keys.ours.keyCache.remove(vaultID: newKey.vaultID)
        keys.ours.keyCache.store(newKey.key, vaultID: newKey.vaultID, label: keys.label)
        outcome.passwordChangedElsewhere = true
    }

    /// Records the copy just pushed (`head`, when known) as the newest the remote holds. A
    /// push of local commits alone has needed no key so far: it is asked for now, and the
    /// vault's state read (in version 5, its seal and tombstones alone). The push has
    /// happened: a copy that cannot be opened (nobody to ask, a wrong password) or a record
    /// that cannot be written leaves the record as it was, and the sync succeeds.
    private func notePushed(_ head: SeenCopy?) {
        guard let pushed = head ?? (try? stateHere()) else { return }
        try? seen.note(pushed.seen, vaultID: pushed.vaultID)
    }

    /// The state of the vault file here, read as a lookup reads it: in version 5 its seal and
    /// tombstones, decrypting no entry.
    private func stateHere() throws -> SeenCopy {
        let lookup = try VaultFileLookup(file: try ReadOnlyFile(path: repository.vaultPath))
        let ours = try keys.ours.keys(for: lookup.envelope, label: keys.label, cacheGuard: keys.cacheGuard)
        return SeenCopy(try lookup.state(dataKey: ours.dataKey), vaultID: lookup.envelope.id)
    }

    /// Pushes the branch; false when the remote moved on meanwhile (fetch and merge again).
    private func pushed(to upstream: SyncUpstream) throws -> Bool {
        let arguments = ["push", "-q"] + (upstream.isSet ? [] : ["-u"]) + [upstream.remote, "HEAD:refs/heads/\(upstream.branch)"]
        let result = try git.attempt(arguments)
        if result.status == 0 { return true }
        let errors = String(decoding: result.errors, as: UTF8.self)
        if errors.contains("[rejected]") || errors.contains("non-fast-forward") || errors.contains("fetch first") { return false }
        throw Git.failure(arguments, result)
    }

    /// Notes the time of this sync for `vault sync status`.
    private func recordSync(_ layout: GitLayout) throws {
        try SyncRepository.write([now().formatted(.iso8601)], to: layout.gitFolder + "/" + SyncStatus.lastSyncFile)
    }
}
