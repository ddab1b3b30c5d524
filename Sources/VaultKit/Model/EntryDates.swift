import FoundationEssentials

/// The dates an entry can hold. The vault writes dates as ISO 8601 text with a four-digit year,
/// which reads back only from year 1 to 9999, so a date outside that is refused when an entry
/// is written rather than found unreadable later.
public enum EntryDates {
    /// Seconds since 1970 that an entry's dates may take: 0001-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59Z.
    public static let storable: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// Whether `date` can be written and read back unchanged (to the second).
    public static func canStore(_ date: Date) -> Bool {
        storable.contains(date.timeIntervalSince1970)
    }
}
