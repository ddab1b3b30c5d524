import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// The table `vault tls --all` ends with: one row per endpoint, the worst first.
struct SummaryTable {
    struct Row {
        let audit: EndpointAudit
        let entries: [String]
    }

    let rows: [Row]
    let now: Date

    func text() -> String {
        let ordered = rows.sorted { rank($0.audit.verdict) < rank($1.audit.verdict) || rank($0.audit.verdict) == rank($1.audit.verdict) && $0.audit.endpoint < $1.audit.endpoint }
        let header = ["SITE", "VERDICT", "PROTOCOL", "EXPIRES IN", "FINDINGS", "ENTRIES"]
        let cells = ordered.map { row -> [String] in
            let audit = row.audit
            let findings = audit.findings.map(\.kind.rawValue)
            return [
                audit.endpoint.text,
                audit.verdict.rawValue,
                audit.protocolVersion?.name ?? "-",
                audit.daysLeft(at: now).map { $0 < 0 ? "expired" : DayText.count($0) } ?? "-",
                findings.isEmpty ? "-" : Array(Set(findings)).sorted().joined(separator: ","),
                row.entries.joined(separator: ", "),
            ].map(TerminalText.visible)
        }
        let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
        let lines = ([header] + cells).map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column] + String(repeating: " ", count: widths[column] - row[column].count)
            }.joined(separator: "  ")
        }
        let counts = Dictionary(grouping: rows, by: \.audit.verdict).mapValues(\.count)
        let total = "\(rows.count) site\(rows.count == 1 ? "" : "s"): \(counts[.trusted] ?? 0) trusted, "
            + "\(counts[.untrusted] ?? 0) untrusted, \(counts[.error] ?? 0) could not be audited"
        return lines.joined(separator: "\n") + "\n" + total + "\n"
    }

    private func rank(_ verdict: EndpointAudit.Verdict) -> Int {
        switch verdict {
        case .untrusted: 0
        case .error: 1
        case .trusted: 2
        }
    }
}
