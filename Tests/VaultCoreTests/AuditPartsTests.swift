import Foundation
import Testing
import VaultCore

/// The domain's parts of `vault audit`: which entries share a password, and since when a
/// password is in use.
@Suite("Audit parts")
struct AuditPartsTests {
    private static let day: TimeInterval = 86_400
    private let created = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("entries sharing a password are grouped in order; unique, empty and missing passwords are not")
    func reusedGroups() {
        let entries = [
            Entry(name: "a", password: "same", created: created),
            Entry(name: "b", password: "unique", created: created),
            Entry(name: "c", password: "same", created: created),
            Entry(name: "d", password: "", created: created),
            Entry(name: "e", password: "", created: created),
            Entry(name: "f", created: created),
            Entry(name: "g", created: created),
            Entry(name: "h", password: "other", created: created),
            Entry(name: "i", password: "same", created: created),
            Entry(name: "j", password: "other", created: created),
            Entry(name: "k", password: "Same", created: created),
        ]
        #expect(ReusedPasswords.groups(in: entries) == [["a", "c", "i"], ["h", "j"]])
    }

    @Test("passwords that differ only in normalisation or trailing space are different passwords")
    func exactComparison() {
        let entries = [
            Entry(name: "a", password: "caf\u{E9}", created: created),
            Entry(name: "b", password: "cafe\u{301}", created: created),
            Entry(name: "c", password: "caf\u{E9} ", created: created),
        ]
        #expect(ReusedPasswords.groups(in: entries).isEmpty)
    }

    @Test("a password dates from its last change in the history, else from the entry's creation")
    func passwordSetAt() {
        var entry = Entry(name: "a", password: "first", created: created)
        #expect(entry.passwordSetAt == created)
        entry.changePassword(to: "second", at: created.addingTimeInterval(10 * Self.day))
        entry.changePassword(to: "third", at: created.addingTimeInterval(20 * Self.day))
        #expect(entry.passwordSetAt == created.addingTimeInterval(20 * Self.day))
        entry.modified = created.addingTimeInterval(400 * Self.day)
        #expect(entry.passwordSetAt == created.addingTimeInterval(20 * Self.day), "other edits do not renew the password")
        #expect(Entry(name: "b", created: created).passwordSetAt == nil)
    }

    @Test("a first password added to an entry that had none dates from its stamp, not from the entry's creation")
    func firstPasswordAddedLater() {
        let made = Stamp(milliseconds: 1_700_000_000_000, device: "3f9c0a1b2c3d4e5f")
        let later = Stamp(milliseconds: 1_800_000_000_000, device: "3f9c0a1b2c3d4e5f")
        let parts = Dictionary(uniqueKeysWithValues: EntryPart.builtIn.map { ($0, made) })
        var entry = Entry(name: "a", password: "first", created: created, clocks: parts)
        #expect(entry.passwordSetAt == created, "stamped with the entry (made here or imported): as old as the entry")
        entry.clocks["password"] = later
        #expect(entry.passwordSetAt == later.date)
        entry.clocks["type"] = later
        #expect(entry.passwordSetAt == later.date, "a type changed with it (add --force over a note) changes nothing: the name is older")
        entry.clocks["name"] = Stamp(milliseconds: 1_900_000_000_000, device: "3f9c0a1b2c3d4e5f")
        #expect(entry.passwordSetAt == later.date, "nor a later rename")
        entry.clocks["password"] = Stamp(milliseconds: 1_700_000_000_000, device: "")
        #expect(entry.passwordSetAt == created, "a stamp of no device (an older format's) says nothing")
        entry.changePassword(to: "second", at: created.addingTimeInterval(3 * Self.day))
        #expect(entry.passwordSetAt == created.addingTimeInterval(3 * Self.day), "the history comes first")
    }
}
