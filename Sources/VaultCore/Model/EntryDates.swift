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

    /// The date of `text` in the one form vault writes, `YYYY-MM-DDTHH:MM:SSZ`, read by hand
    /// (reading a vault is on every command's path, and the general ISO 8601 parser sets up
    /// time zones and a calendar first); `nil` for any other text, which the general parser
    /// then reads. Years before 1583 are left to it too: its calendar is Julian before the
    /// Gregorian reform of October 1582, as the writer's is, and this reading is Gregorian.
    public static func parseWritten(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              year >= 1583, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = CivilTime.secondsSinceEpoch(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return Date(timeIntervalSince1970: Double(seconds))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }
}
