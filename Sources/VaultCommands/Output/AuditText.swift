import VaultCLI
import VaultCore
import VaultSystem

/// `vault audit` for a person: the entries with findings, each with its lines; the advice,
/// grouped by kind; the summary table; and one closing line of counts.
struct AuditText {
    let report: AuditReport

    /// How many names an advice line lists before "and N more" (`--json` has them all).
    static let adviceNames = 8

    func text() -> String {
        var text = ""
        for (entry, findings) in report.entriesWithProblems {
            text += TerminalText.visible(entry) + "\n"
            for finding in findings {
                text += "  \(finding.kind.id): \(TerminalText.visible(finding.message))\n"
            }
        }
        if !text.isEmpty { text += "\n" }
        if let failed = report.failedPasswordsText { text += "warning: " + TerminalText.visible(failed) + "\n\n" }
        text += advice()
        text += summaryTable() + "\n"
        text += scoreLine()
        text += closingLine()
        return text
    }

    private func advice() -> String {
        var text = ""
        for check in report.checks where check.kind.severity == .advice && check.entries > 0 {
            let names = report.findings.filter { $0.kind == check.kind }.map { TerminalText.visible($0.entry) }
            let shown = names.prefix(Self.adviceNames).joined(separator: ", ")
            let more = names.count > Self.adviceNames ? " and \(names.count - Self.adviceNames) more" : ""
            text += "advice: \(check.kind.title) (\(check.entries)): \(shown)\(more)\n"
            text += "  \(check.kind.explanation)\n\n"
        }
        return text
    }

    /// `KIND  ENTRIES  NOTE` with one row per kind.
    private func summaryTable() -> String {
        let width = max(4, report.checks.map(\.kind.id.count).max() ?? 0)
        var lines = [pad("KIND", width) + "  ENTRIES"]
        for check in report.checks {
            var row = pad(check.kind.id, width) + "  "
            switch check.coverage {
            case .checked:
                let count = NumberText.grouped(check.entries)
                row += String(repeating: " ", count: max(0, 7 - count.count)) + count
                if check.kind.severity != .finding { row += "  (\(check.kind.severity.rawValue))" }
            case .skipped(let reason):
                row += "      -  not checked: \(reason)"
            }
            lines.append(row)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `strength scores: 0: 1, 1: 0, 2: 2, 3: 1, 4: 5`, when any password was scored.
    private func scoreLine() -> String {
        guard !report.scores.isEmpty else { return "" }
        let counts = report.scoreCounts.enumerated().map { "\($0.offset): \(NumberText.grouped($0.element))" }
        return "strength scores (0 worst, 4 best): " + counts.joined(separator: ", ") + "\n"
    }

    private func closingLine() -> String {
        var line = "\(NumberText.grouped(report.audited)) entr\(report.audited == 1 ? "y" : "ies") audited"
        line += " (\(NumberText.grouped(report.withPassword)) with a password"
        if report.ignored > 0 { line += ", \(NumberText.grouped(report.ignored)) left out by audit.ignore" }
        line += "): "
        let problems = report.findings(.finding)
        line += problems.isEmpty
            ? "nothing found"
            : "\(counted(problems.count, "finding")) in \(counted(report.entriesWithFindings, "entry", plural: "entries"))"
        let warnings = report.findings(.warning).count
        if warnings > 0 { line += ", \(counted(warnings, "warning"))" }
        return line + "\n"
    }

    private func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(NumberText.grouped(count)) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
