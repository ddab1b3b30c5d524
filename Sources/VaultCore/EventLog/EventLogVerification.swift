/// What reading one device's security log found: the events that opened, in order, and the
/// first broken link (nil when the chain holds, up to the vault's anchor and after it).
public struct EventLogVerification: Sendable {
    /// The device whose chain it is.
    public var device: String
    public var events: [SecurityEvent]
    /// The first broken link, said for a person: which event, and what is wrong with it.
    public var problem: String?
    /// Events before the oldest kept segment, dropped when older segments were removed
    /// (`log.keep_segments`): their numbers.
    public var dropped: ClosedRange<UInt64>?
    /// How many events come after the vault's anchor (recorded since its last write), which
    /// nothing but their chain vouches for; all of them when there is no anchor.
    public var unanchored: UInt64
    /// Whether the vault's anchor lies among the dropped events, where nothing can be checked
    /// against it (the vault was last changed before the oldest segment kept began).
    public var anchorDropped = false

    /// Checks `segments` (one device's, in order) against the chain's start for `vaultID`, the
    /// vault's `anchor` for the device, and opens each event with one of `pairs`. Older
    /// segments count as dropped only where `limits` explain it (`explainDrop`).
    public init(segments: [EventLogSegment], device: String, vaultID: String, pairs: [SealedBoxKeyPair], anchor: EventLogAnchor?,
                limits: EventLogLimits = EventLogLimits()) {
        self.device = device
        events = []
        unanchored = 0
        var last: (number: UInt64, link: [UInt8])?
        var anchorLink: [UInt8]?
        check: for (index, segment) in segments.enumerated() {
            guard segment.device == device else {
                problem = "a segment of device \(segment.device) is among device \(device)'s"
                break
            }
            if let last {
                guard segment.first == last.number + 1, segment.previous == last.link else {
                    problem = "the segment starting at event \(segment.first) does not follow event \(last.number)"
                    break
                }
            } else if segment.first == 1 {
                guard segment.previous == EventChain.start(vaultID: vaultID, device: device) else {
                    problem = "event 1 does not start this vault's chain (the log is another vault's, or was changed)"
                    break
                }
            } else if limits.keptSegments == nil {
                problem = "events 1–\(segment.first - 1) are missing, and log.keep_segments keeps every segment"
                break
            } else if !limits.explainDrop(closedSegmentLengths: segments.dropLast().map(\.length)) {
                problem = "events 1–\(segment.first - 1) are missing, and fewer or smaller segments are kept than log.keep_segments and log.segment_kib leave: they were removed"
                break
            } else if let anchor, anchor.count + 1 == segment.first, Sodium.base64Encode(segment.previous) != anchor.head {
                problem = "the oldest segment kept does not follow event \(anchor.count), the one the vault anchored: the log was replaced"
                break
            } else {
                dropped = 1...(segment.first - 1)
            }
            var link = segment.previous
            var expected = segment.first
            for line in segment.lines {
                guard line.number == expected else {
                    problem = line.number > expected
                        ? "event \(expected) is missing or out of place (event \(line.number) follows event \(expected - 1))"
                        : "event \(line.number) is out of place (it follows event \(expected - 1))"
                    break check
                }
                guard EventChain.link(after: link, number: line.number, sealed: line.sealed) == line.link else {
                    problem = "event \(line.number) was changed (its link does not match)"
                    break check
                }
                guard let event = Self.open(line.sealed, with: pairs) else {
                    problem = "event \(line.number) does not open with the vault's keys (it was changed or forged)"
                    break check
                }
                guard event.number == line.number, event.device == device else {
                    problem = "event \(line.number) holds another place's event (\(event.device) #\(event.number)): events were moved"
                    break check
                }
                events.append(event)
                link = line.link
                last = (line.number, line.link)
                if anchor?.count == line.number { anchorLink = line.link }
                expected += 1
            }
            if last == nil { last = (segment.first - 1, segment.previous) }
            if let damage = segment.damage {
                problem = "the log is damaged after event \(expected - 1) (line \(damage.line) of its segment \(index + 1): \(damage.problem))"
                break
            }
        }
        let lastNumber = last?.number ?? 0
        guard let anchor else {
            unanchored = lastNumber
            return
        }
        unanchored = lastNumber > anchor.count ? lastNumber - anchor.count : 0
        guard problem == nil, anchor.count > 0 else { return }
        if anchor.count > lastNumber {
            problem = "the log ends at event \(lastNumber), but the vault's last write anchored \(anchor.count) events: events \(lastNumber + 1)–\(anchor.count) were cut off"
        } else if let dropped, anchor.count <= dropped.upperBound {
            // Anchored before the oldest kept segment (right before it: checked above).
            anchorDropped = anchor.count < dropped.upperBound
        } else if let anchorLink, Sodium.base64Encode(anchorLink) == anchor.head {
            // The chain runs through the anchor.
        } else {
            problem = "event \(anchor.count) is not the one the vault anchored: events up to it were changed, dropped, reordered or forged"
        }
    }

    /// Whether the chain holds.
    public var holds: Bool { problem == nil }

    private static func open(_ sealed: [UInt8], with pairs: [SealedBoxKeyPair]) -> SecurityEvent? {
        for pair in pairs {
            if let plaintext = try? pair.open(sealed) { return SecurityEvent.decode(paddedPlaintext: plaintext) }
        }
        return nil
    }
}
