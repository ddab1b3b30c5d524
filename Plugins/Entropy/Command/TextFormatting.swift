import VaultCLI
import VaultCore
import VaultSystem

/// Guess counts in words: "1 guess", "12 guesses", "about 3.4 thousand guesses",
/// "about 10^27 guesses".
enum GuessText {
    static func describe(log10: Double) -> String {
        if log10 < 3 {
            let count = Int(Log10.power(log10).rounded())
            return count == 1 ? "1 guess" : "\(count) guesses"
        }
        if log10 < 15 {
            let names = [(12, "trillion"), (9, "billion"), (6, "million"), (3, "thousand")]
            let (exponent, name) = names.first { log10 >= Double($0.0) }!
            return "about \(NumberText.oneDecimal(Log10.power(log10 - Double(exponent)))) \(name) guesses"
        }
        return "about 10^\(Int(log10.rounded(.down))) guesses"
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
        guard let places = places(significant: digits) else { return self }
        return rounded(places: places)
    }

    /// The decimal places that keep `digits` significant digits (negative above 10^digits);
    /// nil for zero, infinities and NaN, which stay as they are.
    func places(significant digits: Int) -> Int? {
        guard self != 0, isFinite else { return nil }
        return digits - 1 - Int(Log10.of(Swift.abs(self)).rounded(.down))
    }
}

extension JSONWriter {
    /// `number` rounded to `digits` significant digits (`Double.rounded(significant:)`).
    mutating func value(_ number: Double, significant digits: Int) {
        if let places = number.places(significant: digits), (0...9).contains(places) {
            value(number, places: places)
        } else {
            value(number.rounded(significant: digits))
        }
    }
}
