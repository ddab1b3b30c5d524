/// Calendar arithmetic in UTC, without a calendar library: for entry dates and certificate
/// times, which may lie beyond 2038 or 2049.
public enum CivilTime {
    /// Seconds since 1970-01-01T00:00:00Z of a UTC date and time, by the days-from-civil
    /// algorithm of the proleptic Gregorian calendar.
    public static func secondsSinceEpoch(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// The UTC calendar day of a moment given in seconds since the epoch (the inverse of the
    /// above, to the day).
    public static func day(secondsSinceEpoch seconds: Int) -> (year: Int, month: Int, day: Int) {
        let days = (seconds >= 0 ? seconds : seconds - 86_399) / 86_400 + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
