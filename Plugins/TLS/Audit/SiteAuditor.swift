import VaultCLI
import VaultCore
import VaultSystem

/// `vault audit --tls`: every https site the audited entries' URLs name, audited as
/// `vault tls --all` audits it (without the security headers, which never change a verdict),
/// then held to the pins the entries saved. Each entry naming a site gets the site's
/// `untrusted-site` or `unreachable-site` (not `untrusted-site` for an entry whose saved pin the
/// site's leaf still has, after a completed handshake, when no trusted root is all that is
/// missing); the entry that saved pins gets `pin-changed` or `pin-rotated`.
struct SiteAuditor: EntryAuditor {
    static let untrustedSite = AuditKind(
        id: "untrusted-site", severity: .finding, title: "untrustworthy sites",
        explanation: "a site the entry's URLs name fails vault tls's checks (an expired, self-signed, misissued or mismatched certificate, an obsolete protocol, …): a password typed there may reach whoever answers; vault tls --entry NAME shows why")
    static let unreachableSite = AuditKind(
        id: "unreachable-site", severity: .finding, title: "sites that could not be audited",
        explanation: "a site the entry's URLs name gave no connection or no TLS handshake, so its TLS could not be judged: the site may be gone (then drop the URL) or the network down")
    static let pinChanged = AuditKind(
        id: AuditFinding.Kind.pinChanged.rawValue, severity: .finding, title: "sites whose saved pins no longer match",
        explanation: AuditFinding.Kind.pinChanged.explanation)
    static let pinRotated = AuditKind(
        id: AuditFinding.Kind.pinRotated.rawValue, severity: .warning, title: "sites with a new key under the same CA",
        explanation: AuditFinding.Kind.pinRotated.explanation)

    var kinds: [AuditKind] { [Self.untrustedSite, Self.unreachableSite, Self.pinChanged, Self.pinRotated] }

    func coverage(of request: AuditRequest, in context: CommandContext) throws -> AuditCoverage {
        guard let tls = request.tls else { return .skipped("give --tls") }
        // A CA file that cannot be used fails now, before the vault is opened (the system's
        // roots are read once, by the audit).
        if let caFile = tls.caFile { _ = try TrustRoots.load(caFile: caFile, withSystemRoots: false) }
        return .checked
    }

    /// A malformed `tls-pins` field fails before any auditor sends anything.
    func prepare(_ vault: AuditedVault, request: AuditRequest) throws {
        if request.tls != nil { _ = try SavedPinCheck(entries: vault.entries) }
    }

    func audit(_ vault: AuditedVault, request: AuditRequest, in context: CommandContext) async throws -> AuditContribution {
        guard let tls = request.tls else { return AuditContribution() }
        let targets = AuditTargets(entries: vault.entries, notingPlainHTTP: false, notice: context.diagnostics.notice)
        let pinCheck = try SavedPinCheck(entries: vault.entries)
        let settings = AuditSettings(
            roots: try TrustRoots.load(caFile: tls.caFile, withSystemRoots: tls.withSystemRoots),
            timeout: .seconds(tls.timeout), fetchHeaders: false, now: request.now)
        let audits = await BatchAuditor(settings: settings).audit(targets.endpoints, progressOn: context.streams)
        var findings: [EntryFinding] = []
        for audit in audits {
            let entries = targets.entriesByEndpoint[audit.endpoint] ?? []
            if let kind = siteKind(of: audit) {
                let held = entries.filter { kind != Self.untrustedSite || !Self.trustedOnFirstUse(audit, by: $0, pins: pinCheck) }
                findings += held.map { EntryFinding(kind, entry: $0, message: message(of: audit), details: details(of: audit)) }
            }
            for result in pinCheck.results(for: audit, entries: entries) {
                var details = details(of: audit)
                details["saved_pins"] = .texts([result.saved.primary] + (result.saved.backup.map { [$0] } ?? []))
                findings.append(EntryFinding(
                    result.kind == .pinRotated ? Self.pinRotated : Self.pinChanged, entry: result.entry,
                    message: "https://\(audit.endpoint.text): " + result.detail(savedBy: "this entry"), details: details))
            }
        }
        return AuditContribution(findings: findings)
    }

    /// The findings that only say no trusted root vouches for the chain, which a pin saved on
    /// first use stands in for.
    private static let anchorKinds: Set<AuditFinding.Kind> = [.selfSigned, .untrustedRoot, .unknownIssuer, .incompleteChain]

    /// Whether `entry` saved the leaf's pin for this site and nothing but the missing trusted
    /// root is held against it: a self-signed router or a private CA's server, trusted on first
    /// use, is then not untrustworthy for that entry (an expired or mismatched certificate
    /// still is).
    private static func trustedOnFirstUse(_ audit: EndpointAudit, by entry: String, pins: SavedPinCheck) -> Bool {
        // A handshake that failed proved nothing: the certificate is public, anyone can send it.
        audit.failure == nil && pins.savedPrimaryMatches(audit, entry: entry)
            && audit.findings.filter(\.kind.isCritical).allSatisfy { anchorKinds.contains($0.kind) }
    }

    private func siteKind(of audit: EndpointAudit) -> AuditKind? {
        switch audit.verdict {
        case .trusted: nil
        case .untrusted: Self.untrustedSite
        case .error: Self.unreachableSite
        }
    }

    /// `https://HOST:PORT: ` and the ids of the critical findings, or why it could not be audited.
    private func message(of audit: EndpointAudit) -> String {
        let what = audit.verdict == .error ? audit.failure?.message ?? "no TLS handshake" : criticalIDs(of: audit).joined(separator: ", ")
        return "https://\(audit.endpoint.text): \(what)"
    }

    /// `site` (HOST:PORT), `findings` (the ids of its critical findings), `leaf_pin` when the
    /// server sent a certificate, `error` when it could not be audited.
    private func details(of audit: EndpointAudit) -> [String: AuditValue] {
        var details: [String: AuditValue] = ["site": .text(audit.endpoint.text), "findings": .texts(criticalIDs(of: audit))]
        if let leaf = audit.leafPin { details["leaf_pin"] = .text(leaf) }
        if audit.verdict == .error, let failure = audit.failure { details["error"] = .text(failure.message) }
        return details
    }

    /// Each kind of critical finding once, in the order found.
    private func criticalIDs(of audit: EndpointAudit) -> [String] {
        var seen: Set<String> = []
        return audit.findings.filter(\.kind.isCritical).map(\.kind.rawValue).filter { seen.insert($0).inserted }
    }
}
