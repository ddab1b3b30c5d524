import VaultCore
/// Where `vault sync` fetches from and pushes to: the current branch's upstream when it has one,
/// else the same branch on `origin` (or the repository's only remote), set as the upstream at
/// the first push.
struct SyncUpstream: Equatable {
    var remote: String
    /// The branch's name on the remote.
    var branch: String
    /// Whether git already records it as the branch's upstream.
    var isSet: Bool

    /// The remote-tracking ref a fetch updates.
    var tracking: String { "refs/remotes/\(remote)/\(branch)" }

    /// The upstream of the current branch, or nil when the repository has no remote to use.
    static func find(_ repository: SyncRepository) throws(SyncError) -> SyncUpstream? {
        let git = repository.git
        let local = try repository.branch()
        let remote = try git.attempt(["config", "--get", "branch.\(local).remote"])
        let merge = try git.attempt(["config", "--get", "branch.\(local).merge"])
        if remote.status == 0, merge.status == 0, remote.text != ".", merge.text.hasPrefix("refs/heads/") {
            return SyncUpstream(remote: remote.text, branch: String(merge.text.dropFirst("refs/heads/".count)), isSet: true)
        }
        let remotes = try git.run(["remote"]).split(separator: "\n").map(String.init)
        guard let chosen = remotes.contains("origin") ? "origin" : (remotes.count == 1 ? remotes[0] : nil) else { return nil }
        return SyncUpstream(remote: chosen, branch: local, isSet: false)
    }
}
