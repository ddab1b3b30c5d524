import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// Two copies of a team vault merged (`VaultFileMerge`), made with the store as each member's
/// commands make them: members added on both sides are kept and get the key; a removal seals
/// the result under the remover's key, which the removed member cannot open; and from a copy
/// made before the removal (which the removed member could still write) only what the members
/// who stay signed is taken, the rest undone and named.
@Suite("Team vaults merged")
struct TeamMergeTests {
    /// A person: their identities (the first made first), and an unlocker that opens team
    /// vaults with them.
    struct Person {
        let name: String
        let identities: [MemberIdentity]
        var identity: MemberIdentity { identities[0] }
        var unlocker: Unlocker {
            let unlocker = Unlocker(passwordSource: FixedPassword(text: "not used"), keyCache: NoKeyCache())
            unlocker.teamIdentities = { [identities] in identities }
            return unlocker
        }

        init(_ name: String) throws {
            self.name = name
            identities = [try #require(try IdentitySecret.generate(created: Stamp(milliseconds: 1, device: "3f9c0a1b2c3d4e5f")).identity())]
        }

        init(_ name: String, identities: [MemberIdentity]) {
            self.name = name
            self.identities = identities
        }
    }

    /// A team vault file: alice founds it and lets bob and carol in, and adds `db/prod` and
    /// `web/shared`. Returns the store of the file and the people.
    private func sharedVault(in folder: TemporaryFolder) throws -> (store: VaultStore, alice: Person, bob: Person, carol: Person) {
        let (alice, bob, carol) = (try Person("alice"), try Person("bob"), try Person("carol"))
        let store = VaultStore(path: folder.path + "/team.json", origin: .ephemeral())
        let id = Entry.newID()
        let log = try TeamLog.founding(team: "ops", founder: "alice", identity: alice.identity, vaultID: id, at: Stamp(milliseconds: 1, device: "3f9c0a1b2c3d4e5f"))
        try store.createTeam(log, id: id, cipher: .xchacha20poly1305, founder: alice.identity)
        try store.addMember("bob", identity: bob.identity.publicIdentity, using: alice.unlocker)
        try store.addMember("carol", identity: carol.identity.publicIdentity, using: alice.unlocker)
        try put(["db/prod", "web/shared"], in: store, by: alice)
        return (store, alice, bob, carol)
    }

    /// Adds (or changes) the entries `names` as `person`, each with the password `NAME by PERSON`.
    private func put(_ names: [String], in store: VaultStore, by person: Person) throws {
        try store.mutate(using: person.unlocker) { table in
            for name in names {
                var entry = try table.entry(named: name) ?? Entry(name: name, created: Date().toTheSecond)
                entry.password = "\(name) by \(person.name)"
                try table.put(entry)
            }
        }
    }

    /// The file of `store` now, and the file after `change` (the store's file is then put back).
    private func fork(_ store: VaultStore, _ change: () throws -> Void) throws -> (before: [UInt8], after: [UInt8]) {
        let before = try AtomicFile.read(store.path)
        try change()
        let after = try AtomicFile.read(store.path)
        try before.withUnsafeBytes { try AtomicFile.write($0, to: store.path) }
        return (before, after)
    }

    private func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], as person: Person) throws -> VaultFileMerge.Merged {
        try VaultFileMerge.merge(base: base, ours: ours, theirs: theirs, keys: VaultFileMerge.Keys(ours: person.unlocker, otherPassword: nil))
    }

    /// The entries of a merged file, opened as `person`: name to password.
    private func passwords(_ merged: VaultFileMerge.Merged, as person: Person) throws -> [String: String] {
        let opened = try VaultFileMerge.open(merged.bytes, using: person.unlocker)
        return Dictionary(uniqueKeysWithValues: try opened.table.allEntries().map { ($0.name, $0.password ?? "") })
    }

    @Test("members added on both sides are kept, and each new member opens the result")
    func addsOnBothSides() throws {
        let folder = try TemporaryFolder()
        let (store, alice, bob, _) = try sharedVault(in: folder)
        let (dave, erin) = (try Person("dave"), try Person("erin"))
        let (base, ours) = try fork(store) { try store.addMember("dave", identity: dave.identity.publicIdentity, using: alice.unlocker) }
        let (_, theirs) = try fork(store) { try store.addMember("erin", identity: erin.identity.publicIdentity, using: bob.unlocker) }
        let merged = try merge(base: base, ours: ours, theirs: theirs, as: alice)
        #expect(merged.report.members == ["bob added erin"])
        #expect(merged.envelope.members?.count == 5)
        for person in [alice, bob, dave, erin] { #expect(try passwords(merged, as: person)["db/prod"] == "db/prod by alice") }
    }

    @Test("a removal on one side: the result is under the remover's key, the removed member opens it no more, and only what the members who stay signed comes from the other copy")
    func removalAgainstAForkOfTheRemovedMember() throws {
        let folder = try TemporaryFolder()
        let (store, alice, bob, carol) = try sharedVault(in: folder)
        let (base, removed) = try fork(store) { _ = try store.removeMember("bob", using: alice.unlocker) }
        // On the copy from before the removal, carol changes web/shared and adds web/carol; bob
        // changes db/prod and adds web/evil: every change of his is undone.
        let (_, older) = try fork(store) {
            try put(["web/shared", "web/carol"], in: store, by: carol)
            try put(["db/prod", "web/evil"], in: store, by: bob)
        }
        for (ours, theirs, person) in [(removed, older, alice), (older, removed, carol)] {
            let merged = try merge(base: base, ours: ours, theirs: theirs, as: person)
            #expect(merged.report.beforeRemoval == MergeReport.BeforeRemoval(removals: ["alice removed bob"], undone: ["db/prod", "web/evil"]))
            let entries = try passwords(merged, as: alice)
            #expect(entries == ["db/prod": "db/prod by alice", "web/shared": "web/shared by carol", "web/carol": "web/carol by carol"])
            #expect(throws: VaultOpenError.notATeamMember) { try VaultFileMerge.open(merged.bytes, using: bob.unlocker) }
            #expect(try VaultFileMerge.open(merged.bytes, using: carol.unlocker).table.state.team?.state.members.map(\.name) == ["alice", "carol"])
        }
    }

    @Test("an entry the removed member removed on the copy from before comes back; one a member who stays removed goes")
    func removalsOnTheCopyFromBefore() throws {
        let folder = try TemporaryFolder()
        let (store, alice, bob, carol) = try sharedVault(in: folder)
        let (base, removed) = try fork(store) { _ = try store.removeMember("bob", using: alice.unlocker) }
        let (_, byBob) = try fork(store) { _ = try store.mutate(using: bob.unlocker) { try $0.remove(named: "db/prod") } }
        let fromBob = try merge(base: base, ours: removed, theirs: byBob, as: alice)
        #expect(fromBob.report.beforeRemoval?.undone == ["db/prod"])
        #expect(try passwords(fromBob, as: alice)["db/prod"] == "db/prod by alice")
        let (_, byCarol) = try fork(store) { _ = try store.mutate(using: carol.unlocker) { try $0.remove(named: "db/prod") } }
        let fromCarol = try merge(base: base, ours: removed, theirs: byCarol, as: alice)
        #expect(fromCarol.report.beforeRemoval?.undone == [])
        #expect(try passwords(fromCarol, as: alice)["db/prod"] == nil)
    }

    @Test("a member who merged the removed member's copy before knowing of the removal does not sign his entries as theirs: the merge that meets the removal still undoes them")
    func aLaggingMembersMergeKeepsWhoWroteWhat() throws {
        let folder = try TemporaryFolder()
        let (store, alice, bob, carol) = try sharedVault(in: folder)
        let (base, removed) = try fork(store) { _ = try store.removeMember("bob", using: alice.unlocker) }
        let (_, bobsFork) = try fork(store) { try put(["web/evil"], in: store, by: bob) }
        let (_, carolsCopy) = try fork(store) { try put(["web/carol"], in: store, by: carol) }
        let lagging = try merge(base: base, ours: carolsCopy, theirs: bobsFork, as: carol)
        #expect(try passwords(lagging, as: carol)["web/evil"] == "web/evil by bob")
        let merged = try merge(base: base, ours: removed, theirs: lagging.bytes, as: alice)
        #expect(merged.report.beforeRemoval?.undone == ["web/evil"])
        #expect(try passwords(merged, as: alice) == ["db/prod": "db/prod by alice", "web/shared": "web/shared by alice", "web/carol": "web/carol by carol"])
    }

    @Test("an entry of the removed member's written in another order of its JSON (which a merge writes back canonically) keeps his signature through a lagging member's merge, and is undone by the merge that meets the removal")
    func anEntryInAnotherOrderKeepsItsAuthor() throws {
        let folder = try TemporaryFolder()
        let (store, alice, bob, carol) = try sharedVault(in: folder)
        let (base, removed) = try fork(store) { _ = try store.removeMember("bob", using: alice.unlocker) }
        let (_, carolsCopy) = try fork(store) { try put(["web/carol"], in: store, by: carol) }
        // bob's fork: his new entry's line with its members (but the name) in reverse order, sealed by him.
        let opened = try VaultFileMerge.open(base, using: bob.unlocker)
        try opened.table.beginChange(origin: .ephemeral())
        try opened.table.put(Entry(name: "web/evil", password: "web/evil by bob", created: Date().toTheSecond))
        let text = String(decoding: try opened.table.serialized().withUnsafeBytes { Array($0) }, as: UTF8.self)
        let lines = try text.split(separator: "\n").map { line -> String in
            guard line.contains("web/evil") else { return String(line) }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            // The name first, as a line must start; the other members in reverse order.
            let reordered = try (["name"] + object.keys.filter { $0 != "name" }.sorted(by: >)).map { key in
                let value = String(decoding: try JSONSerialization.data(withJSONObject: object[key]!, options: [.fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)
                return "\"\(key)\":\(value)"
            }
            return "{" + reordered.joined(separator: ",") + "}"
        }
        var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let forked = try EntryTable(content: try SecureBytes(consuming: &bytes))
        forked.found(try #require(opened.table.state.team))
        forked.author = bob.identity
        var envelope = opened.envelope
        let dataKey = try envelope.prepareForWrite(keys: opened.keys)
        try envelope.sealEntries(forked, dataKey: dataKey)
        let bobsFork = envelope.render()
        #expect(try VaultFileMerge.open(bobsFork, using: carol.unlocker).table.entry(named: "web/evil")?.password == "web/evil by bob")

        let lagging = try merge(base: base, ours: carolsCopy, theirs: bobsFork, as: carol)
        let merged = try merge(base: base, ours: removed, theirs: lagging.bytes, as: alice)
        #expect(merged.report.beforeRemoval?.undone == ["web/evil"])
        #expect(try passwords(merged, as: alice)["web/evil"] == nil)
    }

    @Test("an older version a member signed, put back on the copy from before a removal, is undone: the merge keeps the version the base has")
    func anOlderSignedVersionPutBackIsUndone() throws {
        let folder = try TemporaryFolder()
        let (store, alice, _, _) = try sharedVault(in: folder)
        let older = try AtomicFile.read(store.path)
        try store.mutate(using: alice.unlocker) { table in
            var entry = try #require(try table.entry(named: "db/prod"))
            entry.password = "db/prod changed by alice"
            try table.put(entry)
        }
        let (base, removed) = try fork(store) { _ = try store.removeMember("bob", using: alice.unlocker) }
        let merged = try merge(base: base, ours: removed, theirs: older, as: alice)
        #expect(merged.report.beforeRemoval?.undone == ["db/prod"])
        #expect(try passwords(merged, as: alice)["db/prod"] == "db/prod changed by alice")
    }

    @Test("a removal put back from a copy made before an edit beat it removes nothing: the entry the base holds stays")
    func aRemovalPutBackFromBeforeAnEditRemovesNothing() throws {
        let folder = try TemporaryFolder()
        let (store, alice, _, carol) = try sharedVault(in: folder)
        let start = try AtomicFile.read(store.path)
        // carol changes web/shared while alice removes it, stamped after carol's change: the edit still beats it.
        let (_, changedByCarol) = try fork(store) { try put(["web/shared"], in: store, by: carol) }
        let (_, removedByAlice) = try fork(store) { _ = try store.mutate(using: alice.unlocker) { try $0.remove(named: "web/shared") } }
        let editBeatsRemoval = try merge(base: start, ours: changedByCarol, theirs: removedByAlice, as: carol)
        #expect(try passwords(editBeatsRemoval, as: carol)["web/shared"] == "web/shared by carol")
        try editBeatsRemoval.bytes.withUnsafeBytes { try AtomicFile.write($0, to: store.path) }
        let (base, removed) = try fork(store) { _ = try store.removeMember("bob", using: alice.unlocker) }
        // bob pushes alice's copy from before again: her signed tombstones hold web/shared.
        let merged = try merge(base: base, ours: removed, theirs: removedByAlice, as: alice)
        #expect(merged.report.beforeRemoval?.undone.contains("web/shared") == true)
        #expect(try passwords(merged, as: alice)["web/shared"] == "web/shared by carol")
    }

    @Test("a member re-added under a new identity on one side merges, and what the merge writes is signed with the identity the merged team holds")
    func aMemberReAddedUnderANewIdentity() throws {
        let folder = try TemporaryFolder()
        let (store, alice, bob, carol) = try sharedVault(in: folder)
        let newCarol = try Person("carol")
        let (base, readded) = try fork(store) {
            _ = try store.removeMember("carol", using: alice.unlocker)
            try store.addMember("carol", identity: newCarol.identity.publicIdentity, using: alice.unlocker)
            try put(["db/prod"], in: store, by: alice)
        }
        // bob, on the copy from before, changes another part of db/prod: the merge combines both.
        let (_, older) = try fork(store) {
            try store.mutate(using: bob.unlocker) { table in
                var entry = try #require(try table.entry(named: "db/prod"))
                entry.username = "bob"
                try table.put(entry)
            }
        }
        #expect(throws: MergeError.notAMemberOfTheirs) { try merge(base: base, ours: older, theirs: readded, as: carol) }
        let both = Person("carol", identities: [carol.identity, newCarol.identity])
        let merged = try merge(base: base, ours: older, theirs: readded, as: both)
        let opened = try VaultFileMerge.open(merged.bytes, using: newCarol.unlocker)
        let prod = try #require(try opened.table.entry(named: "db/prod"))
        #expect(prod.password == "db/prod by alice" && prod.username == "bob")
        let envelope = try Envelope.parse(merged.bytes)
        guard case .entries(let sealed) = envelope.body else { throw VaultOpenError.malformedPayload("not version 5's body") }
        let keys = try EntryKeys(dataKey: opened.keys.dataKey)
        let signers = try sealed.records.compactMap { record -> [PublicIdentity]? in
            let (line, authorship) = try envelope.authorship(of: record, keys: keys)
            guard String(decoding: line.withUnsafeBytes { Array($0) }, as: UTF8.self).contains("db/prod") else { return nil }
            let message = try line.withUnsafeBytes { try Authorship.entryMessage(line: $0, slot: record.slot, vaultID: envelope.id) }
            return [carol, newCarol].map(\.identity.publicIdentity).filter { authorship.isSigned(message, byOneOf: [$0], vaultID: envelope.id) }
        }
        #expect(signers == [[newCarol.identity.publicIdentity]])
    }

    @Test("removals on both sides are refused, and a copy that is not sealed for this person is refused as such")
    func refusals() throws {
        let folder = try TemporaryFolder()
        let (store, alice, bob, _) = try sharedVault(in: folder)
        let (base, withoutCarol) = try fork(store) { _ = try store.removeMember("carol", using: alice.unlocker) }
        let (_, withoutAlice) = try fork(store) { _ = try store.removeMember("alice", using: bob.unlocker) }
        #expect(throws: TeamLogError.removedOnBothSides("alice", "carol")) {
            try merge(base: base, ours: withoutCarol, theirs: withoutAlice, as: bob)
        }
        #expect(throws: MergeError.notAMemberOfTheirs) { try merge(base: base, ours: withoutCarol, theirs: withoutAlice, as: alice) }
    }
}
