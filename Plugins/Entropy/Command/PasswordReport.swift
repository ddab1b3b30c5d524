import VaultCLI
import VaultCore
import VaultSystem

/// How `vault entropy` shows the estimate for a password it was given (on standard input or the
/// terminal): the verdict, the parts that explain it, crack times and advice, as a block of text
/// or one JSON object on one line.
struct PasswordReport: EstimateReport {
    let estimate: StrengthEstimate
    /// The input line number, in batch mode.
    var line: Int?

    func text() -> String {
        let e = estimate
        var out = line.map { "line \($0): " } ?? ""
        out += "score \(e.score)/4 (\(e.verdict)), \(NumberText.oneDecimal(e.bits)) bits, \(GuessText.describe(log10: e.log10Guesses))\n"
        let tokens = e.segments.map { TerminalText.quoted($0.token) }
        let tokenWidth = min(26, tokens.map(\.count).max() ?? 0)
        for (segment, token) in zip(e.segments, tokens) {
            out += "  \(segment.pattern.padding(to: 10)) \(token.padding(to: tokenWidth))  "
                + "\(NumberText.oneDecimal(segment.bits).padding(left: 6)) bits  \(TerminalText.visible(segment.explanation))\n"
        }
        out += "  time to crack: " + e.crackTimes.map { "\(CrackTimeText.describe(log10Seconds: $0.log10Seconds)) \($0.scenario.label)" }
            .joined(separator: "; ") + "\n"
        let feedback = e.feedback
        if let warning = feedback.warning { out += "  warning: \(warning)\n" }
        for suggestion in feedback.suggestions { out += "  suggestion: \(suggestion)\n" }
        return out
    }

    /// Writes the estimate as one JSON object.
    func json(into json: inout JSONWriter) {
        let e = estimate
        json.object { json in
            if let line { json.field("line", line) }
            json.field("score", e.score)
            json.field("verdict", e.verdict)
            json.field("length", e.length)
            json.field("guesses_log10", e.log10Guesses, places: 4)
            json.field("guesses", e.guesses?.rounded())
            json.field("bits", e.bits, places: 2)
            json.key("crack_times_seconds")
            json.object { json in
                for time in e.crackTimes {
                    json.key(time.scenario.name)
                    json.value(Log10.power(time.log10Seconds), significant: 4)
                }
            }
            json.key("crack_times")
            json.object { json in
                for time in e.crackTimes {
                    json.key(time.scenario.name)
                    json.value(CrackTimeText.describe(log10Seconds: time.log10Seconds))
                }
            }
            let feedback = e.feedback
            json.field("warning", feedback.warning)
            json.key("suggestions")
            json.array(feedback.suggestions) { json, suggestion in json.value(suggestion) }
            json.key("segments")
            json.array(e.segments) { json, segment in
                json.object { json in
                    json.field("pattern", segment.pattern)
                    json.field("token", segment.token)
                    json.field("start", segment.start)
                    json.field("end", segment.end)
                    json.field("guesses_log10", segment.log10Guesses, places: 4)
                    json.field("bits", segment.bits, places: 2)
                    json.field("explanation", segment.explanation)
                    json.key("details")
                    json.object { json in
                        segment.forEachDetail { name, value in json.field(name, value) }
                    }
                }
            }
        }
        json.newline()
    }
}

extension JSONWriter {
    /// A segment detail, as the JSON type it stands for.
    mutating func field(_ name: StaticString, _ detail: DetailValue) {
        key(name)
        switch detail {
        case .text(let text): value(text)
        case .integer(let number): value(number)
        case .number(let number): value(number)
        case .flag(let flag): value(flag)
        case .null: value(nil as String?)
        }
    }
}
