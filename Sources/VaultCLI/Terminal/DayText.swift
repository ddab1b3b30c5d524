import FoundationEssentials
import VaultCore
import VaultSystem

/// Dates and day counts as reports print them (`vault tls`, `vault audit`).
public enum DayText {
    /// `2026-11-21` (UTC).
    public static func of(_ date: Date) -> String {
        let (year, month, day) = CivilTime.day(secondsSinceEpoch: Int(date.timeIntervalSince1970.rounded(.down)))
        return "\(year)-\(twoDigits(month))-\(twoDigits(day))"
    }

    /// `2026-11-21T09:05:00Z`, for JSON.
    public static func timestamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let time = ((seconds % 86_400) + 86_400) % 86_400
        return of(date) + "T\(twoDigits(time / 3_600)):\(twoDigits(time / 60 % 60)):\(twoDigits(time % 60))Z"
    }

    /// `1 day`, `2,150 days`.
    public static func count(_ days: Int) -> String {
        days == 1 ? "1 day" : "\(NumberText.grouped(days)) days"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
