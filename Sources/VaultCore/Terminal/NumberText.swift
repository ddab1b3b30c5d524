/// Numbers for messages, without Foundation's `String(format:)`.
public enum NumberText {
    /// `value` rounded to one decimal: 130.9, 12.0.
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((abs(value) * 10).rounded())
        return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }
}
