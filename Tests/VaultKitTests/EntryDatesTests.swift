import Foundation
import Testing
@testable import VaultKit

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
}
