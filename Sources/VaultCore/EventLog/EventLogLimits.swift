/// How large a device's security log may grow: a segment is closed once it holds
/// `segmentBytes`, and at most `keptSegments` closed ones are kept (the oldest dropped first;
/// nil keeps them all). Set with `"log": {"segment_kib": 1024, "keep_segments": 9}`.
public struct EventLogLimits: Equatable, Sendable {
    public var segmentBytes: Int
    public var keptSegments: Int?

    public init(segmentBytes: Int = 1 << 20, keptSegments: Int? = 9) {
        self.segmentBytes = segmentBytes
        self.keptSegments = keptSegments
    }

    /// Whether events before the oldest segment kept can have been dropped by these limits,
    /// given the byte lengths of the closed segments there are: only when closed segments are
    /// dropped at all, and as many of them are kept as the limit says, each as large as a
    /// segment is when it is closed. A log cut back to fewer or smaller segments was cut by
    /// someone else. (Limits lowered since the segments were closed pass; raised, they do not,
    /// until as many segments are kept again.)
    public func explainDrop(closedSegmentLengths lengths: [Int]) -> Bool {
        guard let keptSegments else { return false }
        return lengths.count >= keptSegments && lengths.allSatisfy { $0 >= segmentBytes }
    }
}
