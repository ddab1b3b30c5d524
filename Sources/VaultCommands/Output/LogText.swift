import VaultCLI
import VaultCore
import VaultSystem

/// The security log as lines for a person: one per event, and what `--verify` found.
enum LogText {
    /// `2026-12-01T09:30:00Z  reveal  get  db/prod  (password, to the clipboard)  reason: deploy  [device 3f9c…]`.
    static func line(_ event: SecurityEvent) -> String {
        var parts = [DayText.timestamp(event.date), event.kind.rawValue, event.command]
        if let entry = event.entry { parts.append(entry) }
        if let detail = event.detail { parts.append("(\(detail))") }
        if let reason = event.reason { parts.append("reason: \(reason)") }
        parts.append("device \(event.device) #\(event.number)")
        return TerminalText.visible(parts.joined(separator: "  "))
    }

    /// What `--verify` says of each chain and of the files that are none.
    static func verification(_ reading: EventLogReading) -> [String] {
        var lines = reading.chains.map { chain in
            var line = "device \(chain.device): \(chain.events.count) event\(chain.events.count == 1 ? "" : "s"), "
            if let problem = chain.problem { return line + "BROKEN: " + problem }
            line += "the chain holds"
            if let dropped = chain.dropped { line += "; events \(dropped.lowerBound)–\(dropped.upperBound) were dropped with older segments (log.keep_segments)" }
            if chain.anchorDropped { line += "; the vault's last change anchored a dropped event, so the events kept cannot be checked against it" }
            if chain.unanchored > 0 {
                line += chain.unanchored == 1
                    ? "; the last event came after the vault's last change and is not anchored yet"
                    : "; the last \(chain.unanchored) came after the vault's last change and are not anchored yet"
            }
            return line
        }
        lines += reading.unreadable.map { "BROKEN: \($0) is not a segment of the log" }
        if lines.isEmpty { lines.append("The log has no events.") }
        return lines.map(TerminalText.visible)
    }

    /// The first thing wrong, for the one-line error.
    static func firstProblem(_ reading: EventLogReading) -> String {
        if let chain = reading.chains.first(where: { !$0.holds }), let problem = chain.problem { return "device \(chain.device): \(problem)" }
        return reading.unreadable.first.map { "\($0) is not a segment of the log" } ?? "nothing"
    }
}

/// What `vault log --json` prints: the events, and with `--verify` what each chain gave.
struct LogJSON: Encodable {
    struct Event: Encodable {
        var number: UInt64
        var time: String
        var device: String
        var event: String
        var command: String
        var entry: String?
        var reason: String?
        var detail: String?

        init(_ event: SecurityEvent) {
            number = event.number
            time = DayText.timestamp(event.date)
            device = event.device
            self.event = event.kind.rawValue
            command = event.command
            entry = event.entry
            reason = event.reason
            detail = event.detail
        }
    }

    struct Chain: Encodable {
        var device: String
        var events: Int
        var holds: Bool
        var problem: String?
        var unanchored: UInt64
        /// The first and last numbers of the events dropped with older segments.
        var dropped: [UInt64]?
        /// Whether the vault's anchor is among them, so that nothing could be checked against it.
        var anchorDropped: Bool

        enum CodingKeys: String, CodingKey {
            case device, events, holds, problem, unanchored, dropped
            case anchorDropped = "anchor_dropped"
        }

        init(_ chain: EventLogVerification) {
            device = chain.device
            events = chain.events.count
            holds = chain.holds
            problem = chain.problem
            unanchored = chain.unanchored
            dropped = chain.dropped.map { [$0.lowerBound, $0.upperBound] }
            anchorDropped = chain.anchorDropped
        }
    }

    var events: [Event]
    var verification: [Chain]?
}
