import VaultCLI
import VaultCore
import VaultSystem

/// `vault audit --html FILE`: one page that needs nothing else (styles inline, the chart an
/// inline SVG, no script, and a policy that forbids loading anything), written with mode 0600.
/// It holds entry names, findings and counts, never a secret.
struct AuditHTML {
    let report: AuditReport

    /// Writes the page to `path` atomically, replacing any file there.
    func write(to path: String) throws {
        let bytes = Array(page().utf8)
        try bytes.withUnsafeBytes { buffer in try AtomicFile.write(buffer, to: path, mode: 0o600) }
    }

    func page() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Vault audit, \(DayText.of(report.generated))</title>
        <style>\(Self.style)</style>
        </head>
        <body>
        <h1>Vault audit</h1>
        <p class="meta">\(Self.escape(overview()))</p>
        \(report.failedPasswordsText.map { "<p class=\"warning\">\(Self.escape($0)).</p>" } ?? "")
        <section class="top">
        \(summaryTable())
        \(AuditScoreChart(counts: report.scoreCounts).svg())
        </section>
        \(report.checks.filter { $0.entries > 0 }.map(kindSection).joined(separator: "\n"))
        </body>
        </html>

        """
    }

    private func overview() -> String {
        var text = "Generated \(DayText.timestamp(report.generated)). \(NumberText.grouped(report.audited)) entries audited, "
            + "\(NumberText.grouped(report.withPassword)) with a password"
        if report.ignored > 0 { text += ", \(NumberText.grouped(report.ignored)) left out by audit.ignore" }
        let problems = report.findings(.finding)
        return text + ". " + (problems.isEmpty ? "Nothing found." : "\(NumberText.grouped(problems.count)) findings in \(NumberText.grouped(report.entriesWithFindings)) entries.")
    }

    private func summaryTable() -> String {
        var rows = ""
        for check in report.checks {
            let count: String
            let level: String
            switch check.coverage {
            case .checked:
                count = "<td class=\"count\">\(check.entries)</td>"
                level = check.entries > 0 ? check.kind.severity.rawValue : "clean"
            case .skipped(let reason):
                count = "<td class=\"skipped\">not checked: \(Self.escape(reason))</td>"
                level = "unchecked"
            }
            rows += "<tr class=\"\(level)\"><th><a href=\"#\(check.kind.id)\">\(Self.escape(check.kind.title))</a></th>\(count)</tr>\n"
        }
        return "<table class=\"summary\"><thead><tr><th>Kind</th><th>Entries</th></tr></thead><tbody>\n\(rows)</tbody></table>"
    }

    private func kindSection(_ check: AuditReport.Check) -> String {
        let rows = report.findings.filter { $0.kind == check.kind }.map { finding in
            "<tr><td class=\"entry\">\(Self.escape(TerminalText.visible(finding.entry)))</td><td>\(Self.escape(TerminalText.visible(finding.message)))</td></tr>"
        }
        return """
            <section id="\(check.kind.id)" class="kind \(check.kind.severity.rawValue)">
            <h2>\(Self.escape(check.kind.title)) <span class="badge">\(check.entries)</span></h2>
            <p class="explanation">\(Self.escape(check.kind.explanation))</p>
            <table><thead><tr><th>Entry</th><th>Finding</th></tr></thead><tbody>
            \(rows.joined(separator: "\n"))
            </tbody></table>
            </section>
            """
    }

    /// Text made safe between tags and inside quoted attributes.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static let style = """
        body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1d232b;background:#fbfbfc}
        h1{margin-bottom:.2rem}h2{margin-top:2rem;font-size:1.2rem}.meta{color:#5b6472}.warning{color:#9a3412;font-weight:600}
        .top{display:flex;flex-wrap:wrap;gap:2rem;align-items:flex-start}
        table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.35rem .6rem;border-bottom:1px solid #e3e6ea;vertical-align:top}
        .summary{width:auto;min-width:22rem}.summary a{color:inherit;text-decoration:none}.count{text-align:right;font-variant-numeric:tabular-nums}
        tr.finding th{border-left:4px solid #c62828}tr.warning th{border-left:4px solid #ef8f00}tr.advice th{border-left:4px solid #1e6fd9}tr.clean th{border-left:4px solid #2e7d32}tr.unchecked th{border-left:4px solid #b0b6bf}
        .skipped{color:#7a828e;font-style:italic}.entry{font-family:ui-monospace,monospace;white-space:nowrap}
        .kind.finding h2{color:#b71c1c}.kind.warning h2{color:#b36b00}.kind.advice h2{color:#1e5fb4}
        .badge{display:inline-block;min-width:1.5rem;padding:0 .4rem;border-radius:.8rem;background:#e8eaee;color:#1d232b;text-align:center;font-size:.9rem}
        .explanation{color:#3c4450}
        """
}
