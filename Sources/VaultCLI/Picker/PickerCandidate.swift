import VaultCore
import VaultSystem

/// What the picker knows of an entry: what it can be found by, and never its secrets.
public struct PickerCandidate: Equatable, Sendable {
    public var name: String
    public var username: String?
    public var urls: [String]

    public init(name: String, username: String? = nil, urls: [String] = []) {
        self.name = name
        self.username = username
        self.urls = urls
    }

    /// The entry's name, username and URLs.
    public init(_ entry: Entry) {
        self.init(name: entry.name, username: entry.username, urls: entry.urls)
    }
}

/// A candidate that matches the pattern, and how well.
public struct PickerMatch: Equatable, Sendable {
    /// Its place in the candidates (which are in name order).
    public var index: Int
    /// Whether the name matched; if not, the username or a URL did.
    public var byName: Bool
    public var score: Int
}

/// The candidates that match a pattern, best first: those whose name matches before those
/// matched only by username or URL, each group by score, ties in the candidates' own (name)
/// order.
public enum PickerRanking {
    public static func matches(of pattern: FuzzyPattern, in candidates: [PickerCandidate]) -> [PickerMatch] {
        let found = candidates.indices.compactMap { index -> PickerMatch? in
            let candidate = candidates[index]
            if let score = pattern.score(candidate.name) { return PickerMatch(index: index, byName: true, score: score) }
            let others = ([candidate.username].compactMap { $0 } + candidate.urls).compactMap(pattern.score)
            return others.max().map { PickerMatch(index: index, byName: false, score: $0) }
        }
        return found.sorted { left, right in
            if left.byName != right.byName { return left.byName }
            if left.score != right.score { return left.score > right.score }
            return left.index < right.index
        }
    }
}
