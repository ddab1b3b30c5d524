import VaultCore
import VaultSystem
import FoundationEssentials

/// Timestamps as other managers write them, to the second (the precision entries keep). Every
/// date an importer keeps comes through here, and one outside what a vault stores
/// (`EntryDates.storable`: years 1 to 9999) counts as absent, so that the importer's default (the
/// entry's other date, or now) stands in for it.
enum ImportDates {
    /// ISO 8601 with or without fractional seconds (`2024-01-30T17:55:36.150Z`).
    static func iso8601(_ text: String?) -> Date? {
        guard let text, !text.isEmpty else { return nil }
        return parsedISO8601(text).flatMap(storable)
    }

    /// The time ISO 8601 text gives, whether or not a vault can store it: for a reader that
    /// refuses text that is no time at all but takes an unstorable time as absent.
    static func parsedISO8601(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        return try? Date(text, strategy: .iso8601)
    }

    /// Whole seconds or milliseconds since 1970, as a decimal string.
    static func unix(_ text: String, milliseconds: Bool) -> Date? {
        guard let value = Int64(text.trimmingCharacters(while: { $0 == " " }) as String), value >= 0 else { return nil }
        return seconds(Double(milliseconds ? value / 1000 : value))
    }

    /// Seconds since 1970 as a number read from JSON or a binary time.
    static func seconds(_ value: Double) -> Date? {
        guard value.isFinite, EntryDates.storable.contains(value) else { return nil }
        return Date(timeIntervalSince1970: value).toTheSecond
    }

    /// The date to the second, or nil when a vault cannot store it.
    static func storable(_ date: Date) -> Date? {
        seconds(date.timeIntervalSince1970)
    }
}
