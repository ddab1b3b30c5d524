import VaultCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Where a synced vault stands, read from git without reaching the remote: uncommitted changes,
/// commits ahead of and behind the remote as of the last exchange with it, and when it last synced.
public struct SyncStatus: Equatable, Sendable {
    /// The file in the git folder where `vault sync` notes when it last finished.
    static let lastSyncFile = "vault-last-sync"

    public var repository: String
    public var branch: String
    /// `remote/branch`, or nil without a remote.
    public var upstream: String?
    /// Whether the vault's files differ from the last commit.
    public var uncommitted: Bool
    /// Commits here that the remote has not, and the other way round, as of the last fetch
    /// (nil before the first fetch of the branch).
    public var ahead: Int?
    public var behind: Int?
    /// When the remote was last fetched or pushed to by a finished `vault sync` (which pushes
    /// without fetching when the remote takes its commits), and when `vault sync` last
    /// finished, if ever.
    public var lastExchange: Date?
    public var lastSync: Date?

    public static func read(_ repository: SyncRepository) throws -> SyncStatus {
        guard let layout = try repository.layout() else { throw SyncError.notARepository(folder: repository.folder) }
        let git = repository.git
        let upstream = try SyncUpstream.find(repository, settings: try repository.settings())
        let changed = try git.run(["status", "--porcelain", "--"] + repository.trackedFiles)
        var status = SyncStatus(repository: layout.topLevel, branch: try repository.branch(), upstream: upstream.map { "\($0.remote)/\($0.branch)" },
                                uncommitted: !changed.isEmpty)
        if let upstream, try !repository.objects([upstream.tracking, "HEAD"]).contains(nil) {
            let counts = try git.run(["rev-list", "--left-right", "--count", "HEAD...\(upstream.tracking)"]).split(whereSeparator: \.isWhitespace)
            if counts.count == 2 {
                status.ahead = Int(counts[0])
                status.behind = Int(counts[1])
            }
        }
        let gitFolder = layout.gitFolder
        if let bytes = try? AtomicFile.read(gitFolder + "/" + lastSyncFile, limit: 256) {
            let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(while: \.isWhitespace)
            status.lastSync = try? Date(text, strategy: .iso8601)
        }
        status.lastExchange = [modified(gitFolder + "/FETCH_HEAD"), status.lastSync].compactMap { $0 }.max()
        return status
    }

    private static func modified(_ path: String) -> Date? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec))
    }
}
