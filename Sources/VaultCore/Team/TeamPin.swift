/// What a machine remembers of a team vault's change log: the hashes of the latest changes it
/// accepted (`TeamLog.heads`). A log offered later must hold them all (`TeamLog.includes`), so
/// that whoever controls where the vault is kept cannot bring back a member list from before a
/// member was removed, or show one that went another way.
///
/// Written as one Base64 hash per line, in order of their bytes, each line ending in a newline.
public struct TeamPin: Equatable, Sendable {
    /// The hashes of the changes pinned.
    public let heads: [[UInt8]]

    /// The pin of `log`.
    public init(_ log: TeamLog) {
        heads = log.heads
    }

    /// The pin of both `self` and `other`: a log includes it when it includes both.
    public func joined(with other: TeamPin) -> TeamPin {
        TeamPin(heads: Array(Set(heads + other.heads)).sorted { $0.lexicographicallyPrecedes($1) })
    }

    private init(heads: [[UInt8]]) {
        self.heads = heads
    }

    /// The pin `text` writes; nil for any other text (no line, a hash that is not 32 bytes in
    /// Base64, hashes out of order or twice, another character).
    public init?(text: String) {
        guard text.hasSuffix("\n") else { return nil }
        var heads: [[UInt8]] = []
        for line in text.dropLast().split(separator: "\n", omittingEmptySubsequences: false) {
            guard let hash = Sodium.base64Decode(String(line)), hash.count == TeamChange.hashLength else { return nil }
            heads.append(hash)
        }
        self.heads = heads
        guard !heads.isEmpty, self.text == text, zip(heads, heads.dropFirst()).allSatisfy({ $0.lexicographicallyPrecedes($1) }) else {
            return nil
        }
    }

    /// The text a pin is kept as.
    public var text: String {
        heads.map { Sodium.base64Encode($0) + "\n" }.joined()
    }
}
