import VaultCLI
import VaultCore
import VaultSystem

/// The verdict for a password `vault breach` was given (a line of standard input, or typed):
/// the exact count, since the person checking knows the password anyway.
struct BreachReport: PrintableReport {
    let count: Int
    /// The input line number, in batch mode.
    let line: Int?

    func text() -> String {
        let verdict = count > 0
            ? "breached: seen \(NumberText.grouped(count)) time\(count == 1 ? "" : "s") in known breaches"
            : "not found in known breaches"
        return (line.map { "line \($0): " } ?? "") + verdict + "\n"
    }

    func json(into json: inout JSONWriter) {
        json.object { json in
            if let line { json.field("line", line) }
            json.field("breached", count > 0)
            json.field("count", count)
        }
        json.newline()
    }
}

/// The verdict for a stored entry: by name, with the count rounded down to a power of ten (an
/// exact count can single a password out in the public data, and this output may be logged).
struct BreachEntryReport: PrintableReport {
    let entry: String
    let count: Int

    func text() -> String {
        guard count > 0 else { return "\(TerminalText.visible(entry)): not found in known breaches\n" }
        return "\(TerminalText.visible(entry)): breached (\(BreachCount.roughly(count)))\n"
            + "  change it: vault edit \(ShellWord.quoted(entry)) --generate\n"
    }

    func json(into json: inout JSONWriter) {
        json.object { json in
            json.field("entry", entry)
            json.field("breached", count > 0)
            if count > 0 { json.field("seen_at_least", NumberText.powerOfTenBelow(count)) }
        }
        json.newline()
    }
}
