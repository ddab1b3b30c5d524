import VaultCore
import VaultSystem

/// Holds audited endpoints to the pins their entries saved (`tls-pins`): an endpoint named by an
/// entry that saved pins for its host is fine when the leaf's pin is the saved primary; when a
/// CA on the verified path to a trusted root has the saved backup instead, the site rotated its
/// key under the same CA (`pin-rotated`, a warning); otherwise its key changed (`pin-changed`,
/// critical). A certificate merely sent along proves nothing: anyone can append a public CA
/// certificate to a chain of their own.
struct SavedPinCheck: Sendable {
    /// What one entry's saved pins say of one endpoint: `pin-rotated` or `pin-changed`.
    struct Result: Sendable {
        let kind: AuditFinding.Kind
        /// The entry that saved the pins.
        let entry: String
        let saved: SavedPins.HostPins
        let leafPin: String

        /// One sentence; `savedBy` names whoever saved the pins ("web/site", "this entry").
        func detail(savedBy: String) -> String {
            kind == .pinRotated
                ? "the leaf's pin is now \(leafPin), not the one \(savedBy) saved for \(saved.host), but a CA on the verified path still has the saved backup pin"
                : "neither the leaf nor a CA on the verified path has a pin \(savedBy) saved for \(saved.host); the leaf's pin is now \(leafPin)"
        }

        /// The finding of `vault tls`, naming the entry.
        var finding: AuditFinding { AuditFinding(kind, detail(savedBy: entry)) }
    }

    private let pinsByEntry: [String: SavedPins]

    /// The pins the entries saved; an error names an entry whose field is malformed.
    init(entries: [Entry]) throws(SavedPinsError) {
        var pinsByEntry: [String: SavedPins] = [:]
        for entry in entries {
            let saved = try SavedPins(of: entry)
            if !saved.hosts.isEmpty { pinsByEntry[entry.name] = saved }
        }
        self.pinsByEntry = pinsByEntry
    }

    /// Whether `entry` saved, for the audited host, the pin of the leaf the site sent: a site it
    /// trusts on first use.
    func savedPrimaryMatches(_ audit: EndpointAudit, entry: String) -> Bool {
        guard let leaf = audit.leafPin else { return false }
        return pinsByEntry[entry]?[audit.endpoint.host]?.primary == leaf
    }

    /// What the saved pins of `entries` (those naming the endpoint) say of `audit`; nothing
    /// when they match, or when the server sent no certificate.
    func results(for audit: EndpointAudit, entries: [String]) -> [Result] {
        guard let leaf = audit.leafPin else { return [] }
        return entries.compactMap { entry in
            guard let saved = pinsByEntry[entry]?[audit.endpoint.host], saved.primary != leaf else { return nil }
            let rotated = saved.backup.map { audit.pathPins.dropFirst().contains($0) } ?? false
            return Result(kind: rotated ? .pinRotated : .pinChanged, entry: entry, saved: saved, leafPin: leaf)
        }
    }
}
