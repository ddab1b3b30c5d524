import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// An endpoint's audit as text for a person: the verdict first, then the findings, the
/// handshake, each certificate, the trusted path and the headers. `brief` keeps only the
/// verdict and findings (for `--all`).
struct AuditText {
    let audit: EndpointAudit
    let now: Date

    func full() -> String {
        var lines = heading() + findings()
        lines.append("  protocol     \(audit.protocolVersion?.name ?? "unknown")" + (audit.cipherSuite.map { ", \($0.name)" } ?? ""))
        for (index, certificate) in audit.certificates.enumerated() {
            lines += describe(certificate, at: index)
        }
        if !audit.path.isEmpty {
            lines.append("  trusted path \(audit.path.joined(separator: " <- "))")
            lines.append("               (root from \(audit.rootsOrigin))")
        }
        if let headers = audit.headers { lines += describe(headers) }
        return lines.map(TerminalText.visible).joined(separator: "\n") + "\n"
    }

    func brief() -> String {
        (heading() + findings()).map(TerminalText.visible).joined(separator: "\n") + "\n"
    }

    private func heading() -> [String] {
        var place = audit.endpoint.text
        if audit.address != audit.endpoint { place += " (connected to \(audit.address.text))" }
        if let name = audit.serverName, name != audit.endpoint.host { place += " (server name \(name))" }
        let verdict = switch audit.verdict {
        case .trusted: "trusted"
        case .untrusted: "NOT TRUSTWORTHY"
        case .error: "could not be audited"
        }
        var lines = ["\(place): \(verdict)"]
        if let failure = audit.failure { lines.append("  error        \(failure.message)") }
        return lines
    }

    private func findings() -> [String] {
        audit.findings.sorted { $0.kind.isCritical && !$1.kind.isCritical }.map { finding in
            "  \(finding.kind.isCritical ? "critical" : "warning ")     \(finding.kind.rawValue): \(finding.detail)"
        }
    }

    private func describe(_ certificate: CertificateDetails, at index: Int) -> [String] {
        let parts = certificate.parts
        let days = certificate.daysLeft(at: now)
        let left = days >= 0 ? "\(DayText.count(days)) left" : "expired \(DayText.count(-days)) ago"
        var lines = [
            "  certificate \(index) \(certificate.subject)",
            "    issuer     \(certificate.issuer)",
        ]
        let names = parts.alternativeNames
        if !names.isEmpty { lines.append("    names      \(names.joined(separator: ", "))") }
        lines += [
            "    valid      \(DayText.of(parts.notBefore)) to \(DayText.of(parts.notAfter)) (\(left))",
            "    key        \(parts.key.text)",
            "    signature  \(certificate.signature.name)",
            "    pin        \(certificate.pin)",
        ]
        return lines
    }

    private func describe(_ headers: HeaderReport) -> [String] {
        let requests = headers.steps.map { "GET \($0.path) -> \($0.status)" }.joined(separator: ", ")
        var lines = ["  headers      " + (requests.isEmpty ? "(no response)" : requests)]
        if let note = headers.note { lines.append("               \(note)") }
        for grade in headers.grades {
            let status = switch grade.status {
            case .good: "good   "
            case .weak: "weak   "
            case .missing: "missing"
            }
            lines.append("    \(status) \(grade.header)" + (grade.value.map { ": \($0)" } ?? ""))
            lines += grade.notes.map { "            - \($0)" }
        }
        return lines
    }
}
