import Foundation
import Synchronization
import Testing
@testable import VaultCore
@testable import VaultSystem

/// Stamps, the hybrid clock, and what the store records of each change: every part a change
/// touches gets a new stamp, a rename keeps the id and leaves no tombstone, a removal leaves
/// one, tombstones go after 180 days, and a clock set back never orders a change before
/// the one it follows.
@Suite("Change stamps and tombstones")
struct ChangeStampTests {
    private static let device = "0123456789abcdef"

    @Test("stamps read back from their text, order by time, counter and device, and refuse anything else")
    func stampText() throws {
        let stamp = try #require(Stamp("1732590000000-7-0123456789abcdef"))
        #expect(stamp == Stamp(milliseconds: 1_732_590_000_000, counter: 7, device: Self.device) && stamp.description == "1732590000000-7-0123456789abcdef")
        #expect(Stamp("5-0-") == Stamp(milliseconds: 5, device: ""))
        #expect(Stamp(milliseconds: 1, counter: 9, device: "f") < Stamp(milliseconds: 2, device: ""))
        #expect(Stamp(milliseconds: 2, counter: 0, device: "f") < Stamp(milliseconds: 2, counter: 1, device: ""))
        #expect(Stamp(milliseconds: 2, counter: 1, device: "0123456789abcdee") < Stamp(milliseconds: 2, counter: 1, device: Self.device))
        for bad in ["", "1-0", "01-0-", "1-00-", "-1-0-", "1--0-", "1-0-ABCDEF0123456789", "1-0-0123", "1-0-0123456789abcdef0", "1-0-0123456789abcdeg", "1-99999999999-"] {
            #expect(Stamp(bad) == nil, "\(bad)")
        }
        #expect(Stamp(legacy: Date(timeIntervalSince1970: 12.5)) == Stamp(milliseconds: 12_500, device: ""))
    }

    @Test("the hybrid clock follows the wall clock, and counts on when the wall clock is behind or the same")
    func hybridClock() {
        var clock = HybridClock(device: Self.device, latest: nil)
        #expect(clock.next(at: Date(timeIntervalSince1970: 10)) == Stamp(milliseconds: 10_000, device: Self.device))
        #expect(clock.next(at: Date(timeIntervalSince1970: 10)) == Stamp(milliseconds: 10_000, counter: 1, device: Self.device))
        #expect(clock.next(at: Date(timeIntervalSince1970: 5)) == Stamp(milliseconds: 10_000, counter: 2, device: Self.device), "set back")
        #expect(clock.next(at: Date(timeIntervalSince1970: 11)) == Stamp(milliseconds: 11_000, device: Self.device))
        var resumed = HybridClock(device: Self.device, latest: Stamp(milliseconds: 50_000, counter: 3, device: "ffffffffffffffff"))
        #expect(resumed.next(at: Date(timeIntervalSince1970: 12)) == Stamp(milliseconds: 50_000, counter: 4, device: Self.device), "after a stamp the vault has seen")
    }

    @Test("legacy ids are version 8 UUIDs made of the name and creation time, the same each time")
    func legacyIDs() throws {
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        let id = Entry.legacyID(name: "web/github", created: created)
        #expect(id == Entry.legacyID(name: "web/github", created: created.addingTimeInterval(0.9)), "whole seconds")
        #expect(id != Entry.legacyID(name: "web/gitlab", created: created) && id != Entry.legacyID(name: "web/github", created: created.addingTimeInterval(1)))
        let uuid = try #require(UUID(uuidString: id))
        #expect(id == id.lowercased() && uuid.uuid.6 >> 4 == 8 && uuid.uuid.8 >> 6 == 2)
        #expect(UUID(uuidString: Entry.newID()) != nil)
    }

    /// A store whose changes are made on `device` at the time `now` holds.
    private func store(in folder: TemporaryFolder, now: TestClock) throws -> (VaultStore, Unlocker) {
        let store = VaultStore(path: folder.path + "/vault.json", origin: ChangeOrigin(device: { Self.device }, now: { now.time }))
        var password = Array("pw".utf8)
        try store.create(password: try SecureBytes(consuming: &password), kdf: .minimum, cipher: .xchacha20poly1305)
        return (store, Unlocker(passwordSource: FixedPassword(text: "pw"), keyCache: NoKeyCache()))
    }

    @Test("a new entry's parts are stamped, a change restamps only what it changed, a rename keeps the id without a tombstone, a removal leaves one")
    func changesAreStamped() throws {
        let folder = try TemporaryFolder()
        let now = TestClock(Date(timeIntervalSince1970: 1_000))
        let (store, unlocker) = try store(in: folder, now: now)
        let created = Date(timeIntervalSince1970: 1_000)
        try store.mutate(using: unlocker) {
            try $0.put(Entry(name: "a", username: "u", password: "p", fields: [CustomField(name: "pin", value: "1", secret: true)], created: created))
        }
        var entry = try #require(try store.open(using: unlocker).entries.entry(named: "a"))
        let first = Stamp(milliseconds: 1_000_000, device: Self.device)
        #expect(entry.clocks == Dictionary(uniqueKeysWithValues: (EntryPart.builtIn + ["field:pin"]).map { ($0, first) }))

        now.time = Date(timeIntervalSince1970: 2_000)
        try store.mutate(using: unlocker) { entries in
            var changed = try #require(try entries.entry(named: "a"))
            changed.username = "v"
            changed.fields = []
            try entries.put(changed)
            try entries.put(changed)  // the same again: nothing more to stamp
        }
        entry = try #require(try store.open(using: unlocker).entries.entry(named: "a"))
        let second = Stamp(milliseconds: 2_000_000, device: Self.device)
        #expect(entry.clocks["username"] == second && entry.clocks["field:pin"] == second, "a removed field keeps a stamp dating its removal")
        #expect(entry.clocks["password"] == first && entry.clocks["name"] == first)

        now.time = Date(timeIntervalSince1970: 3_000)
        try store.mutate(using: unlocker) { entries in
            var moved = try #require(try entries.entry(named: "a"))
            try entries.remove(named: "a")
            moved.name = "b"
            try entries.put(moved)
        }
        var vault = try store.open(using: unlocker)
        let renamed = try #require(try vault.entries.entry(named: "b"))
        #expect(renamed.id == entry.id && renamed.clocks["name"]?.milliseconds == 3_000_000 && renamed.clocks["password"] == first)
        #expect(vault.entries.state.deleted.isEmpty, "a rename is no removal")

        now.time = Date(timeIntervalSince1970: 4_000)
        try store.mutate(using: unlocker) { entries in
            try entries.put(Entry(name: "c", password: "q", created: created))
            _ = try entries.remove(named: "b")
            // Another entry under a name that is taken replaces it: the one replaced is removed.
            try entries.put(Entry(name: "c", password: "r", created: created))
        }
        vault = try store.open(using: unlocker)
        #expect(vault.entries.names == ["c"])
        let removed = vault.entries.state.deleted
        #expect(removed.count == 2 && removed[0].id == entry.id && removed[0].name == "b")
        let current = try #require(try vault.entries.entry(named: "c"))
        #expect(removed[1].name == "c" && removed[1].id != current.id)
        #expect(vault.entries.state.clock == max(removed[1].deleted, current.stamp(of: "password")))
    }

    @Test("a wall clock set back still stamps later changes later; tombstones older than 180 days go at the next write")
    func clockSetBackAndHorizon() throws {
        let folder = try TemporaryFolder()
        let now = TestClock(Date(timeIntervalSince1970: 1_000_000))
        let (store, unlocker) = try store(in: folder, now: now)
        let created = Date(timeIntervalSince1970: 1_000)
        try store.mutate(using: unlocker) { try $0.put(Entry(name: "a", password: "1", created: created)) }
        now.time = Date(timeIntervalSince1970: 500_000)
        try store.mutate(using: unlocker) { entries in
            var entry = try #require(try entries.entry(named: "a"))
            entry.password = "2"
            try entries.put(entry)
            try entries.put(Entry(name: "gone", password: "x", created: created))
            _ = try entries.remove(named: "gone")
        }
        var vault = try store.open(using: unlocker)
        let password = try #require(try vault.entries.entry(named: "a")).stamp(of: "password")
        #expect(password > Stamp(milliseconds: 1_000_000_000, device: Self.device) && password.milliseconds == 1_000_000_000)
        #expect(vault.entries.state.deleted.count == 1)

        now.time = Date(timeIntervalSince1970: 1_000_000 + VaultState.tombstoneHorizon - 10)
        try store.mutate(using: unlocker) { try $0.put(Entry(name: "b", password: "3", created: created)) }
        #expect(try store.open(using: unlocker).entries.state.deleted.count == 1, "not yet 180 days")
        now.time = Date(timeIntervalSince1970: 1_000_000 + VaultState.tombstoneHorizon + 10)
        try store.mutate(using: unlocker) { try $0.put(Entry(name: "c", password: "4", created: created)) }
        vault = try store.open(using: unlocker)
        #expect(vault.entries.state.deleted.isEmpty)
    }

    @Test("the device id is made once, 16 hex digits in a 0600 file, then read; a damaged one is refused")
    func deviceIdentity() throws {
        let folder = try TemporaryFolder()
        let path = DeviceIdentity.path(stateHome: folder.path + "/state")
        let id = try DeviceIdentity.load(path: path)
        let again = try DeviceIdentity.load(path: path)
        #expect(DeviceID.isValid(id) && again == id)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        try "not an id\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: StoreError.corruptDeviceID(path: path)) { try DeviceIdentity.load(path: path) }
    }

    @Test("the state line must end the content, and a broken one is refused")
    func stateLinePlacement() throws {
        func table(_ text: String) throws -> EntryTable {
            var bytes = Array(text.utf8)
            return try EntryTable(content: try SecureBytes(consuming: &bytes))
        }
        let state = #"{"vault-state":{"clock":"5-0-0123456789abcdef"}}"#
        #expect(try table(#"{"name":"a","created":"2026-01-01T00:00:00Z"}"# + "\n" + state + "\n").state.clock == Stamp("5-0-0123456789abcdef"))
        #expect(throws: VaultOpenError.self) { try table(state + "\n" + #"{"name":"a","created":"2026-01-01T00:00:00Z"}"# + "\n") }
        #expect(throws: VaultOpenError.self) { try table(#"{"vault-state":{"clock":"nonsense"}}"# + "\n") }
    }
}

/// A wall clock a test sets.
private final class TestClock: Sendable {
    private let state: Mutex<Date>
    init(_ date: Date) { state = Mutex(date) }
    var time: Date {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}
