import VaultCLI
import VaultCore
import VaultSystem

/// How `vault entropy` shows the estimate for a stored entry: its name, score and crack times
/// rounded down to a power of ten, and nothing that would narrow the password down (no parts,
/// no exact guesses, length or pattern-specific advice), since this output may end up in a log.
struct EntryReport: EstimateReport {
    let estimate: StrengthEstimate
    let entry: String

    /// The crack times, rounded down to a power of ten of seconds.
    private var roughCrackTimes: [(scenario: CrackScenario, text: String)] {
        estimate.crackTimes.map { ($0.scenario, CrackTimeText.rough(log10Seconds: $0.log10Seconds)) }
    }

    private var hint: String? {
        estimate.score < StrengthAnalyzer.passingScore ? "to see why: vault get \(ShellWord.quoted(entry)) | vault entropy" : nil
    }

    func text() -> String {
        var out = "\(TerminalText.visible(entry)): score \(estimate.score)/4 (\(estimate.verdict))\n"
        out += "  time to crack: " + roughCrackTimes.map { "\($0.text) \($0.scenario.label)" }.joined(separator: "; ") + "\n"
        if let hint { out += "  \(hint)\n" }
        return out
    }

    func json(into json: inout JSONWriter) {
        json.object { json in
            json.field("entry", entry)
            json.field("score", estimate.score)
            json.field("verdict", estimate.verdict)
            json.key("crack_times")
            json.object { json in
                for time in roughCrackTimes {
                    json.key(time.scenario.name)
                    json.value(time.text)
                }
            }
        }
        json.newline()
    }
}
