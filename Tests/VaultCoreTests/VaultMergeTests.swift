import Foundation
import Testing
import SeededRandom
@testable import VaultCore

/// One machine's copy of a vault, changed through `EntryTable` as the store changes it (every
/// part stamped, removals buried), at the times the test gives.
private struct Machine {
    var copy: VaultMerge.Copy
    let device: String

    init(_ copy: VaultMerge.Copy, device: String) {
        self.copy = copy
        self.device = device
    }

    /// Applies `change` to the entries at wall time `seconds`.
    mutating func change(at seconds: Double, _ change: (EntryTable) throws -> Void) throws {
        let table = try Self.table(copy)
        let device = self.device
        try table.beginChange(origin: ChangeOrigin(device: { device }, now: { Date(timeIntervalSince1970: seconds) }))
        try change(table)
        copy = try Self.copy(of: table)
    }

    static func table(_ copy: VaultMerge.Copy) throws -> EntryTable {
        var text = try copy.entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            .map { String(decoding: try EntryLine.encode($0).withUnsafeBytes { Array($0) }, as: UTF8.self) + "\n" }.joined()
        if copy.state != VaultState() { text += String(decoding: try copy.state.encodedLine(), as: UTF8.self) + "\n" }
        var bytes = Array(text.utf8)
        return try EntryTable(content: try SecureBytes(consuming: &bytes))
    }

    static func copy(of table: EntryTable) throws -> VaultMerge.Copy {
        let content = try table.serialized()
        let reread = try EntryTable(content: content)
        return VaultMerge.Copy(entries: try reread.allEntries(), state: reread.state)
    }
}

/// The entries of a copy as values a test compares: stamps left out.
private func values(_ copy: VaultMerge.Copy) -> [String: Entry] {
    Dictionary(uniqueKeysWithValues: copy.entries.map { entry in
        var bare = entry
        bare.clocks = [:]
        return (entry.id, bare)
    })
}

@Suite("Three-way merge")
struct VaultMergeTests {
    private static let created = Date(timeIntervalSince1970: 1_700_000_000)

    /// A base copy with `web/a` and `web/b`, made on a third device.
    private func base() throws -> VaultMerge.Copy {
        var maker = Machine(VaultMerge.Copy(entries: [], state: VaultState()), device: "cccccccccccccccc")
        try maker.change(at: 1_700_000_000) { table in
            try table.put(Entry(name: "web/a", username: "alice", password: "a-1", fields: [CustomField(name: "pin", value: "1", secret: true)], created: Self.created))
            try table.put(Entry(name: "web/b", username: "bob", password: "b-1", created: Self.created))
        }
        return maker.copy
    }

    private func edit(_ name: String, in table: EntryTable, _ body: (inout Entry) -> Void) throws {
        var entry = try #require(try table.entry(named: name))
        body(&entry)
        try table.put(entry)
    }

    @Test("changes on one side only come through; the same change on both is one change; a rename and an edit both apply")
    func oneSidedChanges() throws {
        let base = try base()
        var laptop = Machine(base, device: "aaaaaaaaaaaaaaaa"), desktop = Machine(base, device: "bbbbbbbbbbbbbbbb")
        try laptop.change(at: 1_700_000_100) { table in
            try edit("web/a", in: table) { $0.username = "alice2" }
            try table.remove(named: "web/b")
            var moved = try #require(try table.entry(named: "web/a"))
            try table.remove(named: "web/a")
            moved.name = "mail/a"
            try table.put(moved)
        }
        try desktop.change(at: 1_700_000_200) { table in
            try edit("web/a", in: table) { $0.notes = "from the desktop"; $0.username = "alice2" }
            try table.put(Entry(name: "new/c", password: "c-1", created: Self.created))
        }
        let (result, report) = VaultMerge.merge(base: base, ours: laptop.copy, theirs: desktop.copy)
        let byName = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.name, $0) })
        #expect(byName.keys.sorted() == ["mail/a", "new/c"])
        let a = try #require(byName["mail/a"])
        #expect(a.username == "alice2" && a.notes == "from the desktop" && a.password == "a-1" && a.field(named: "pin")?.value == "1")
        #expect(report.conflicts.isEmpty && report.added == ["new/c"] && report.changed == ["mail/a"] && report.removed.isEmpty)
        #expect(result.state.deleted.map(\.name) == ["web/b"])
        // Whichever machine merges gets the same vault.
        let (other, _) = VaultMerge.merge(base: base, ours: desktop.copy, theirs: laptop.copy)
        #expect(values(other) == values(result))
    }

    @Test("different changes of one part: the later wins, a losing password goes into the history, another value into a field; reported")
    func conflictingChanges() throws {
        let base = try base()
        var laptop = Machine(base, device: "aaaaaaaaaaaaaaaa"), desktop = Machine(base, device: "bbbbbbbbbbbbbbbb")
        try desktop.change(at: 1_700_000_300) { try edit("web/a", in: $0) { $0.password = "a-desktop"; $0.setField(CustomField(name: "pin", value: "3", secret: true)) } }
        try laptop.change(at: 1_700_000_400) { try edit("web/a", in: $0) { $0.password = "a-laptop"; $0.setField(CustomField(name: "pin", value: "2", secret: true)) } }
        let (result, report) = VaultMerge.merge(base: base, ours: desktop.copy, theirs: laptop.copy)
        let a = try #require(result.entries.first { $0.name == "web/a" })
        #expect(a.password == "a-laptop" && a.field(named: "pin")?.value == "2")
        #expect(a.history.map(\.password).contains("a-desktop"), "the losing password is kept")
        let kept = try #require(a.fields.first { $0.name.hasPrefix("conflict: pin (") })
        #expect(kept.value == "3" && kept.secret, "a losing secret stays secret")
        #expect(report.conflicts.contains(.bothChanged(entry: "web/a", part: "password", keptFrom: .theirs)))
        #expect(report.conflicts.contains(.bothChanged(entry: "web/a", part: "field:pin", keptFrom: .theirs)))
        let (other, _) = VaultMerge.merge(base: base, ours: laptop.copy, theirs: desktop.copy)
        #expect(values(other) == values(result))
    }

    /// An attachment of `name` whose content id is made of `digit`.
    private func attachment(_ name: String, _ digit: Character, at seconds: Double = 1_700_000_000) -> VaultCore.Attachment {
        VaultCore.Attachment(name: name, content: String(repeating: digit, count: 64), size: 10, type: "text/plain", added: Date(timeIntervalSince1970: seconds))
    }

    @Test("attachments: new ones on both sides are all kept in one order; one replaced on both keeps the loser under a conflict name")
    func conflictingAttachments() throws {
        let base = try base()
        var laptop = Machine(base, device: "aaaaaaaaaaaaaaaa"), desktop = Machine(base, device: "bbbbbbbbbbbbbbbb")
        try laptop.change(at: 1_700_000_100) { try edit("web/a", in: $0) { $0.setAttachment(attachment("scan.pdf", "1")) } }
        let shared = laptop.copy
        desktop = Machine(shared, device: "bbbbbbbbbbbbbbbb")
        try desktop.change(at: 1_700_000_300) { try edit("web/a", in: $0) {
            $0.setAttachment(attachment("scan.pdf", "3"))
            $0.setAttachment(attachment("desk.txt", "4"))
        } }
        try laptop.change(at: 1_700_000_400) { try edit("web/a", in: $0) {
            $0.setAttachment(attachment("scan.pdf", "2"))
            $0.setAttachment(attachment("lap.txt", "5"))
        } }
        let (result, report) = VaultMerge.merge(base: shared, ours: desktop.copy, theirs: laptop.copy)
        let a = try #require(result.entries.first { $0.name == "web/a" })
        #expect(a.attachment(named: "scan.pdf")?.content == String(repeating: "2", count: 64), "the later change wins")
        let kept = a.attachments.filter { $0.name.hasPrefix("scan (conflict 2023-11-14T22:18:20Z)") }
        #expect(kept.map(\.name) == ["scan (conflict 2023-11-14T22:18:20Z).pdf"] && kept.first?.content == String(repeating: "3", count: 64))
        #expect(Set(a.attachments.map(\.name)) == ["scan.pdf", "desk.txt", "lap.txt", "scan (conflict 2023-11-14T22:18:20Z).pdf"])
        #expect(report.conflicts.contains(.bothChanged(entry: "web/a", part: "attachment:scan.pdf", keptFrom: .theirs)))
        let (other, _) = VaultMerge.merge(base: shared, ours: laptop.copy, theirs: desktop.copy)
        #expect(values(other) == values(result), "the same attachments in the same order whichever side merges")
        // Merged again with either side, the kept loser stays one attachment.
        let (again, _) = VaultMerge.merge(base: desktop.copy, ours: result, theirs: desktop.copy)
        #expect(values(again) == values(result))
    }

    @Test("a losing attachment's conflict name keeps its extension, takes a number when the name is taken, and stays within 255 bytes")
    func conflictNames() {
        let stamp = Stamp(milliseconds: 1_700_000_000_000, counter: 0, device: "aaaaaaaaaaaaaaaa")
        var entry = Entry(name: "x", created: Self.created)
        #expect(EntryMerge.conflictName(of: attachment("a.tar.gz", "1"), stamp: stamp, in: entry) == "a.tar (conflict 2023-11-14T22:13:20Z).gz")
        #expect(EntryMerge.conflictName(of: attachment(".env", "1"), stamp: stamp, in: entry) == ".env (conflict 2023-11-14T22:13:20Z)")
        entry.setAttachment(attachment("k (conflict 2023-11-14T22:13:20Z).pem", "2"))
        #expect(EntryMerge.conflictName(of: attachment("k.pem", "1"), stamp: stamp, in: entry) == "k (conflict 2023-11-14T22:13:20Z 2).pem")
        #expect(EntryMerge.conflictName(of: attachment("k.pem", "2"), stamp: stamp, in: entry) == "k (conflict 2023-11-14T22:13:20Z).pem")
        let long = EntryMerge.conflictName(of: attachment(String(repeating: "é", count: 120) + ".pdf", "1"), stamp: stamp, in: entry)
        #expect(long.utf8.count <= 255 && long.hasSuffix(" (conflict 2023-11-14T22:13:20Z).pdf") && (try? AttachmentName.validate(long)) != nil)
    }

    @Test("an edit beats a removal, on either side; a removal of an untouched entry stands")
    func editBeatsRemoval() throws {
        let base = try base()
        var laptop = Machine(base, device: "aaaaaaaaaaaaaaaa"), desktop = Machine(base, device: "bbbbbbbbbbbbbbbb")
        try laptop.change(at: 1_700_000_100) { table in
            try table.remove(named: "web/a")
            try table.remove(named: "web/b")
        }
        try desktop.change(at: 1_700_000_050) { try edit("web/a", in: $0) { $0.username = "still here" } }
        for (ours, theirs) in [(laptop.copy, desktop.copy), (desktop.copy, laptop.copy)] {
            let (result, report) = VaultMerge.merge(base: base, ours: ours, theirs: theirs)
            #expect(result.entries.map(\.name) == ["web/a"] && result.entries[0].username == "still here")
            #expect(report.conflicts == [.editBeatsRemoval(entry: "web/a")])
            #expect(result.state.deleted.map(\.name) == ["web/b"], "the entry that stays has no tombstone")
        }
    }

    @Test("two new entries of the same name both stay: the later is renamed NAME (2)")
    func sameNameAdds() throws {
        let base = try base()
        var laptop = Machine(base, device: "aaaaaaaaaaaaaaaa"), desktop = Machine(base, device: "bbbbbbbbbbbbbbbb")
        try laptop.change(at: 1_700_000_100) { try $0.put(Entry(name: "web/new", password: "from-laptop", created: Self.created)) }
        try desktop.change(at: 1_700_000_200) { try $0.put(Entry(name: "web/new", password: "from-desktop", created: Self.created)) }
        let (result, report) = VaultMerge.merge(base: base, ours: laptop.copy, theirs: desktop.copy)
        let byName = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.name, $0.password ?? "") })
        #expect(byName["web/new"] == "from-laptop" && byName["web/new (2)"] == "from-desktop")
        #expect(report.conflicts == [.sameName(name: "web/new", renamedTo: "web/new (2)")])
    }

    @Test("entries of a file older than ids are matched by their derived ids, so a base without ids merges")
    func legacyBase() throws {
        // An entry line as a version 3 file holds it: no id, no stamps.
        var line = Array(#"{"name":"old","created":"2023-11-14T22:13:20Z","password":"o-1"}"#.utf8 + [0x0A])
        let legacy = try Machine.copy(of: try EntryTable(content: try SecureBytes(consuming: &line)))
        #expect(legacy.entries.map(\.id) == [Entry.legacyID(name: "old", created: Self.created)])
        var laptop = Machine(legacy, device: "aaaaaaaaaaaaaaaa"), desktop = Machine(legacy, device: "bbbbbbbbbbbbbbbb")
        try laptop.change(at: 1_700_000_100) { try edit("old", in: $0) { $0.username = "u" } }
        try desktop.change(at: 1_700_000_200) { try edit("old", in: $0) { $0.notes = "n" } }
        let (result, report) = VaultMerge.merge(base: legacy, ours: laptop.copy, theirs: desktop.copy)
        #expect(result.entries.count == 1 && result.entries[0].username == "u" && result.entries[0].notes == "n" && report.conflicts.isEmpty)
    }

    @Test("a HOTP used on both machines takes the counter that went further, without a conflict or a copy of the secret")
    func hotpCounters() throws {
        let uri = { (counter: Int) in "otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&counter=\(counter)" }
        var maker = Machine(VaultMerge.Copy(entries: [], state: VaultState()), device: "cccccccccccccccc")
        try maker.change(at: 1_700_000_000) { try $0.put(Entry(name: "otp", password: "p", created: Self.created, otp: uri(3))) }
        let base = maker.copy
        var laptop = Machine(base, device: "aaaaaaaaaaaaaaaa"), desktop = Machine(base, device: "bbbbbbbbbbbbbbbb")
        try laptop.change(at: 1_700_000_100) { try edit("otp", in: $0) { $0.otp = uri(5) } }
        try desktop.change(at: 1_700_000_200) { try edit("otp", in: $0) { $0.otp = uri(4) } }
        for (ours, theirs) in [(laptop.copy, desktop.copy), (desktop.copy, laptop.copy)] {
            let (result, report) = VaultMerge.merge(base: base, ours: ours, theirs: theirs)
            #expect(result.entries[0].otp == uri(5) && result.entries[0].fields.isEmpty && report.conflicts.isEmpty)
        }
    }

    @Test("an entry older than stamps, edited in one part, keeps its other parts' old times, so a newer change elsewhere still wins")
    func partsOfOldEntriesKeepTheirTimes() throws {
        let old = Entry(name: "old", password: "old-pw", created: Self.created, id: Entry.legacyID(name: "old", created: Self.created))
        let legacy = VaultMerge.Copy(entries: [old], state: VaultState())
        var laptop = Machine(legacy, device: "aaaaaaaaaaaaaaaa"), desktop = Machine(legacy, device: "bbbbbbbbbbbbbbbb")
        try desktop.change(at: 1_700_000_100) { try edit("old", in: $0) { $0.password = "desktop-pw"; $0.modified = Date(timeIntervalSince1970: 1_700_000_100) } }
        try laptop.change(at: 1_700_000_200) { try edit("old", in: $0) { $0.username = "u"; $0.modified = Date(timeIntervalSince1970: 1_700_000_200) } }
        let laptopEntry = try #require(laptop.copy.entries.first)
        #expect(laptopEntry.clocks["password"] == Stamp(legacy: Self.created), "the untouched part keeps its old time")
        // Without the ancestor, stamps alone decide: the desktop's password is the later change.
        let (result, _) = VaultMerge.merge(base: nil, ours: laptop.copy, theirs: desktop.copy)
        #expect(result.entries[0].password == "desktop-pw" && result.entries[0].username == "u")
    }

    @Test("stamps of dates before 1970 or past 9999 stay within what a stamp can hold, and the counter never passes its largest value")
    func stampRanges() {
        #expect(Stamp(legacy: Date(timeIntervalSince1970: -1_000_000)) == Stamp(milliseconds: 0, device: ""))
        #expect(Stamp(legacy: Date(timeIntervalSince1970: 1e15)).milliseconds == 253_402_300_799_999 && Stamp("253402300799999-0-") != nil)
        #expect(Stamp(Stamp(legacy: Date(timeIntervalSince1970: 1e15)).description) != nil)
        var clock = HybridClock(device: "aaaaaaaaaaaaaaaa", latest: Stamp(milliseconds: 5_000, counter: Stamp.largestCounter, device: "bbbbbbbbbbbbbbbb"))
        let next = clock.next(at: Date(timeIntervalSince1970: 1))
        #expect(next == Stamp(milliseconds: 5_001, device: "aaaaaaaaaaaaaaaa") && Stamp(next.description) == next)
        #expect(Stamp("5-2147483648-") == nil && Stamp("253402300800000-0-") == nil)
    }

    @Test("the header of the copy whose keys were made later is the one the result is written under")
    func newerKeys() {
        let early = Stamp(milliseconds: 1, device: "aaaaaaaaaaaaaaaa"), late = Stamp(milliseconds: 2, device: "bbbbbbbbbbbbbbbb")
        #expect(VaultMerge.newerKeys(ours: VaultState(keys: early), theirs: VaultState(keys: late)) == .theirs)
        #expect(VaultMerge.newerKeys(ours: VaultState(keys: late), theirs: VaultState(keys: early)) == .ours)
        #expect(VaultMerge.newerKeys(ours: VaultState(), theirs: VaultState(keys: early)) == .theirs)
        #expect(VaultMerge.newerKeys(ours: VaultState(), theirs: VaultState()) == .ours)
    }

    // MARK: Laws, over random edit scripts

    private enum Step: CaseIterable { case username, password, notes, addField, removeField, attach, detach, rename, remove, add }

    /// Applies a random script of `count` steps to `machine`, starting at `start`.
    private func script(_ machine: inout Machine, steps count: Int, start: Double, random: inout SeededRandom) throws {
        let device = machine.device
        for index in 0..<count {
            let time = start + Double(index) * Double(Int.random(in: 1...3, using: &random))
            try machine.change(at: time) { table in
                let names = table.names
                let step = Step.allCases.randomElement(using: &random)!
                let token = "\(device.prefix(1))\(index)"
                guard let name = names.randomElement(using: &random), step != .add else {
                    let newName = "n/\(Int.random(in: 0..<6, using: &random))"
                    if !table.contains(newName) { try table.put(Entry(name: newName, password: "p-\(token)", created: Self.created)) }
                    return
                }
                switch step {
                case .username: try edit(name, in: table) { $0.username = "u-\(token)" }
                case .password: try edit(name, in: table) { $0.changePassword(to: "p-\(token)", at: Date(timeIntervalSince1970: time)) }
                case .notes: try edit(name, in: table) { $0.notes = Bool.random(using: &random) ? nil : "n-\(token)" }
                case .addField: try edit(name, in: table) { $0.setField(CustomField(name: "f\(Int.random(in: 0..<3, using: &random))", value: token, secret: Bool.random(using: &random))) }
                case .removeField: try edit(name, in: table) { entry in if let field = entry.fields.randomElement(using: &random) { entry.fields.removeAll { $0.name == field.name } } }
                case .attach:
                    let digit = Character(String(Int.random(in: 0...9, using: &random)))
                    try edit(name, in: table) { $0.setAttachment(attachment("a\(Int.random(in: 0..<3, using: &random)).bin", digit, at: time)) }
                case .detach: try edit(name, in: table) { entry in if let file = entry.attachments.randomElement(using: &random) { entry.attachments.removeAll { $0.name == file.name } } }
                case .rename:
                    let target = "r/\(Int.random(in: 0..<6, using: &random))"
                    guard !table.contains(target), var entry = try table.entry(named: name) else { return }
                    try table.remove(named: name)
                    entry.name = target
                    try table.put(entry)
                case .remove: try table.remove(named: name)
                case .add: break
                }
            }
        }
    }

    @Test("a merged entry renamed NAME (2) where an entry both copies share has that name: the next number, by the whole merge")
    func renamedOntoSharedName() throws {
        var maker = Machine(try base(), device: "cccccccccccccccc")
        try maker.change(at: 1_700_000_100) { try $0.put(Entry(name: "web/c (2)", password: "kept", created: Self.created)) }
        var ours = Machine(maker.copy, device: "aaaaaaaaaaaaaaaa"), theirs = Machine(maker.copy, device: "bbbbbbbbbbbbbbbb")
        try ours.change(at: 1_700_000_200) { try $0.put(Entry(name: "web/c", password: "ours", created: Self.created)) }
        try theirs.change(at: 1_700_000_300) { try $0.put(Entry(name: "web/c", password: "theirs", created: Self.created)) }
        let merged = try VaultFileMerge.merge(base: Machine.table(maker.copy), ours: Machine.table(ours.copy), theirs: Machine.table(theirs.copy))
        let entries = try Machine.copy(of: merged.table).entries
        #expect(entries.map(\.name) == ["web/a", "web/b", "web/c", "web/c (2)", "web/c (3)"])
        #expect(entries.map(\.password) == ["a-1", "b-1", "ours", "kept", "theirs"])
        #expect(merged.report.conflicts == [.sameName(name: "web/c", renamedTo: "web/c (3)")])
    }

    @Test("merge laws hold over 300 seeded random edit scripts", arguments: 0..<300)
    func laws(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        var origin = Machine(VaultMerge.Copy(entries: [], state: VaultState()), device: "cccccccccccccccc")
        try script(&origin, steps: 6, start: 1_700_000_000, random: &random)
        let base = origin.copy
        var ours = Machine(base, device: "aaaaaaaaaaaaaaaa"), theirs = Machine(base, device: "bbbbbbbbbbbbbbbb")
        try script(&ours, steps: Int.random(in: 0...5, using: &random), start: 1_700_001_000, random: &random)
        try script(&theirs, steps: Int.random(in: 0...5, using: &random), start: 1_700_001_000 + Double(Int.random(in: -4...4, using: &random)), random: &random)

        let (result, report) = VaultMerge.merge(base: base, ours: ours.copy, theirs: theirs.copy)
        // The merge of vault files, which decodes only what the copies do not share, gives the same.
        let tables = try VaultFileMerge.merge(base: Machine.table(base), ours: Machine.table(ours.copy), theirs: Machine.table(theirs.copy))
        let fromTables = try Machine.copy(of: tables.table)
        #expect(fromTables.entries == result.entries && fromTables.state == result.state && tables.report == report, "seed \(seed)")
        // Names are unique, and the result is the same whichever side merges.
        #expect(Set(result.entries.map(\.name)).count == result.entries.count, "seed \(seed)")
        let (swapped, _) = VaultMerge.merge(base: base, ours: theirs.copy, theirs: ours.copy)
        #expect(values(swapped) == values(result), "seed \(seed): the result depends on who merges")
        // A copy merged with itself is itself; a side that changed nothing takes the other's copy.
        #expect(values(VaultMerge.merge(base: base, ours: ours.copy, theirs: ours.copy).result) == values(ours.copy), "seed \(seed)")
        #expect(values(VaultMerge.merge(base: base, ours: base, theirs: theirs.copy).result) == values(theirs.copy), "seed \(seed)")

        let baseByID = Dictionary(uniqueKeysWithValues: base.entries.map { ($0.id, $0) })
        let resultByID = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.id, $0) })
        for (side, other) in [(ours.copy, theirs.copy), (theirs.copy, ours.copy)] {
            let otherByID = Dictionary(uniqueKeysWithValues: other.entries.map { ($0.id, $0) })
            for entry in side.entries {
                let original = baseByID[entry.id]
                // Nothing is lost that was not removed on one side and left alone on this one.
                let removedThere = otherByID[entry.id] == nil && original != nil
                let untouchedHere = original.map { original in EntryPart.all(original, entry).allSatisfy { entry.stamp(of: $0) == original.stamp(of: $0) } } ?? false
                guard let merged = resultByID[entry.id] else {
                    #expect(removedThere && untouchedHere, "seed \(seed): \(entry.name) was lost")
                    continue
                }
                // Every password either side had is the result's or in its history.
                if let password = entry.password {
                    #expect(merged.password == password || merged.history.contains { $0.password == password }, "seed \(seed): a password of \(entry.name) was lost")
                }
                // A part changed on this side only comes through (the other side left it alone:
                // the base's value and stamp, not a value changed and changed back).
                guard let original, let there = otherByID[entry.id] else { continue }
                for part in EntryPart.all(original, entry) where part != "name" {
                    let mine = EntryPart.value(of: part, in: entry)
                    let leftAlone = EntryPart.value(of: part, in: there) == EntryPart.value(of: part, in: original)
                        && (there.clocks[part] ?? original.stamp(of: part)) == original.stamp(of: part)
                    if mine != EntryPart.value(of: part, in: original) && leftAlone {
                        #expect(EntryPart.value(of: part, in: merged) == mine, "seed \(seed): \(part) of \(entry.name)")
                    }
                }
            }
        }
        // Every entry the result has that our side lacks is reported as coming in.
        let ourIDs = Set(ours.copy.entries.map(\.id))
        #expect(Set(report.added) == Set(result.entries.filter { !ourIDs.contains($0.id) }.map(\.name)), "seed \(seed)")
    }
}
