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

    /// The upstream of the current branch, as `settings` record it, or nil when the repository
    /// has no remote to use.
    static func find(_ repository: SyncRepository, settings: SyncSettings) throws(SyncError) -> SyncUpstream? {
        let local = try repository.branch()
        if let remote = settings.value("branch.\(local).remote"), let merge = settings.value("branch.\(local).merge"),
           remote != ".", merge.hasPrefix("refs/heads/") {
            return SyncUpstream(remote: remote, branch: String(merge.dropFirst("refs/heads/".count)), isSet: true)
        }
        let remotes = try repository.git.run(["remote"]).split(separator: "\n").map(String.init)
        guard let chosen = remotes.contains("origin") ? "origin" : (remotes.count == 1 ? remotes[0] : nil) else { return nil }
        return SyncUpstream(remote: chosen, branch: local, isSet: false)
    }
}
