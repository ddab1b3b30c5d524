import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// The merge of version 5 copies under one data key that decrypts only the entries whose
/// records differ (`VaultFileMerge.mergeInPart`): it writes what the merge of the copies
/// opened whole writes (entries, state, report), copies every record both sides share byte for
/// byte, and leaves to the whole merge what it cannot do (a merged entry in the slot of one it
/// copies, copies under other keys).
@Suite("Merging vault files in part")
struct VaultFileMergeInPartTests {
    private func unlocker() -> Unlocker {
        Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: NoKeyCache())
    }

    private var keys: VaultFileMerge.Keys { VaultFileMerge.Keys(ours: unlocker(), otherPassword: nil) }
    private let date = Date(timeIntervalSince1970: 1_700_000_000)

    /// The ancestor (`count` entries, and `extra`), then our copy and theirs, each changed by
    /// its `change`, as files' bytes.
    private func copies(
        count: Int, extra: [String] = [], ours: (EntryTable) throws -> Void, theirs: (EntryTable) throws -> Void
    ) throws -> (base: [UInt8], ours: [UInt8], theirs: [UInt8]) {
        let folder = try TemporaryFolder()
        let path = folder.path + "/vault.json"
        let store = VaultStore(path: path, origin: .ephemeral())
        var password = Array("one".utf8)
        try store.create(password: try SecureBytes(consuming: &password), kdf: .minimum, cipher: .xchacha20poly1305)
        try store.mutate(using: unlocker()) { table in
            for index in 0..<count { try table.put(Entry(name: "site/\(index)", username: "u\(index)", password: "p\(index)", created: date)) }
            for name in extra { try table.put(Entry(name: name, password: "extra", created: date)) }
        }
        let base = try AtomicFile.read(path)
        try store.mutate(using: unlocker(), ours)
        let mine = try AtomicFile.read(path)
        try base.withUnsafeBytes { try AtomicFile.write($0, to: path) }
        try store.mutate(using: unlocker(), theirs)
        return (base, mine, try AtomicFile.read(path))
    }

    /// The entries and state of a merged file.
    private func opened(_ bytes: [UInt8]) throws -> (entries: [Entry], state: VaultState) {
        let envelope = try Envelope.parse(bytes)
        let table = try envelope.openTable(dataKey: try unlocker().keys(for: envelope, label: "vault key", cacheGuard: NoCacheUpdates()).dataKey)
        return (try table.allEntries(), table.state)
    }

    private func recordLines(_ bytes: [UInt8]) throws -> Set<[UInt8]> {
        guard case .entries(let body) = try Envelope.parse(bytes).body else { throw FormatError.corrupt("not version 5") }
        return Set(body.records.map(\.text))
    }

    private func edit(_ table: EntryTable, _ name: String, _ change: (inout Entry) -> Void) throws {
        guard var entry = try table.entry(named: name) else { return }
        change(&entry)
        try table.put(entry)
    }

    @Test("edits, additions, removals, renames and conflicts on both sides: the same result as the whole merge, shared records copied",
          arguments: [true, false])
    func sameAsTheWholeMerge(withAncestor: Bool) throws {
        let (base, ours, theirs) = try copies(count: 300, ours: { table in
            try self.edit(table, "site/3") { $0.password = "ours" }
            try self.edit(table, "site/10") { $0.username = "ours" }
            try table.put(Entry(name: "ours/new", password: "o", created: self.date))
            try table.put(Entry(name: "both/new", password: "o", created: self.date))
            _ = try table.remove(named: "site/5")
            guard var moved = try table.entry(named: "site/7") else { return }
            _ = try table.remove(named: "site/7")
            moved.name = "site/7-moved"
            try table.put(moved)
        }, theirs: { table in
            try self.edit(table, "site/3") { $0.username = "theirs" }
            try self.edit(table, "site/10") { $0.username = "theirs" }
            try table.put(Entry(name: "theirs/new", password: "t", created: self.date))
            try table.put(Entry(name: "both/new", password: "t", created: self.date))
            _ = try table.remove(named: "site/6")
            try self.edit(table, "site/5") { $0.password = "theirs" }
        })
        // Without an ancestor (git gives an empty file), the merge goes by stamps alone.
        let ancestor = withAncestor ? base : []
        do {
            let inPart = try #require(try VaultFileMerge.mergeInPart(base: ancestor, ours: ours, theirs: theirs, keys: keys))
            let whole = try VaultFileMerge.merge(try VaultFileMerge.open(base: ancestor, ours: ours, theirs: theirs, keys: keys))
            #expect(inPart.report == whole.report)
            #expect(!inPart.report.conflicts.isEmpty)
            let (entries, state) = try opened(inPart.bytes)
            let expected = try opened(whole.bytes)
            #expect(entries == expected.entries)
            #expect(state == expected.state)
            #expect(inPart.tookTheirKeys == whole.tookTheirKeys)
            // Every record both copies share is in the result as it was.
            let shared = try recordLines(ours).intersection(try recordLines(theirs))
            #expect(shared.count >= 290)
            #expect(try recordLines(inPart.bytes).isSuperset(of: shared))
        }
    }

    @Test("a merged entry renamed into the slot of an entry it copies is left to the whole merge, which numbers it past that one")
    func aRenameIntoACopiedSlotIsMergedWhole() throws {
        let (base, ours, theirs) = try copies(count: 40, extra: ["twin (2)"], ours: { table in
            try table.put(Entry(name: "twin", password: "o", created: self.date))
        }, theirs: { table in
            try table.put(Entry(name: "twin", password: "t", created: self.date))
        })
        #expect(try VaultFileMerge.mergeInPart(base: base, ours: ours, theirs: theirs, keys: keys) == nil)
        let merged = try VaultFileMerge.merge(base: base, ours: ours, theirs: theirs, keys: keys)
        let names = try opened(merged.bytes).entries.map(\.name)
        #expect(names.contains("twin") && names.contains("twin (2)") && names.contains("twin (3)"))
    }

    /// The merge in part and the whole merge of the same copies, compared.
    private func expectSameAsTheWholeMerge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) throws -> MergeReport {
        let inPart = try #require(try VaultFileMerge.mergeInPart(base: base, ours: ours, theirs: theirs, keys: keys))
        let whole = try VaultFileMerge.merge(try VaultFileMerge.open(base: base, ours: ours, theirs: theirs, keys: keys))
        #expect(inPart.report == whole.report)
        let (entries, state) = try opened(inPart.bytes)
        let expected = try opened(whole.bytes)
        #expect(entries == expected.entries && state == expected.state)
        return inPart.report
    }

    @Test("an entry renamed on one side and removed later on the other finds its ancestor in its old slot: the rename beats the removal",
          arguments: [true, false])
    func aRenameBeatsALaterRemoval(renamedByUs: Bool) throws {
        let rename = { (table: EntryTable) in
            guard var entry = try table.entry(named: "site/8") else { return }
            _ = try table.remove(named: "site/8")
            entry.name = "site/8-moved"
            try table.put(entry)
        }
        let remove = { (table: EntryTable) in _ = try table.remove(named: "site/8") }
        // Our copy is changed first, theirs later: the removal comes after the rename on its side.
        let (base, ours, theirs) = try copies(count: 50, ours: renamedByUs ? rename : remove, theirs: renamedByUs ? remove : rename)
        let report = try expectSameAsTheWholeMerge(base: base, ours: ours, theirs: theirs)
        #expect(report.conflicts == [.editBeatsRemoval(entry: "site/8-moved")] || !renamedByUs)
        #expect(try opened(try VaultFileMerge.merge(base: base, ours: ours, theirs: theirs, keys: keys).bytes).entries.contains { $0.name == "site/8-moved" })
    }

    @Test("an entry renamed differently on both sides, and edited on one, merges against its ancestor as the whole merge does")
    func renamedOnBothSides() throws {
        let (base, ours, theirs) = try copies(count: 50, ours: { table in
            guard var entry = try table.entry(named: "site/9") else { return }
            _ = try table.remove(named: "site/9")
            entry.name = "ours/9"
            entry.password = "changed by us"
            try table.put(entry)
        }, theirs: { table in
            guard var entry = try table.entry(named: "site/9") else { return }
            _ = try table.remove(named: "site/9")
            entry.name = "theirs/9"
            try table.put(entry)
        })
        let report = try expectSameAsTheWholeMerge(base: base, ours: ours, theirs: theirs)
        // Only the name was changed on both sides: the password is ours, with no conflict.
        #expect(report.conflicts.allSatisfy { if case .bothChanged(_, let part, _) = $0 { part == "name" } else { false } })
    }

    @Test("a merged entry renamed into a slot neither copy has is merged in part, its page digested anew")
    func aRenameIntoAFreeSlotIsMergedInPart() throws {
        let (base, ours, theirs) = try copies(count: 200, ours: { table in
            try table.put(Entry(name: "twin", password: "o", created: self.date))
        }, theirs: { table in
            try table.put(Entry(name: "twin", password: "t", created: self.date))
        })
        let inPart = try #require(try VaultFileMerge.mergeInPart(base: base, ours: ours, theirs: theirs, keys: keys))
        let whole = try VaultFileMerge.merge(try VaultFileMerge.open(base: base, ours: ours, theirs: theirs, keys: keys))
        #expect(inPart.report == whole.report && inPart.report.conflicts.count == 1)
        #expect(try opened(inPart.bytes).entries == (try opened(whole.bytes).entries))
    }

    @Test("copies under another data key (a rekey on one side) are left to the whole merge")
    func otherKeysAreMergedWhole() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/vault.json"
        let store = VaultStore(path: path, origin: .ephemeral())
        var password = Array("one".utf8)
        try store.create(password: try SecureBytes(consuming: &password), kdf: .minimum, cipher: .xchacha20poly1305)
        try store.mutate(using: unlocker()) { try $0.put(Entry(name: "a", password: "x", created: self.date)) }
        let ours = try AtomicFile.read(path)
        try store.rotateKeys(using: unlocker(), newPassword: nil)
        let theirs = try AtomicFile.read(path)
        #expect(try VaultFileMerge.mergeInPart(base: ours, ours: ours, theirs: theirs, keys: keys) == nil)
        #expect(try VaultFileMerge.merge(base: ours, ours: ours, theirs: theirs, keys: keys).tookTheirKeys)
    }
}
