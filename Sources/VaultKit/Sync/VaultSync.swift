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
            /// The remote's changes and ours were merged.
            case merged(MergeReport)
        }

        /// Whether local changes were committed.
        public var committed = false
        /// What each fetch brought (more than one when the remote moved while we merged).
        public var incoming: [Incoming] = []
        /// The remote and branch pushed to, when something was pushed.
        public var pushed: String?
        /// Whether the vault now has the master password set on another machine.
        public var passwordChangedElsewhere = false
        /// The remote and branch synced with; nil when there is no remote.
        public var upstream: String?
    }

    public let store: VaultStore
    public let repository: SyncRepository
    public let keys: VaultFileMerge.Keys
    /// This vault binary, set as the repository's merge driver and textconv where none is.
    public let executable: String
    /// The message of a commit of local changes.
    public let commitMessage: String
    public let now: () -> Date

    /// The file in the git folder that holds a merged vault for git's merge to copy in place.
    static let resultFile = "vault-merge-result"

    /// How often a push refused because the remote moved is followed by another fetch and merge.
    static let attempts = 3

    public init(store: VaultStore, repository: SyncRepository, keys: VaultFileMerge.Keys, executable: String,
                commitMessage: String, now: @escaping () -> Date) {
        self.store = store
        self.repository = repository
        self.keys = keys
        self.executable = executable
        self.commitMessage = commitMessage
        self.now = now
    }

    private var git: Git { repository.git }

    /// Commits, then (with a remote) fetches, merges and, when `push`, pushes.
    public func run(push: Bool) throws -> Outcome {
        try checkRepository()
        return try store.whileLocked {
            try finishInterruptedMerge()
            var outcome = Outcome()
            let upstream = try SyncUpstream.find(repository)
            if upstream == nil && push { throw SyncError.noRemote }
            outcome.committed = try repository.commitChanges(message: commitMessage)
            guard let upstream else { return outcome }
            outcome.upstream = "\(upstream.remote)/\(upstream.branch)"
            for attempt in 1...Self.attempts {
                try git.run(["fetch", "-q", upstream.remote])
                outcome.incoming.append(try integrate(upstream, into: &outcome))
                guard push else { break }
                if try pushed(to: upstream) {
                    outcome.pushed = outcome.upstream
                    break
                }
                if attempt == Self.attempts { throw SyncError.pushKeptFailing }
            }
            try recordSync()
            return outcome
        }
    }

    /// Commits local changes only (`"sync": {"auto": true}` after each change); returns
    /// whether it made a commit.
    public func commit() throws -> Bool {
        try checkRepository()
        return try store.whileLocked {
            try finishInterruptedMerge()
            return try repository.commitChanges(message: commitMessage)
        }
    }

    /// Refuses a vault outside a repository, one git would merge byte by byte, or one whose
    /// `.gitignore` lets other files in (an export among them); writes a missing `.gitignore`.
    private func checkRepository() throws {
        guard try repository.topLevel() != nil else { throw SyncError.notARepository(folder: repository.folder) }
        guard try repository.mergesWithVault() else { throw SyncError.notSetUp(path: repository.vaultPath) }
        try repository.writeSetupFiles()
        try repository.configureDrivers(executable: executable, onlyIfUnset: true)
    }

    /// Clears what an interrupted merge left (a sync killed while git merged, or a `git pull`
    /// whose driver failed): the merge is aborted, and a vault file changed since it began
    /// (by a vault command) is put back, to be committed as a local change. A rebase or other
    /// operation of the user's is left to the user.
    private func finishInterruptedMerge() throws {
        for (marker, operation) in [("rebase-merge", "rebase"), ("rebase-apply", "rebase"), ("CHERRY_PICK_HEAD", "cherry-pick"), ("REVERT_HEAD", "revert")]
        where access(try repository.gitFile(marker), F_OK) == 0 {
            throw SyncError.operationInProgress(folder: repository.folder, operation: operation)
        }
        // The result a killed sync left for git's merge is of no use now.
        unlink(try repository.gitFile(Self.resultFile))
        guard try repository.object("MERGE_HEAD") != nil else { return }
        let current = try? AtomicFile.read(repository.vaultPath)
        let path = try repository.pathInRepository()
        let committed = try repository.object("HEAD:\(path)").map { try repository.blob($0) }
        // git merge --abort refuses a file the merge changed that has changed again since, so
        // the merge's version goes back first (`current` is put back below).
        if let current, let staged = try repository.object(":0:\(path)"), current != (try repository.blob(staged)) {
            try git.run(["checkout", "-q", "--", repository.vaultName])
        }
        try git.run(["merge", "--abort"])
        if let current, current != committed, (try? Envelope.parse(current)) != nil {
            try current.withUnsafeBytes { try AtomicFile.write($0, to: repository.vaultPath) }
        }
    }

    /// Brings the fetched branch into ours.
    private func integrate(_ upstream: SyncUpstream, into outcome: inout Outcome) throws -> Outcome.Incoming {
        guard let theirs = try repository.object(upstream.tracking + "^{commit}"),
              let head = try repository.object("HEAD^{commit}") else { return .nothing }
        if try repository.isAncestor(theirs, of: head) { return .nothing }
        let path = try repository.pathInRepository()
        guard let theirsBlob = try repository.object("\(theirs):\(path)") else { throw SyncError.vaultGoneUpstream(name: path) }
        let oursBlob = try repository.object("HEAD:\(path)")
        if try repository.isAncestor(head, of: theirs) {
            try git.run(["merge", "-q", "--ff-only", theirs])
            guard let oursBlob, oursBlob != theirsBlob else { return .fastForward(report: MergeReport(), unreported: nil) }
            return try fastForwardReport(from: oursBlob, to: theirsBlob, outcome: &outcome)
        }
        guard let oursBlob else { throw SyncError.notSetUp(path: repository.vaultPath) }
        let base = try? git.run(["merge-base", head, theirs])
        let baseBlob = try base.flatMap { try repository.object("\($0):\(path)") }
        var options: [String] = []
        var report = MergeReport()
        var newKey: (SecureBytes, String)?
        var resultFile: String?
        defer { if let resultFile { unlink(resultFile) } }
        if oursBlob != theirsBlob && baseBlob != oursBlob && baseBlob != theirsBlob {
            let merged = try VaultFileMerge.merge(
                base: try baseBlob.map { try repository.blob($0) }, ours: try repository.blob(oursBlob),
                theirs: try repository.blob(theirsBlob), keys: keys)
            let file = try repository.gitFile(Self.resultFile)
            resultFile = file
            try merged.bytes.withUnsafeBytes { try AtomicFile.write($0, to: file) }
            options = ["-c", "merge.vault.driver=cp -- \(ShellQuoting.posix(file)) %A"]
            report = merged.report
            if merged.tookTheirKeys { newKey = (merged.keyEncryptionKey, merged.envelope.id) }
        } else if oursBlob == baseBlob && theirsBlob != oursBlob {
            // git takes their file as it is: tell what it brings.
            if case .fastForward(let brought, _) = try fastForwardReport(from: oursBlob, to: theirsBlob, outcome: &outcome), let brought {
                report = brought
            }
        }
        // Copies that share no history (a vault put under git on two machines) merge too;
        // the merge above has made sure they are copies of one vault.
        let unrelated = base == nil ? ["--allow-unrelated-histories"] : []
        let merge = try git.attempt(options + repository.identityOptions() + ["merge", "-q", "--no-edit"] + unrelated
                                    + ["-m", "vault sync: merge \(upstream.remote)/\(upstream.branch)", theirs])
        guard merge.status == 0 else {
            _ = try? git.attempt(["merge", "--abort"])
            throw Git.failure(["merge"], merge)
        }
        if let (key, vaultID) = newKey {
            keys.ours.keyCache.store(key, vaultID: vaultID, label: keys.label)
            outcome.passwordChangedElsewhere = true
        }
        return .merged(report)
    }

    /// What moving from blob `before` to blob `after` brought, told as far as the vault can be
    /// opened; a new master password's key is cached, as the command that set it did there.
    private func fastForwardReport(from before: String, to after: String, outcome: inout Outcome) throws -> Outcome.Incoming {
        let old = try repository.blob(before)
        let new = try repository.blob(after)
        if let oldHeader = try? Envelope.parse(old), let newHeader = try? Envelope.parse(new), !oldHeader.derivesKeyLike(newHeader) {
            outcome.passwordChangedElsewhere = true
        }
        do {
            let changes = try VaultFileMerge.changes(from: old, to: new, keys: keys)
            if outcome.passwordChangedElsewhere {
                keys.ours.keyCache.store(changes.keyEncryptionKey, vaultID: changes.vaultID, label: keys.label)
            }
            return .fastForward(report: changes.report, unreported: nil)
        } catch let failure as VaultFailure {
            return .fastForward(report: nil, unreported: failure.message)
        }
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
    private func recordSync() throws {
        let line = Array((now().formatted(.iso8601) + "\n").utf8)
        do {
            try line.withUnsafeBytes { try AtomicFile.write($0, to: try repository.gitFile(SyncStatus.lastSyncFile), mode: 0o644) }
        } catch StoreError.notFlushed {}
    }
}
