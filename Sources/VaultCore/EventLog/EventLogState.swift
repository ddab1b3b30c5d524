/// What the vault keeps of its security log (format version 7, in the seal): each device's
/// anchor (`EventLogAnchor`), and the secret keys of the log under earlier data keys, so that
/// events sealed before a `passwd` or `rekey` (or on another machine before it synced one) stay
/// readable. A merge keeps, per device, the anchor further along, and every retired key.
public struct EventLogState: Codable, Equatable, Sendable {
    /// Device id → where its chain stood at its latest write.
    public var anchors: [String: EventLogAnchor]
    /// Secret keys of earlier data keys' log key pairs, in Base64, sorted.
    public var retired: [String]

    public init(anchors: [String: EventLogAnchor] = [:], retired: [String] = []) {
        self.anchors = anchors
        self.retired = retired
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        anchors = try container.decodeIfPresent([String: EventLogAnchor].self, forKey: .anchors) ?? [:]
        retired = try container.decodeIfPresent([String].self, forKey: .retired) ?? []
    }

    /// Whether there is nothing to keep.
    public var isEmpty: Bool { anchors.isEmpty && retired.isEmpty }

    /// Keeps `pair`'s secret key among the retired ones (its data key is being replaced).
    public mutating func retire(_ pair: SealedBoxKeyPair) {
        let text = pair.secretKey.withUnsafeBytes { Sodium.base64Encode($0) }
        if !retired.contains(text) { retired = (retired + [text]).sorted() }
    }

    /// The key pairs of the retired keys (a key that is not one is passed over).
    public func retiredPairs() -> [SealedBoxKeyPair] {
        retired.compactMap { text in
            guard var bytes = Sodium.base64Decode(text), let secret = try? SecureBytes(consuming: &bytes) else { return nil }
            return try? SealedBoxKeyPair(secretKey: secret)
        }
    }

    /// The state of a merge of `self` and `other`: per device the anchor with more events (ours
    /// when they have as many), and the retired keys of both.
    public func merged(with other: EventLogState) -> EventLogState {
        let anchors = self.anchors.merging(other.anchors) { mine, theirs in theirs.count > mine.count ? theirs : mine }
        return EventLogState(anchors: anchors, retired: Array(Set(retired).union(other.retired)).sorted())
    }
}
