import Foundation
import Testing
@testable import VaultCore

/// Entry dates the vault's ISO 8601 text can hold: years 1 to 9999, no more.
@Suite("Entry dates")
struct EntryDatesTests {
    private func roundTrip(_ entry: Entry) throws -> Entry {
        try EntryJSON.decoder().decode(Entry.self, from: EntryJSON.encoder().encode(entry))
    }

    @Test("the first and last storable seconds write and read back unchanged")
    func edges() throws {
        for seconds in [EntryDates.storable.lowerBound, 0, EntryDates.storable.upperBound] {
            let date = Date(timeIntervalSince1970: seconds)
            let entry = Entry(name: "x", password: "p", created: date, history: [PasswordChange(password: "old", replaced: date)])
            #expect(try roundTrip(entry) == entry, "\(seconds)")
        }
    }

    @Test("a date outside the years 1 to 9999 is refused when written, in created, modified or the history")
    func outside() {
        let far = Date(timeIntervalSince1970: EntryDates.storable.upperBound + 1)
        let early = Date(timeIntervalSince1970: EntryDates.storable.lowerBound - 1)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        for entry in [Entry(name: "x", created: far), Entry(name: "x", created: now, modified: early),
                      Entry(name: "x", created: now, history: [PasswordChange(password: "old", replaced: far)])] {
            #expect(throws: EncodingError.self) { try EntryJSON.encoder().encode(entry) }
        }
    }

    @Test("dates in the form vault writes read the same by hand as by the general ISO 8601 parser")
    func writtenFormReadByHand() throws {
        var generator = SystemRandomNumberGenerator()
        let samples = [-62_135_596_800, -12_219_292_801, -12_219_292_800, 0, 951_782_400, 1_700_000_000, 253_402_300_799]
            + (0..<200).map { _ in Int.random(in: -12_219_292_800...253_402_300_799, using: &generator) }
        for seconds in samples {
            let text = Date(timeIntervalSince1970: Double(seconds)).formatted(.iso8601)
            let general = try Date.ISO8601FormatStyle().parse(text)
            // Before 1583 the general parser's calendar is Julian, and the hand reading stays out.
            let before1583 = seconds < CivilTime.secondsSinceEpoch(year: 1583, month: 1, day: 1, hour: 0, minute: 0, second: 0)
            #expect(EntryDates.parseWritten(text).map { $0 == general } ?? before1583, "\(text)")
        }
        for text in ["2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z",
                     "2024-01-01T00:00:00+01:00", "2024-01-01 00:00:00Z", "２０２４-01-01T00:00:00Z"] {
            #expect(EntryDates.parseWritten(text) == nil, "\(text)")
        }
    }
}
