import VaultKit
import FoundationEssentials

/// Timestamps as other managers write them, to the second (the precision entries keep).
enum ImportDates {
    /// ISO 8601 with or without fractional seconds (`2024-01-30T17:55:36.150Z`).
    static func iso8601(_ text: String?) -> Date? {
        guard let text, !text.isEmpty else { return nil }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date.toTheSecond }
        return (try? Date(text, strategy: .iso8601))?.toTheSecond
    }

    /// Whole seconds or milliseconds since 1970, as a decimal string.
    static func unix(_ text: String, milliseconds: Bool) -> Date? {
        guard let value = Int64(text.trimmingCharacters(while: { $0 == " " }) as String), value >= 0 else { return nil }
        return Date(timeIntervalSince1970: milliseconds ? Double(value / 1000) : Double(value))
    }
}

extension String {
    /// The text without leading and trailing characters that match.
    func trimmingCharacters(while matches: (Character) -> Bool) -> String {
        Substring(self).trimmingCharacters(while: matches)
    }
}
