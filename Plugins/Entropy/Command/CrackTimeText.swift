/// A number of seconds (given as its log10) in words: "less than a second", "3 hours",
/// "centuries".
enum CrackTimeText {
    static func describe(log10Seconds: Double) -> String {
        if log10Seconds < 0 { return "less than a second" }
        let seconds = Log10.power(log10Seconds)
        // A count that rounds up to the next unit ("60 minutes") is said in that unit.
        for unit in units where seconds < unit.limit {
            let count = Int((seconds / unit.size).rounded())
            if Double(count) * unit.size >= unit.limit { continue }
            return "\(count) \(unit.name)\(count == 1 ? "" : "s")"
        }
        return "centuries"
    }

    private static let minute = 60.0, hour = 3600.0, day = 86400.0, month = day * 31, year = month * 12, century = year * 100
    /// Each unit, the seconds it is used below, and its size.
    private static let units: [(limit: Double, size: Double, name: String)] = [
        (minute, 1, "second"), (hour, minute, "minute"), (day, hour, "hour"), (month, day, "day"),
        (year, month, "month"), (century, year, "year"),
    ]

    /// The time rounded down to a power of ten of seconds: "about 17 minutes" for anything from
    /// 1,000 to 9,999 seconds. For output that must not narrow a stored password down.
    static func rough(log10Seconds: Double) -> String {
        let text = describe(log10Seconds: log10Seconds.rounded(.down))
        return text.first?.isNumber == true ? "about " + text : text
    }
}
