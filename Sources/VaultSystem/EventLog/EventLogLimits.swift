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
}
