import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// The checks a copy from the remote passes before `vault sync` takes it, on copies made as a
/// holder of the keys could make them (a remote without the keys can only replay old ones,
/// which the sync tests try): an entry gone without its tombstone, keys or a clock older than
/// the newest seen, a cheaper key derivation; and the record of the newest seen never going back.
@Suite("A copy from the remote judged by the vault's own history")
struct IncomingVaultTests {
    private static let day: Int64 = 86_400_000

    /// A vault with entries `a` and `b`, opened.
    private func ancestor() throws -> VaultFileMerge.Opened {
        let folder = try TemporaryFolder()
        let path = folder.path + "/vault.json"
        var password = Array("one".utf8)
        let store = VaultStore(path: path, origin: .ephemeral())
        try store.create(password: try SecureBytes(consuming: &password), kdf: .minimum, cipher: .xchacha20poly1305)
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: NoKeyCache())
        try store.mutate(using: unlocker) { table in
            for name in ["a", "b"] { try table.put(Entry(name: name, password: "pw-" + name, created: Date().toTheSecond)) }
        }
        return try VaultFileMerge.open(try AtomicFile.read(path), using: unlocker)
    }

    /// `copy` with only `entries` and `state`.
    private func copy(of copy: VaultFileMerge.Opened, entries: [Entry], state: VaultState) throws -> VaultFileMerge.Opened {
        VaultFileMerge.Opened(envelope: copy.envelope, keys: copy.keys, table: try EntryTable(entries: entries, state: state))
    }

    private func later(_ stamp: Stamp?, byDays days: Int64) -> Stamp {
        Stamp(milliseconds: (stamp?.milliseconds ?? 0) + days * Self.day, device: "0123456789abcdef")
    }

    @Test("an entry of the ancestor's in an older version in a newer copy is refused by name")
    func changesUndone() throws {
        let base = try ancestor()
        let entries = try base.table.allEntries()
        var state = base.table.state
        state.clock = later(state.clock, byDays: 1)
        var older = entries[1]
        older.clocks["username"] = Stamp(milliseconds: 0, device: "0123456789abcdef")
        #expect(throws: SyncError.changesUndone(names: ["b"])) {
            try IncomingVault(theirs: try copy(of: base, entries: [entries[0], older], state: state), ancestor: base, seen: nil, replacedKDF: nil)
                .check(acceptingWeakerKDF: false)
        }
        var newer = entries[1]
        newer.username = "changed"
        newer.clocks["username"] = later(state.clock, byDays: 0)
        try IncomingVault(theirs: try copy(of: base, entries: [entries[0], newer], state: state), ancestor: base, seen: nil, replacedKDF: nil)
            .check(acceptingWeakerKDF: false)
    }

    @Test("an entry of the ancestor's missing from a newer copy is refused by name, unless its tombstone is there or it holds nothing within the horizon")
    func entriesKept() throws {
        let base = try ancestor()
        let entries = try base.table.allEntries()
        let (a, b) = (entries[0], entries[1])
        var state = base.table.state
        state.clock = later(state.clock, byDays: 1)

        let dropped = try copy(of: base, entries: [a], state: state)
        #expect(throws: SyncError.entriesDropped(names: ["b"])) {
            try IncomingVault(theirs: dropped, ancestor: base, seen: nil, replacedKDF: nil).check(acceptingWeakerKDF: false)
        }
        #expect(SyncError.entriesDropped(names: ["b"]).message.contains("lacks 1 entry (b) with no record of its removal"))

        var buried = state
        buried.deleted = [Tombstone(id: b.id, name: "b", deleted: try #require(state.clock))]
        try IncomingVault(theirs: try copy(of: base, entries: [a], state: buried), ancestor: base, seen: nil, replacedKDF: nil)
            .check(acceptingWeakerKDF: false)

        // Everything b held is older than the horizon before the copy's clock: its tombstone
        // may have been dropped since, as writers drop them after 180 days.
        var aged = state
        aged.clock = later(b.clocks.values.max(), byDays: 181)
        try IncomingVault(theirs: try copy(of: base, entries: [a], state: aged), ancestor: base, seen: nil, replacedKDF: nil)
            .check(acceptingWeakerKDF: false)
        aged.clock = later(b.clocks.values.max(), byDays: 179)
        #expect(throws: SyncError.entriesDropped(names: ["b"])) {
            try IncomingVault(theirs: try copy(of: base, entries: [a], state: aged), ancestor: base, seen: nil, replacedKDF: nil)
                .check(acceptingWeakerKDF: false)
        }
    }

    @Test("keys or a clock older than the record or the ancestor is refused; equal ones, and any newer, are taken")
    func olderRefused() throws {
        let base = try ancestor()
        let entries = try base.table.allEntries()
        let state = base.table.state
        let clock = try #require(state.clock)
        let keys = later(clock, byDays: 0)

        func check(_ theirs: VaultState, seen: NewestSeen?, ancestor: VaultFileMerge.Opened? = nil) throws {
            try IncomingVault(theirs: try copy(of: base, entries: entries, state: theirs), ancestor: ancestor, seen: seen, replacedKDF: nil)
                .check(acceptingWeakerKDF: false)
        }
        #expect(throws: SyncError.olderVault(why: "its keys were made before the newest this machine has seen; taking it would undo a passwd or rekey")) {
            try check(VaultState(clock: later(clock, byDays: 2), keys: nil), seen: NewestSeen(clock: clock, keys: keys))
        }
        #expect(throws: SyncError.olderVault(why: "its keys were made before the newest this machine has seen; taking it would undo a passwd or rekey")) {
            try check(VaultState(clock: later(clock, byDays: 2), keys: clock), seen: NewestSeen(clock: nil, keys: later(clock, byDays: 1)))
        }
        #expect(throws: SyncError.olderVault(why: "its latest change is older than the newest copy this machine has seen; taking it would undo the changes made since")) {
            try check(VaultState(clock: clock, keys: keys), seen: NewestSeen(clock: later(clock, byDays: 1), keys: keys))
        }
        #expect(throws: SyncError.olderVault(why: "its latest change is older than the newest copy this machine has seen; taking it would undo the changes made since"),
                "the ancestor bounds it without a record") {
            try check(VaultState(clock: later(clock, byDays: -1), keys: state.keys), seen: nil, ancestor: base)
        }
        try check(VaultState(clock: clock, keys: keys), seen: NewestSeen(clock: clock, keys: keys))
        try check(VaultState(clock: later(clock, byDays: 1), keys: later(keys, byDays: 1)), seen: NewestSeen(clock: clock, keys: keys), ancestor: base)
        try check(VaultState(clock: nil), seen: nil)
    }

    /// A team's change log as alice founded it with bob (at stamps 1 and 2), and the same log
    /// after she removed him (at stamp 3).
    private func team() throws -> (founded: TeamLog, removed: TeamLog) {
        let id = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9"
        let alice = try #require(try IdentitySecret.generate(created: Stamp(milliseconds: 0, device: "")).identity())
        let bob = try #require(try IdentitySecret.generate(created: Stamp(milliseconds: 0, device: "")).identity())
        let founded = try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: id, at: Stamp(milliseconds: 1, device: ""))
            .adding("bob", identity: bob.publicIdentity, by: alice, vaultID: id, at: Stamp(milliseconds: 2, device: ""))
        return (founded, try founded.removing("bob", by: alice, vaultID: id, at: Stamp(milliseconds: 3, device: "")))
    }

    @Test("a team vault's copy whose change log of members lacks the changes seen is refused whatever its stamps; one that removed a member since is merged though its stamps are older, never taken as it is")
    func teamLogBoundsACopy() throws {
        let base = try ancestor()
        let entries = try base.table.allEntries()
        let clock = try #require(base.table.state.clock)
        let (founded, removed) = try team()
        func check(_ log: TeamLog?, clock theirs: Stamp, seen: NewestSeen, merged: Bool = false) throws {
            let state = VaultState(clock: theirs, keys: theirs, team: log)
            try IncomingVault(theirs: try copy(of: base, entries: entries, state: state), ancestor: nil, seen: seen, replacedKDF: nil, merged: merged)
                .check(acceptingWeakerKDF: false)
        }
        let lacking = SyncError.olderVault(why: "its list of members lacks changes this machine has seen (a member removed or let in since that copy was made, as in a removed member's copy); taking it would undo them")
        // bob's copy from before his removal, with stamps set past everything seen.
        #expect(throws: lacking) { try check(founded, clock: later(clock, byDays: 30), seen: NewestSeen(clock: clock, keys: clock, team: TeamPin(removed))) }
        #expect(throws: lacking, "a copy with no change log at all") {
            try check(nil, clock: later(clock, byDays: 30), seen: NewestSeen(clock: clock, keys: clock, team: TeamPin(founded)))
        }
        // The seen stamps were set on a removed member's fork this machine took before it knew
        // of the removal: the copy with the removal is merged with ours, not taken as it is
        // (which would undo what came since).
        let forged = NewestSeen(clock: later(clock, byDays: 30), keys: later(clock, byDays: 30), team: TeamPin(founded))
        try check(removed, clock: clock, seen: forged, merged: true)
        #expect(throws: SyncError.olderVault(why: "its keys were made before the newest this machine has seen; taking it would undo a passwd or rekey")) {
            try check(removed, clock: clock, seen: forged)
        }
        // With no removal since, the stamps bound it as for any vault.
        #expect(throws: SyncError.olderVault(why: "its keys were made before the newest this machine has seen; taking it would undo a passwd or rekey")) {
            try check(removed, clock: clock, seen: NewestSeen(clock: later(clock, byDays: 1), keys: later(clock, byDays: 1), team: TeamPin(removed)))
        }
        try check(removed, clock: later(clock, byDays: 1), seen: NewestSeen(clock: clock, keys: clock, team: TeamPin(removed)))
    }

    @Test("the record of a team vault keeps the heads of both logs noted, reads back, and a damaged list of heads is an error")
    func teamRecord() throws {
        let folder = try TemporaryFolder()
        let records = NewestSeen.Folder(stateHome: folder.path)
        let id = Entry.newID()
        let (founded, removed) = try team()
        let stamp = Stamp(milliseconds: 5, device: "")
        try records.note(NewestSeen(clock: stamp, keys: nil, team: TeamPin(removed)), vaultID: id)
        #expect(try records.record(vaultID: id) == NewestSeen(clock: stamp, keys: nil, team: TeamPin(removed)))
        // Noting an older log keeps the newer one's heads (a log holding the newer holds both).
        try records.note(NewestSeen(clock: nil, keys: nil, team: TeamPin(founded)), vaultID: id)
        let joined = try #require(try records.record(vaultID: id)?.team)
        #expect(removed.includes(joined))
        #expect(!founded.includes(joined))
        let path = folder.path + "/vault/seen/" + id
        try Data("{\"team\": [\"not a hash\"]}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SyncError.damagedRecord(path: path)) { try records.record(vaultID: id) }
    }

    @Test("a header that would lower the memory or the passes of the key derivation is refused unless accepted")
    func weakerKeyDerivation() throws {
        let base = try ancestor()
        let kdf = base.envelope.kdf
        for stronger in [KDFParameters(memoryKiB: kdf.memoryKiB * 2, iterations: kdf.iterations, parallelism: kdf.parallelism),
                         KDFParameters(memoryKiB: kdf.memoryKiB, iterations: kdf.iterations + 1, parallelism: kdf.parallelism)] {
            let incoming = IncomingVault(theirs: base, ancestor: nil, seen: nil, replacedKDF: stronger)
            #expect(throws: SyncError.weakerKeyDerivation(theirs: kdf, ours: stronger)) { try incoming.check(acceptingWeakerKDF: false) }
            try incoming.check(acceptingWeakerKDF: true)
        }
        let fewerLanes = KDFParameters(memoryKiB: kdf.memoryKiB, iterations: kdf.iterations, parallelism: kdf.parallelism + 1)
        try IncomingVault(theirs: base, ancestor: nil, seen: nil, replacedKDF: fewerLanes).check(acceptingWeakerKDF: false)
        #expect(SyncError.weakerKeyDerivation(theirs: .minimum, ours: .default).message
            .contains("less work (8 MiB, 1 pass) than this one (64 MiB, 3 passes)"))
    }

    @Test("the record of the newest copy seen keeps the later of each stamp, is its owner's alone, and a damaged one is an error")
    func record() throws {
        let folder = try TemporaryFolder()
        let records = NewestSeen.Folder(stateHome: folder.path)
        let id = Entry.newID()
        #expect(try records.record(vaultID: id) == nil)
        let (early, late) = (Stamp(milliseconds: 1, device: ""), Stamp(milliseconds: 2, device: ""))
        try records.note(NewestSeen(clock: late, keys: nil), vaultID: id)
        try records.note(NewestSeen(clock: early, keys: early), vaultID: id)
        #expect(try records.record(vaultID: id) == NewestSeen(clock: late, keys: early))
        let path = folder.path + "/vault/seen/" + id
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        try Data("{\"clock\": 5}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SyncError.damagedRecord(path: path)) { try records.record(vaultID: id) }
    }
}
