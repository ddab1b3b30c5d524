import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// The git repository `vault sync init` or `vault sync clone` made of a vault's folder, when it
/// is vault's alone, and what `vault destroy` removes of it: the git folder, the two files sync
/// writes (`.gitignore`, `.gitattributes`) and, when asked, the branch on the remote.
///
/// A repository is vault's alone when its work tree is the vault's folder and its git folder
/// the `.git` there (not a linked worktree's or a submodule's), its `.gitignore` is the one
/// sync writes, its `.gitattributes` gives the vault file vault's merge driver, and nothing but
/// the vault's files was ever staged or committed on any of its branches. Any other repository
/// the vault is in is somebody's own, and is left as it is.
public struct SyncFootprint: Sendable {
    /// What the vault's folder is in.
    public enum Finding: Sendable {
        /// No git repository.
        case none
        /// A repository that is not vault's alone, at its top folder, and why not.
        case foreign(topLevel: String, why: String)
        /// Vault's own repository.
        case own(SyncFootprint)
    }

    /// The files and folder to remove, in order.
    public let items: [FootprintItem]
    /// The branch the vault syncs with, where the repository has a remote.
    public let remoteBranch: RemoteBranch?
    private let repository: SyncRepository

    /// The branch a synced vault pushes to.
    public struct RemoteBranch: Equatable, Sendable {
        /// The remote's name (`origin`).
        public var remote: String
        /// Where a push to it goes, without any password the address holds.
        public var url: String
        /// The branch's name there.
        public var branch: String
    }

    /// What `repository`'s folder is in.
    public static func find(_ repository: SyncRepository) throws(SyncError) -> Finding {
        guard let layout = try repository.layout() else { return .none }
        if let why = try whyNotOwn(repository, layout: layout) { return .foreign(topLevel: layout.topLevel, why: why) }
        let folder = repository.folder
        let items = [
            FootprintItem(path: folder + "/.git", what: "the git repository vault sync made"),
            FootprintItem(path: folder + "/.gitignore", what: "the .gitignore vault sync wrote"),
            FootprintItem(path: folder + "/.gitattributes", what: "the .gitattributes vault sync wrote"),
        ].filter(\.exists)
        return .own(SyncFootprint(items: items, remoteBranch: try remoteBranch(repository), repository: repository))
    }

    /// Why the repository of `layout` is not vault's alone; nil when it is.
    private static func whyNotOwn(_ repository: SyncRepository, layout: GitLayout) throws(SyncError) -> String? {
        let gitFolder = repository.folder + "/.git"
        guard layout.prefix.isEmpty, layout.gitFolder == gitFolder, layout.commonFolder == gitFolder else {
            return "its work tree is \(layout.topLevel), not the vault's folder alone"
        }
        let ignore = (try? AtomicFile.read(repository.folder + "/.gitignore", limit: 1 << 20)).map(SyncRepository.gitLines) ?? []
        let rules = ignore.filter { !$0.hasPrefix("#") }
        guard rules == repository.ignoreLines || rules == SyncRepository.ignoreLinesBeforeAttachments(vaultName: repository.vaultName) else {
            return "its .gitignore is not the one vault sync writes"
        }
        guard try repository.mergesWithVault() else { return "its .gitattributes does not give the vault file vault's merge driver" }
        let staged = try repository.git.output(["ls-files", "-z"]).output
        let committed = try repository.git.output(["log", "--all", "--format=", "--name-only", "--no-renames", "-z"]).output
        for path in (staged + [0] + committed).split(separator: 0) {
            let name = String(decoding: path, as: UTF8.self)
            guard repository.isTracked(name, in: layout) else { return "it holds \(name), which is not vault's" }
        }
        return nil
    }

    /// The upstream of the current branch, with the address pushes to it go to; nil when the
    /// repository has no remote, or is on no branch.
    private static func remoteBranch(_ repository: SyncRepository) throws(SyncError) -> RemoteBranch? {
        guard (try? repository.branch()) != nil,
              let upstream = try SyncUpstream.find(repository, settings: try repository.settings())
        else { return nil }
        let url = try repository.git.run(["remote", "get-url", "--push", upstream.remote])
        return RemoteBranch(remote: upstream.remote, url: Git.withoutPasswords(url), branch: upstream.branch)
    }

    /// Deletes the branch on the remote (`git push REMOTE --delete BRANCH`); throws git's reason
    /// when the remote refuses (a protected or default branch) or cannot be reached.
    public func deleteRemoteBranch() throws(SyncError) {
        guard let remoteBranch else { throw .noRemote }
        try repository.git.run(["push", "-q", remoteBranch.remote, "--delete", "refs/heads/" + remoteBranch.branch])
    }
}
