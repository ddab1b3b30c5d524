/// Durations as people type them: `45`, `45s`, `15m`, `1h30m`, `2d`.
public enum TimeSpan {
    /// Seconds, or `nil` when `text` is not a positive duration.
    public static func seconds(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var total = 0.0
        var number = ""
        for character in text.lowercased() {
            if character.isASCII && character.isNumber {
                number.append(character)
            } else if let unit = units[character], let value = Double(number) {
                total += value * unit
                number = ""
            } else {
                return nil
            }
        }
        if !number.isEmpty {
            guard let value = Double(number), total == 0 else { return nil }
            total = value
        }
        return total > 0 && total <= 366 * 86400 ? total : nil
    }

    /// A short human form: `14m 32s`, `2h 5m`.
    public static func describe(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        if hours > 0 { return "\(hours)h \(minutes)m" }
        if minutes > 0 { return "\(minutes)m \(rest)s" }
        return "\(rest)s"
    }
}
