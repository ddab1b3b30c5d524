import VaultCore

/// Why the security log could not be written or read.
public enum EventLogError: VaultFailure, Equatable {
    /// The last line of a segment is not a line of the log: the chain cannot go on from it.
    case damaged(path: String)

    public var message: String {
        switch self {
        case .damaged(let path):
            return "the security log \(path) is damaged at its end, so no event can be chained to it; vault log --verify says where (moved away, the chain goes on from the segment before it, or starts anew, and --verify reports the gap)"
        }
    }

    public var exitStatus: ExitStatus { .failure }
}
