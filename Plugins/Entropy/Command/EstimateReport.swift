import VaultCore

/// How `vault entropy` shows an estimate: a block of text for a person, or one JSON object per
/// line. With `name` (a stored entry) only the verdict is shown, never the password or its parts.
struct EstimateReport {
    let estimate: StrengthEstimate
    /// The input line number, for passwords from standard input.
    var line: Int?
    /// The entry's name, for stored entries.
    var entry: String?
    var revealsParts: Bool { entry == nil }

    func text() -> String {
        let e = estimate
        var out = entry.map { "\($0): " } ?? ""
        out += "score \(e.score)/4 (\(e.verdict)), \(NumberText.oneDecimal(e.bits)) bits, "
            + "\(GuessText.describe(log10: e.log10Guesses)) guesses\n"
        if revealsParts {
            let tokenWidth = min(24, e.segments.map { $0.token.count }.max() ?? 0)
            for segment in e.segments {
                let token = segment.token.count > tokenWidth ? segment.token : segment.token.padding(to: tokenWidth)
                out += "  \(segment.pattern.padding(to: 10)) \(token)  \(NumberText.oneDecimal(segment.bits).padding(left: 6)) bits  \(segment.explanation)\n"
            }
        }
        out += "  time to crack: " + e.crackTimes.map { "\(CrackTimeText.describe(log10Seconds: $0.log10Seconds)) \($0.scenario.label)" }
            .joined(separator: "; ") + "\n"
        if let warning = e.feedback.warning { out += "  warning: \(warning)\n" }
        for suggestion in e.feedback.suggestions { out += "  suggestion: \(suggestion)\n" }
        return out
    }

    /// Writes the estimate as one JSON object.
    func json(into json: inout JSONWriter) {
        let e = estimate
        json.object { json in
            if let line { json.field("line", line) }
            if let entry { json.field("entry", entry) }
            json.field("score", e.score)
            json.field("verdict", e.verdict)
            json.field("length", e.length)
            json.field("guesses_log10", e.log10Guesses.rounded(places: 4))
            json.field("guesses", e.guesses?.rounded())
            json.field("bits", e.bits.rounded(places: 2))
            json.key("crack_times_seconds")
            json.object { json in
                for time in e.crackTimes {
                    json.field(time.scenario.rawValue, Log10.power(time.log10Seconds).rounded(significant: 4))
                }
            }
            json.key("crack_times")
            json.object { json in
                for time in e.crackTimes {
                    json.field(time.scenario.rawValue, CrackTimeText.describe(log10Seconds: time.log10Seconds))
                }
            }
            json.field("warning", e.feedback.warning)
            json.key("suggestions")
            json.array(e.feedback.suggestions) { json, suggestion in json.value(suggestion) }
            if revealsParts {
                json.key("segments")
                json.array(e.segments) { json, segment in
                    json.object { json in
                        json.field("pattern", segment.pattern)
                        json.field("token", segment.token)
                        json.field("start", segment.start)
                        json.field("end", segment.end)
                        json.field("guesses_log10", segment.log10Guesses.rounded(places: 4))
                        json.field("bits", segment.bits.rounded(places: 2))
                        json.field("explanation", segment.explanation)
                        json.key("details")
                        json.object { json in
                            for (key, value) in segment.details { json.field(key, value) }
                        }
                    }
                }
            }
        }
        json.newline()
    }
}

/// Guess counts in words: "12", "about 3.4 thousand", "10^27".
enum GuessText {
    static func describe(log10: Double) -> String {
        if log10 < 3 { return "\(Int(Log10.power(log10).rounded()))" }
        if log10 < 15 {
            let names = [(12, "trillion"), (9, "billion"), (6, "million"), (3, "thousand")]
            let (exponent, name) = names.first { log10 >= Double($0.0) }!
            return "about \(NumberText.oneDecimal(Log10.power(log10 - Double(exponent)))) \(name)"
        }
        return "about 10^\(Int(log10.rounded(.down)))"
    }
}

extension String {
    func padding(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func padding(left width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

extension Double {
    func rounded(places: Int) -> Double {
        if places >= 0 {
            let scale = Log10.power(Double(places))
            return (self * scale).rounded() / scale
        }
        let step = Log10.power(Double(-places))
        return (self / step).rounded() * step
    }

    /// Rounded to `digits` significant digits, for values that span many magnitudes.
    func rounded(significant digits: Int) -> Double {
        guard self != 0, isFinite else { return self }
        let magnitude = Log10.of(Swift.abs(self)).rounded(.down)
        return rounded(places: digits - 1 - Int(magnitude))
    }
}
