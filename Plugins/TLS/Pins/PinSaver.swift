import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// `vault tls --entry NAME --save-pins`: remembers the pins of the entry's sites in its
/// `tls-pins` field (trust on first use), one host at a time: the leaf's pin as primary, the
/// pin of the CA that issued it, on the verified path, as backup. A host that already has pins keeps them
/// unless `force`.
struct PinSaver {
    /// The entry's name, normalised.
    let entry: String
    let force: Bool

    /// Refuses, before any audit, to save over the pins `saved` has for one of `hosts`.
    func refuseReplacing(_ saved: SavedPins, hosts: [String]) throws(SavedPinsError) {
        guard !force else { return }
        let existing = Set(hosts.map { $0.lowercased() }).filter { saved[$0] != nil }.sorted()
        if !existing.isEmpty { throw .alreadySaved(entry: entry, hosts: existing) }
    }

    /// Saves the pins of every host whose audit saw a certificate (the first endpoint of each
    /// host), through the session's normal change so sync stamps apply, and says so per host on
    /// standard error; an untrusted site's pins are saved with a warning.
    func save(_ audits: [EndpointAudit], in session: VaultSession) throws {
        let context = session.context
        var chosen: [String: EndpointAudit] = [:]
        for audit in audits where audit.leafPin != nil {
            let host = audit.endpoint.host
            if let first = chosen[host] {
                if first.leafPin != audit.leafPin {
                    context.diagnostics.warning("\(audit.endpoint.text) serves another key than \(first.endpoint.text); the pins of \(first.endpoint.text) are saved for \(host)")
                }
            } else {
                chosen[host] = audit
            }
        }
        let pins = chosen.values.sorted { $0.endpoint < $1.endpoint }.compactMap(Self.pins(of:))
        guard !pins.isEmpty else {
            context.diagnostics.warning("no site of '\(entry)' sent a certificate: no pins saved")
            return
        }
        let now = context.now().toTheSecond
        try session.mutate { entries in
            guard var stored = try entries.entry(named: entry) else { throw EntryError.notFound(entry) }
            var saved = try SavedPins(of: stored)
            try refuseReplacing(saved, hosts: pins.map(\.host))
            for hostPins in pins { saved.save(hostPins) }
            stored.setField(CustomField(name: SavedPins.fieldName, value: saved.text, secret: false))
            stored.modified = now
            try entries.put(stored)
        }
        for hostPins in pins {
            let selfSigned = chosen[hostPins.host]?.certificates.first?.isSelfSigned ?? false
            let backup = hostPins.backup.map { ", backup (issuer) \($0)" }
                ?? (selfSigned ? ", no backup (a self-signed leaf has no issuer)"
                    : ", no backup (no issuing CA on a verified path to a trusted root; give --ca-file with the site's CA to save one)")
            context.diagnostics.note("Saved pins for \(hostPins.host) in \(entry): primary (leaf) \(hostPins.primary)\(backup).")
        }
        for audit in chosen.values.sorted(by: { $0.endpoint < $1.endpoint }) where audit.verdict != .trusted {
            context.diagnostics.warning("\(audit.endpoint.text) is not trusted, yet its pins were saved: from now on it is held to this key")
        }
    }

    /// What to save for an audited endpoint: the leaf's pin, and that of its issuer on the
    /// verified path (none for a self-signed leaf, or without a path to a trusted root);
    /// nil when the server sent no certificate.
    static func pins(of audit: EndpointAudit) -> SavedPins.HostPins? {
        guard let leaf = audit.certificates.first else { return nil }
        // The issuer on the verified path only: a certificate merely sent may be anything the
        // server appended, and a backup counts only on the verified path (`SavedPinCheck`).
        let issuer = leaf.isSelfSigned ? nil : audit.pathPins.dropFirst().first
        return SavedPins.HostPins(host: audit.endpoint.host, primary: leaf.pin, backup: issuer)
    }
}
