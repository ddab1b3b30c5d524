import VaultCore
import VaultSystem
/// Numbers for messages, without Foundation's `String(format:)`.
public enum NumberText {
    /// `value` rounded to one decimal: 130.9, 12.0.
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((abs(value) * 10).rounded())
        return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }

    /// `value` with thousands separated by commas: 52,256,179.
    public static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// `value` rounded down to a power of ten: 52,256,179 → 10,000,000. For figures that must not
    /// identify what they count.
    public static func powerOfTenBelow(_ value: Int) -> Int {
        var power = 1
        while power <= value / 10 { power *= 10 }
        return power
    }

}
