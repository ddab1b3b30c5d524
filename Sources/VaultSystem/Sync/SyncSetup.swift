import VaultCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `vault sync init` and `vault sync clone`: putting a vault under git, and fetching one that is
/// there onto a new machine.
public enum SyncSetup {
    /// What `initialize` did.
    public struct Initialized: Equatable, Sendable {
        /// The repository's top folder.
        public var repository: String
        /// Whether the vault's folder became a repository (else it was in one already).
        public var created: Bool
        /// Whether anything was committed.
        public var committed: Bool
        /// Whether `origin` was added.
        public var addedRemote: Bool
    }

    /// Makes the vault's folder a git repository (or uses the one it is in), writes the
    /// attributes and ignore files, points the merge driver and textconv at `drivers`,
    /// commits, and adds `remote` as `origin`. Running it again changes nothing that is right.
    public static func initialize(
        _ repository: SyncRepository, remote: String?, drivers: GitDrivers, message: String
    ) throws -> Initialized {
        try SyncRepository.checkName(repository.vaultName)
        try repository.checkIgnoreFile()
        let existing = try repository.layout()
        var addsRemote = remote != nil
        if let remote, existing != nil {
            let current = try repository.git.attempt(["remote", "get-url", "origin"])
            if current.status == 0 {
                guard current.text == remote else { throw SyncError.otherRemote(name: "origin") }
                addsRemote = false
            }
        }
        if existing == nil { try repository.git.run(["init", "-q"]) }
        guard let layout = try existing ?? repository.layout() else { throw SyncError.notARepository(folder: repository.folder) }
        repository.closeGitFolder(layout, settings: try repository.settings())
        try repository.writeSetupFiles()
        try repository.configureDrivers(drivers)
        let committed = try repository.commitChanges(message: message)
        if let remote, addsRemote { try repository.git.run(["remote", "add", "origin", remote]) }
        return Initialized(repository: layout.topLevel, created: existing == nil,
                           committed: committed, addedRemote: addsRemote)
    }

    /// Clones the vault at `remote` into the folder of `repository`'s vault file, which must not
    /// exist yet and whose folder must be in no repository; the remote's default branch is
    /// checked out and git set up as `initialize` sets it, once `accept` has taken the vault
    /// file's bytes; no attachment content larger than `attachmentLimit` bytes is taken. On any
    /// failure what it made goes. Returns the branch.
    public static func clone(
        _ repository: SyncRepository, remote: String, drivers: GitDrivers, attachmentLimit: Int, accept: ([UInt8]) throws -> Void = { _ in }
    ) throws -> String {
        try SyncRepository.checkName(repository.vaultName)
        var info = stat()
        if lstat(repository.vaultPath, &info) == 0 { throw SyncError.vaultExists(path: repository.vaultPath) }
        try Paths.createFolders(repository.folder)
        if try repository.layout() != nil { throw SyncError.alreadyRepository(folder: repository.folder) }
        try repository.git.run(["init", "-q"])
        do {
            guard let layout = try repository.layout() else { throw SyncError.notARepository(folder: repository.folder) }
            repository.closeGitFolder(layout, settings: try repository.settings())
            try repository.git.run(["remote", "add", "origin", remote])
            try repository.git.run(IncomingCommits.fetchOptions + ["fetch", "-q", "--no-tags", "origin"])
            let branch = try defaultBranch(repository)
            // The commit checked is the one checked out: named by its id, never by a short name
            // that a tag or another ref of the remote's could stand for.
            guard let tip = try repository.object("refs/remotes/origin/\(branch)^{commit}") else { throw SyncError.remoteEmpty }
            try checkVault(in: tip, repository)
            try IncomingCommits(repository: repository, attachmentLimit: attachmentLimit).check(tip: tip, known: nil)
            if let blob = try repository.object("\(tip):\(layout.fromTop(repository.vaultName))") { try accept(try repository.blob(blob)) }
            try repository.git.run(["checkout", "-q", "-b", branch, tip])
            try repository.git.run(["branch", "-q", "--set-upstream-to=refs/remotes/origin/\(branch)"])
            guard try repository.object("HEAD^{commit}") == tip else { throw SyncError.remoteEmpty }
            // git writes what it checks out as the umask allows (0644): the vault is 0600.
            chmod(repository.vaultPath, 0o600)
            AttachmentFolder(vaultPath: repository.vaultPath).restrictModes()
            do {
                _ = try Envelope.parse(try AtomicFile.read(repository.vaultPath))
            } catch let error as VaultFailure {
                throw SyncError.notAVault(path: repository.vaultName, why: error.message)
            }
            try repository.configureDrivers(drivers)
            return branch
        } catch {
            undoClone(repository)
            throw error
        }
    }

    /// The branch the remote's HEAD names, else its only branch, else main or master.
    private static func defaultBranch(_ repository: SyncRepository) throws -> String {
        let branches = try repository.git.run(["for-each-ref", "--format=%(refname:strip=3)", "refs/remotes/origin"])
            .split(separator: "\n").map(String.init).filter { $0 != "HEAD" }
        guard !branches.isEmpty else { throw SyncError.remoteEmpty }
        let symbolic = try repository.git.run(["ls-remote", "--symref", "origin", "HEAD"])
        if let line = symbolic.split(separator: "\n").first(where: { $0.hasPrefix("ref: refs/heads/") }),
           let name = line.dropFirst("ref: refs/heads/".count).split(separator: "\t").first,
           branches.contains(String(name)) {
            return String(name)
        }
        if branches.count == 1 { return branches[0] }
        return branches.first { $0 == "main" } ?? branches.first { $0 == "master" } ?? branches[0]
    }

    /// Refuses a remote whose branch has no vault file of this name, naming the one it has.
    private static func checkVault(in revision: String, _ repository: SyncRepository) throws {
        let names = try repository.git.run(["ls-tree", "-z", "--name-only", revision]).split(separator: "\0").map(String.init)
        if names.contains(repository.vaultName) { return }
        let attributes = try? repository.git.run(["show", "\(revision):.gitattributes"])
        let named = attributes?.split(separator: "\n")
            .first { $0.contains("merge=vault") }?
            .split(separator: " ").first.map { String($0.drop { $0 == "/" }) }
        if let named, names.contains(named) { throw SyncError.remoteHasOtherName(found: named, folder: repository.folder) }
        throw SyncError.remoteHasNoVault(name: repository.vaultName)
    }

    /// Removes what a failed clone left: the files it checked out, then the repository.
    private static func undoClone(_ repository: SyncRepository) {
        if let listed = try? repository.git.run(["ls-files", "-z"]) {
            for name in listed.split(separator: "\0") { unlink(repository.folder + "/" + name) }
        }
        rmdir(AttachmentFolder(vaultPath: repository.vaultPath).path)
        try? FileManager.default.removeItem(atPath: repository.folder + "/.git")
    }
}
