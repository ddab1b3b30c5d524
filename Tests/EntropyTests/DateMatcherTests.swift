import Testing
@testable import Entropy

/// Years and dates: years from 1900 to 2049 on their own, dates with and without separators,
/// the readings zxcvbn's rules refuse, and only the outermost of nested dates. Guesses count
/// years from the pinned reference year 2026.
@Suite("dates and years")
struct DateMatcherTests {
    private func matches(_ password: String) -> [Match] { Pinned.dates.matches(in: PasswordText(password)) }
    private func years(_ password: String) -> [Int] { matches(password).compactMap(\.yearFacts) }
    private func dates(_ password: String) -> [Match] { matches(password).filter { $0.dateFacts != nil } }

    @Test("years from 1900 to 2049 are found, guessed by their distance from 2026 (at least 20)", arguments: [
        ("1900", 126), ("1987", 39), ("2006", 20), ("2024", 20), ("2026", 20), ("2049", 23),
    ])
    func year(text: String, space: Int) throws {
        let found = try #require(matches(text).first { $0.yearFacts != nil })
        #expect(found.yearFacts == Int(text))
        #expect(found.span == 0...3)
        #expect(isClose(found.log10Guesses, log10Of(Double(space))))
    }

    @Test("1899 and 2050 are not years (they may still read as dates)", arguments: ["1899", "2050", "1000", "9999"])
    func notYear(text: String) {
        #expect(years(text).isEmpty, "\(matches(text).map(\.pattern))")
    }

    @Test("years in a longer password, left to right without overlapping")
    func yearsInside() {
        #expect(years("19871988") == [1987, 1988])
        #expect(years("Summer2024!") == [2024])
        #expect(years("x2019x") == [2019])
    }

    typealias KnownDate = (text: String, span: ClosedRange<Int>, year: Int, month: Int, day: Int, separator: String, guesses: Double)

    static let validDates: [KnownDate] = [
        ("13031987", 0...7, 1987, 3, 13, "", 39.0 * 365),
        ("3.13.87", 0...6, 1987, 3, 13, ".", 39.0 * 365 * 4),
        ("1987-03-13", 0...9, 1987, 3, 13, "-", 39.0 * 365 * 4),
        ("13.03.1987", 0...9, 1987, 3, 13, ".", 39.0 * 365 * 4),
        ("311299", 0...5, 1999, 12, 31, "", 27.0 * 365),
        ("20240101", 0...7, 2024, 1, 1, "", 20.0 * 365),
        ("1/1/2030", 0...7, 2030, 1, 1, "/", 20.0 * 365 * 4),
    ]

    @Test("dates with and without separators: day, month, year and guesses", arguments: Self.validDates)
    func date(
        text: String, span: ClosedRange<Int>, year: Int, month: Int, day: Int, separator: String, guesses: Double
    ) throws {
        let found = try #require(dates(text).first { $0.span == span }, "\(dates(text).map(\.pattern))")
        let facts = try #require(found.dateFacts)
        #expect(facts.year == year && facts.month == month && facts.day == day)
        #expect(facts.separator == separator)
        #expect(isClose(found.log10Guesses, log10Of(guesses)))
    }

    @Test("what is not a date", arguments: [
        ("13131313", 0...7),  // 13/13/1313 and 1313/13/13: no month
        ("1987/03-13", 0...9),  // two different separators
        ("32.13.2000", 0...9),  // no day and month
        ("12.12.3000", 0...9),  // year beyond 2050
        ("12.12.500", 0...8),  // three-digit year
    ])
    func invalid(text: String, span: ClosedRange<Int>) {
        #expect(!dates(text).contains { $0.span == span }, "\(dates(text).map(\.pattern))")
    }

    @Test("a date inside a longer date is dropped: only the outermost is kept")
    func outermost() {
        #expect(dates("13.03.1987").map(\.span) == [0...9], "not 13.03.19 nor 3.03.1987")
        #expect(dates("born13031987ok").map(\.span) == [4...11])
        // Overlapping but not nested dates both stay, as in zxcvbn (1313131 and 3131313).
        #expect(dates("13131313").map(\.span) == [0...6, 1...7])
    }

    @Test("the reference year moves the guesses: 1987 is 39 years from 2026, 30 from 2017")
    func referenceYear() throws {
        let older = DateMatcher(referenceYear: 2017)
        let guesses = try #require(older.matches(in: PasswordText("1987")).first { $0.yearFacts != nil }?.log10Guesses)
        #expect(isClose(guesses, log10Of(30)))
        #expect(isClose(older.log10Guesses(year: 1987, separated: true), log10Of(30 * 365 * 4)))
        #expect(isClose(Pinned.dates.log10Guesses(year: 1987, separated: false), log10Of(39 * 365)))
    }
}
