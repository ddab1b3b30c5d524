/// What a merge did, as `vault sync` tells it: entries that came in, changed or went away
/// (against our side), and each conflict and how it was settled. Names only, never values.
public struct MergeReport: Equatable, Sendable {
    /// One conflict and its outcome.
    public enum Conflict: Equatable, Sendable {
        /// Both sides changed `part` of the entry differently: the later change was kept, the
        /// other kept in the history (a password) or in a field of the entry.
        case bothChanged(entry: String, part: String, keptFrom: Side)
        /// One side removed the entry, the other changed it: the entry stays.
        case editBeatsRemoval(entry: String)
        /// Two entries came to have the same name: the newer was renamed.
        case sameName(name: String, renamedTo: String)
    }

    /// Which side of the merge.
    public enum Side: String, Sendable {
        case ours, theirs
    }

    public var added: [String] = []
    public var changed: [String] = []
    public var removed: [String] = []
    public var conflicts: [Conflict] = []
    /// For a team vault, the changes of members that came in (`TeamLog.describe`).
    public var members: [String] = []
    /// For a team vault whose copies met after a member was removed on one side only.
    public var beforeRemoval: BeforeRemoval?

    /// What a merge left out of a copy of a team vault made before a removal of members that
    /// the other copy holds: the removed members could still write that copy (they held its
    /// key), so only what the members who stay signed was taken.
    public struct BeforeRemoval: Equatable, Sendable {
        /// The removals that copy lacks (`TeamLog.describe`).
        public var removals: [String]
        /// The entries whose changes in that copy no member who stays signed, undone (each as
        /// the merge base has it, or gone when the base has none), by name.
        public var undone: [String]

        /// What was left out, for a person, in one line; nil when nothing was.
        public var sentence: String? {
            guard !undone.isEmpty else { return nil }
            return "not taken from a copy made before \(removals.joined(separator: "; ")), as no member who stays signed it: \(undone.joined(separator: ", "))"
        }
    }

    public init() {}

}
