import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// Vault files written by every format version must stay readable by every later version.
struct FixtureTests {
    private func open(_ name: String, password: String = "fixture password v1") throws -> OpenVault {
        try VaultStore(path: Fixtures.path(name), origin: .ephemeral())
            .open(using: Unlocker(passwordSource: FixedPassword(text: password), keyCache: NoKeyCache()))
    }

    @Test(arguments: [1, 2]) func opensTheVault(version: Int) throws {
        let vault = try open("v\(version)/vault.json", password: "fixture password v\(version)")
        #expect(vault.envelope.version == version)
        #expect(vault.entries.names == ["bank/card", "café/ü \"quoted\" \\back", "web/github"])
        let expected = try EntryJSON.decoder().decode(
            ExportDocument.self, from: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("v\(version)/expected-export.json"))))
        #expect(try vault.entries.allEntries() == expected.entries.map(\.entry))
        let card = try #require(try vault.entries.entry(named: "bank/card"))
        #expect(card.password == "new-pin-pass")
        #expect(card.history.map(\.password) == ["old-pin"])
        #expect(card.field(named: "pin") == CustomField(name: "pin", value: "4711", secret: true))
    }

    @Test func opensTheVersion3VaultWithTypesAndOneTimePasswords() throws {
        let vault = try open("v3/vault.json", password: "fixture password v3")
        #expect(vault.envelope.version == 3)
        let expected = try EntryJSON.decoder().decode(
            ExportDocument.self, from: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("v3/expected-export.json"))))
        #expect(expected.version == 2)
        #expect(try vault.entries.allEntries() == expected.entries.map(\.entry))
        #expect(try vault.entries.entry(named: "card/visa")?.type == .card)
        #expect(try vault.entries.entry(named: "web/github")?.type == .login)
        let totp = try #require(try vault.entries.entry(named: "web/totp")?.oneTimePassword())
        #expect(totp.code(at: Date(timeIntervalSince1970: 59))?.code == "46119246")
        let hotp = try #require(try vault.entries.entry(named: "web/hotp")?.oneTimePassword())
        #expect(hotp.kind == .hotp(counter: 3) && hotp.code(counter: 3) == "969429")
    }

    @Test func opensTheVersion4VaultWithIdsStampsAndTombstones() throws {
        let vault = try open("v4/vault.json", password: "fixture password v4")
        #expect(vault.envelope.version == 4)
        let expected = try EntryJSON.decoder().decode(
            ExportDocument.self, from: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("v4/expected-export.json"))))
        #expect(expected.version == 3)
        let entries = try vault.entries.allEntries()
        #expect(entries.map { entry in var bare = entry; bare.clocks = [:]; return bare } == expected.entries.map(\.entry))

        let device = "a7c391ddb3b2597d"
        let stamps = entries.flatMap(\.clocks.values)
        #expect(!stamps.isEmpty && stamps.allSatisfy { $0.device == device })
        for entry in entries { #expect(Set(EntryPart.builtIn).isSubset(of: entry.clocks.keys), "\(entry.name)") }
        let moved = try #require(entries.first { $0.name == "code/github" })
        #expect(moved.id == Entry.legacyID(name: "web/github", created: moved.created), "mv kept the id of the upgraded entry")
        #expect(moved.stamp(of: "name") > moved.stamp(of: "password"))
        let edited = try #require(entries.first { $0.name == "bank/card" })
        #expect(edited.stamp(of: "username") == edited.stamp(of: "field:branch") && edited.stamp(of: "username") > edited.stamp(of: "password"))

        let state = vault.entries.state
        let removed = try #require(state.deleted.first)
        #expect(state.deleted.count == 1 && removed.name == "notes/recovery" && removed.deleted.device == device)
        let keys = try #require(state.keys)
        #expect(stamps.allSatisfy { $0 < keys } && removed.deleted < keys && state.clock == keys)
    }

    @Test func opensTheVersion5VaultWithEntriesSealedOneByOne() throws {
        let vault = try open("v5/vault.json", password: "fixture password v5")
        #expect(vault.envelope.version == 5)
        let expected = try EntryJSON.decoder().decode(
            ExportDocument.self, from: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("v5/expected-export.json"))))
        let entries = try vault.entries.allEntries()
        #expect(entries.map { entry in var bare = entry; bare.clocks = [:]; return bare } == expected.entries.map(\.entry))
        #expect(try vault.entries.entry(named: "code/github")?.password == "gh-new-pass")
        #expect(try vault.entries.entry(named: "web/example")?.username == "alice2")
        let state = vault.entries.state
        #expect(state.deleted.map(\.name) == ["notes/recovery", "tmp/gone"], "version 4's tombstone, and this one's")
        #expect(state.deleted.last?.deleted.device == "5e1f0c0d2b9a4e77")
        let earlier = try open("v5/earlier.json", password: "fixture password v5")
        #expect(try earlier.entries.entry(named: "web/example")?.username == "alice")
        let aes = try open("v5/vault-aes256gcm.json", password: "fixture password v5")
        #expect(aes.envelope.cipher == .aes256gcm)
        #expect(try aes.entries.entry(named: "mail/work")?.password == "gcm-secret-v5")
    }

    /// Versions 6 and 7: the entries as exported, and every attachment's content opened from
    /// its sealed file to the bytes the export carries.
    @Test(arguments: [("v6/vault.json", "v6/expected-export.json"), ("v6/vault-aes256gcm.json", "v6/expected-export-aes256gcm.json"),
                      ("v7/vault.json", "v7/expected-export.json"), ("v7/vault-aes256gcm.json", "v7/expected-export-aes256gcm.json")])
    func opensTheVaultsWithAttachments(fixture: String, export: String) throws {
        let version = Int(fixture.dropFirst().prefix { $0 != "/" })!
        let vault = try open(fixture, password: "fixture password v\(version)")
        #expect(vault.envelope.version == version)
        let expected = try ExportReader.entries(from: try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(export))))
        let entries = try vault.entries.allEntries()
        // The export carries the attachments beside each entry, as files.
        #expect(entries.map { entry in var bare = entry; bare.clocks = [:]; bare.attachments = []; return bare } == expected.map(\.entry))
        let storage = AttachmentStorage(
            sealer: try AttachmentSealer(dataKey: vault.keys.dataKey, cipher: vault.envelope.cipher, vaultID: vault.envelope.id),
            folder: AttachmentFolder(vaultPath: Fixtures.path(fixture)))
        var opened = 0
        for (entry, exported) in zip(entries, expected) {
            #expect(entry.attachments.map { [$0.name, $0.type, "\($0.added)"] } == exported.files.map { [$0.name, $0.type, "\($0.added)"] })
            for (attachment, file) in zip(entry.attachments, exported.files) {
                #expect(try storage.open(attachment).withUnsafeBytes { Array($0) } == file.data, "\(entry.name): \(attachment.name)")
                opened += 1
            }
        }
        let folderOfFour = fixture.hasSuffix("/vault.json")
        #expect(opened == (folderOfFour ? 4 : 1))
        if folderOfFour {
            let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(fixture + ".attachments"))
            #expect(files.count == 3, "key.bin attached twice is one sealed file")
            let key = try #require(try vault.entries.entry(named: "code/github")?.attachments.first)
            let copy = try vault.entries.entry(named: "web/example")?.attachment(named: "copy-of-key.bin")
            #expect(key.size == 70_000 && key.content == copy?.content)
        }
    }

    /// Version 7: the header's log key is the data key's, and the security log beside each
    /// fixture opens with the vault's keys and verifies: its events as Fixtures/v7/README.md
    /// lists them, the chain anchored where the last change left it.
    @Test(arguments: [("v7/vault.json", ["passwd", "unlock", "unlock", "reveal", "password-failed", "unlock", "unlock", "reveal", "unlock"], 6),
                      ("v7/vault-aes256gcm.json", ["passwd", "unlock", "unlock", "reveal"], 0)])
    func readsAndVerifiesTheVersion7Log(fixture: String, kinds: [String], anchored: UInt64) throws {
        let vault = try open(fixture, password: "fixture password v7")
        #expect(vault.envelope.logKey == (try SealedBoxKeyPair(dataKey: vault.keys.dataKey)).publicKey)
        let device = "7c1d2e3f4a5b6c7d"
        let reading = try EventLogReading(files: EventLogFiles(vaultPath: Fixtures.path(fixture)), vault: vault, device: device)
        #expect(reading.holds && reading.unreadable.isEmpty)
        let chain = try #require(reading.chains.first)
        #expect(reading.chains.count == 1 && chain.device == device)
        #expect(chain.events.map(\.kind.rawValue) == kinds)
        #expect(chain.events.map(\.number) == Array(1...UInt64(kinds.count)))
        #expect(vault.entries.state.log.anchors[device]?.count ?? 0 == anchored)
        #expect(chain.unanchored == UInt64(kinds.count) - anchored)
        #expect(chain.events.filter { $0.reason == "fixture reveal" }.map(\.kind.rawValue) == ["unlock", "reveal"])
        #expect(chain.events.first { $0.kind == .reveal }?.entry == (fixture == "v7/vault.json" ? "web/example" : "mail/work"))
    }

    /// Version 8: the identities Fixtures/v8/README.md lists, and everything else as in the
    /// version 7 file each was made from (the data key, the entries, the attachments' sealed
    /// files), the security log going on from it with the identity's change anchored.
    @Test(arguments: [
        ("v8/vault.json", "v7/vault.json", "vault1ah27inxuu2eubrookvkyiv3z2hxa6hqichkzvm3mormlcxtyvl7c3eecclhhbs7fe54hdd5pbvls62t735kbemgadfitpmlpucf5remteuck5oa",
         "juk6 ltv5 caao ohoa jorz uqjr coci re3f", UInt64(10)),
        ("v8/vault-aes256gcm.json", "v7/vault-aes256gcm.json",
         "vault1ahponls2leynhxhubws2wzu3oco4elna5rxvaafnkgoxyjrv6ckbugqmj4ohebkierjjkvqexs6osntpysfd5safnd4cr3leckpve2m6q4udntq",
         "526d 4zx6 s6jb knxm znlp sjah hwyh zxky", UInt64(5)),
    ])
    func opensTheVersion8Identities(fixture: String, earlier: String, identity: String, fingerprint: String, anchored: UInt64) throws {
        let vault = try open(fixture, password: "fixture password v7")
        let before = try open(earlier, password: "fixture password v7")
        #expect(vault.envelope.version == 8 && vault.envelope.id == before.envelope.id)
        let identities = try vault.entries.state.identities.map { try #require(try $0.identity()).publicIdentity }
        #expect(identities.map(\.text) == [identity] && identities.map(\.fingerprint) == [fingerprint])
        #expect(vault.entries.state.identities.first?.created.device == "7c1d2e3f4a5b6c7d")
        #expect(vault.keys.dataKey.withUnsafeBytes { Array($0) } == before.keys.dataKey.withUnsafeBytes { Array($0) })
        #expect(try vault.entries.allEntries() == before.entries.allEntries())
        let sealed = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(earlier + ".attachments")).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(fixture + ".attachments")).sorted() == sealed)
        for name in sealed {
            #expect(FileManager.default.contentsEqual(atPath: Fixtures.path(fixture + ".attachments/" + name), andPath: Fixtures.path(earlier + ".attachments/" + name)))
        }
        let device = "7c1d2e3f4a5b6c7d"
        let reading = try EventLogReading(files: EventLogFiles(vaultPath: Fixtures.path(fixture)), vault: vault, device: device)
        let chain = try #require(reading.chains.first)
        #expect(reading.holds && chain.events.count == Int(anchored) && chain.unanchored == 0)
        #expect(chain.events.last?.kind == .unlock && chain.events.last?.reason == "fixture identity")
        #expect(vault.entries.state.log.anchors[device]?.count == anchored)
    }

    /// Versions 9 and 10: the team vaults Fixtures/v9/README.md and Fixtures/v10/README.md
    /// describe, opened with the identities of the version 8 fixtures: their members and change
    /// log, their entries and attachment, their security log, in version 10 the authorship of
    /// every entry and of the tombstones; and nothing for an identity that is not a member.
    @Test(arguments: [("v9/team.json", 9, "i23b tf4b pyf5 awtq f4hz v6e5 ipfe kqu4"), ("v9/team-aes256gcm.json", 9, "i23b tf4b pyf5 awtq f4hz v6e5 ipfe kqu4"),
                      ("v10/team.json", 10, "bxrv lvi6 ipes 5a6b kosk h5to j3ou 5qf6"), ("v10/team-aes256gcm.json", 10, "bxrv lvi6 ipes 5a6b kosk h5to j3ou 5qf6")])
    func opensTheTeamVaults(fixture: String, version: Int, leaver: String) throws {
        let owner = try #require(try open("v8/vault.json", password: "fixture password v7").entries.state.identities.first?.identity())
        let second = try #require(try open("v8/vault-aes256gcm.json", password: "fixture password v7").entries.state.identities.first?.identity())
        let store = VaultStore(path: Fixtures.path(fixture), origin: .ephemeral())
        for identity in [owner, second] {
            let unlocker = Unlocker(passwordSource: FixedPassword(text: "not used"), keyCache: NoKeyCache())
            unlocker.teamIdentities = { [identity] }
            let vault = try store.open(using: unlocker)
            #expect(vault.envelope.version == version && vault.envelope.isTeam && vault.envelope.members?.count == 2)
            #expect(vault.envelope.cipher == (fixture.contains("aes256gcm") ? .aes256gcm : .xchacha20poly1305))
            let log = try #require(vault.entries.state.team)
            #expect(log.state.team == "fixture team" && log.changes.count == 4 && log.heads.count == 1)
            #expect(log.state.members.map(\.name) == ["owner", "second"] && log.state.former.map(\.name) == ["leaver"])
            #expect(log.state.members.map(\.identity) == [owner.publicIdentity, second.publicIdentity])
            #expect(log.state.former.map(\.identity.fingerprint) == [leaver])
            #expect(log.changes.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.add, .add, .found, .remove])
            #expect(vault.entries.names == ["notes/ops", "web/example", "web/second"])
            #expect(try vault.entries.entry(named: "web/example")?.password == "team example password")
            #expect(try vault.entries.entry(named: "web/second")?.password == "changed by second")
            #expect(try vault.entries.entry(named: "notes/ops")?.notes == "a shared note")
            let runbook = try #require(try vault.entries.entry(named: "notes/ops")?.attachment(named: "runbook.txt"))
            let storage = AttachmentStorage(
                sealer: try AttachmentSealer(dataKey: vault.keys.dataKey, cipher: vault.envelope.cipher, vaultID: vault.envelope.id),
                folder: AttachmentFolder(vaultPath: Fixtures.path(fixture)))
            #expect(try storage.open(runbook).withUnsafeBytes { Array($0) } == Array("team attachment bytes\n".utf8))
            let reading = try EventLogReading(files: EventLogFiles(vaultPath: Fixtures.path(fixture)), vault: vault, device: "9a1b2c3d4e5f6071")
            #expect(reading.holds && reading.unreadable.isEmpty)
            if version >= 10 { try expectSigned(Fixtures.path(fixture), by: owner.publicIdentity, records: 3, dataKey: vault.keys.dataKey) }
        }
        let outsider = Unlocker(passwordSource: FixedPassword(text: "not used"), keyCache: NoKeyCache())
        outsider.teamIdentities = { [try #require(try IdentitySecret.generate(created: Stamp(milliseconds: 1, device: "9a1b2c3d4e5f6071")).identity())] }
        #expect(throws: VaultOpenError.notATeamMember) { try store.open(using: outsider) }
    }

    /// A version 9 team vault changed in one entry (the path that rewrites that entry alone in
    /// version 10) is written whole as version 10: every record and the tombstones signed by
    /// the writer, every entry still there.
    @Test func aVersion9TeamVaultIsSignedWholeAtItsFirstWrite() throws {
        let owner = try #require(try open("v8/vault.json", password: "fixture password v7").entries.state.identities.first?.identity())
        let folder = try TemporaryFolder()
        let path = folder.path + "/team.json"
        try FileManager.default.copyItem(atPath: Fixtures.path("v9/team.json"), toPath: path)
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "not used"), keyCache: NoKeyCache())
        unlocker.teamIdentities = { [owner] }
        let store = VaultStore(path: path, origin: .ephemeral())
        try store.mutate(entriesNamed: ["web/new"], using: unlocker) { table in
            try table.put(Entry(name: "web/new", password: "written once", created: Date().toTheSecond))
        }
        let vault = try store.open(using: unlocker)
        #expect(vault.envelope.version == 10)
        #expect(vault.entries.names == ["notes/ops", "web/example", "web/new", "web/second"])
        try expectSigned(path, by: owner.publicIdentity, records: 4, dataKey: vault.keys.dataKey)
    }

    /// Every entry (`records` of them) and the tombstones of the version 10 team vault at `path`
    /// (whose data key is `dataKey`) signed by `owner`, as Fixtures/v10/README.md says of its
    /// files; and a signature checked against another vault's id fails.
    private func expectSigned(_ path: String, by owner: PublicIdentity, records count: Int, dataKey: SecureBytes) throws {
        let envelope = try Envelope.parse(try AtomicFile.read(path))
        guard case .entries(let sealed) = envelope.body else { throw VaultOpenError.malformedPayload("not version 5's body") }
        let keys = try EntryKeys(dataKey: dataKey)
        #expect(sealed.records.count == count)
        for record in sealed.records {
            let (line, authorship) = try envelope.authorship(of: record, keys: keys)
            let message = try line.withUnsafeBytes { try Authorship.entryMessage(line: $0, slot: record.slot, vaultID: envelope.id) }
            #expect(authorship.isSigned(message, byOneOf: [owner], vaultID: envelope.id))
            let elsewhere = try line.withUnsafeBytes { try Authorship.entryMessage(line: $0, slot: record.slot, vaultID: Entry.newID()) }
            #expect(!authorship.isSigned(elsewhere, byOneOf: [owner], vaultID: envelope.id))
        }
        let (json, authorship) = try envelope.tombstonesAuthorship(sealed.tombstones, keys: keys)
        let message = try json.withUnsafeBytes { try Authorship.tombstonesMessage(json: $0, vaultID: envelope.id) }
        #expect(authorship.isSigned(message, byOneOf: [owner], vaultID: envelope.id))
    }

    /// The failing vectors of Fixtures/v5/README.md, each refused by the check the README names:
    /// the slot order when the file parses no more, else the page digests or the seal.
    @Test(arguments: ["record-dropped", "record-dropped-pages-recomputed", "records-swapped", "record-older",
                      "record-from-other-vault", "seal-older", "header-older"])
    func refusesTheTamperedVersion5Vectors(name: String) throws {
        #expect(throws: VaultOpenError.tampered) { try open("v5/tampered/\(name).json", password: "fixture password v5") }
    }

    /// A lookup (`vault get`'s read) of the same vectors, which reads one page: refused too,
    /// for every name (the fixture's entries share one page).
    @Test(arguments: ["record-dropped", "record-dropped-pages-recomputed", "records-swapped", "record-older",
                      "record-from-other-vault", "seal-older", "header-older", "record-duplicated"])
    func aLookupRefusesTheTamperedVersion5Vectors(name: String) throws {
        let names = try open("v5/vault.json", password: "fixture password v5").entries.names
        let store = VaultStore(path: Fixtures.path("v5/tampered/\(name).json"), origin: .ephemeral())
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "fixture password v5"), keyCache: NoKeyCache())
        for name in names {
            #expect(throws: VaultOpenError.tampered) { try store.entries(named: [name], using: unlocker) }
        }
    }

    /// A lookup answers as the whole file does, in every version: each entry, and nil for a
    /// name that is not there.
    @Test(arguments: [("v1/vault.json", "fixture password v1"), ("v1/vault-aes256gcm.json", "fixture password v1"),
                      ("v2/vault.json", "fixture password v2"), ("v3/vault.json", "fixture password v3"),
                      ("v4/vault.json", "fixture password v4"), ("v5/vault.json", "fixture password v5"),
                      ("v5/vault-aes256gcm.json", "fixture password v5"),
                      ("v6/vault.json", "fixture password v6"), ("v6/vault-aes256gcm.json", "fixture password v6"),
                      ("v7/vault.json", "fixture password v7"), ("v7/vault-aes256gcm.json", "fixture password v7"),
                      ("v8/vault.json", "fixture password v7"), ("v8/vault-aes256gcm.json", "fixture password v7")])
    func aLookupAnswersAsTheWholeFile(fixture: String, password: String) throws {
        let whole = try open(fixture, password: password).entries
        let names = whole.names + ["not/there", ""]
        let store = VaultStore(path: Fixtures.path(fixture), origin: .ephemeral())
        let found = try store.entries(named: names, using: Unlocker(passwordSource: FixedPassword(text: password), keyCache: NoKeyCache()))
        #expect(found == (try names.map(whole.entry(named:))))
        #expect(found.compactMap { $0 }.count == whole.count)
    }

    @Test func refusesTheVersion5VectorWithAnEntryTwice() throws {
        #expect(throws: FormatError.corrupt("the entries are not in the order of their slots, or a slot appears twice")) {
            try open("v5/tampered/record-duplicated.json", password: "fixture password v5")
        }
    }

    /// A file of every older version becomes the current version at its next write with every entry and
    /// the vault's state kept exactly, and opens again as it was.
    @Test(arguments: [("v1/vault.json", "fixture password v1"), ("v1/vault-aes256gcm.json", "fixture password v1"),
                      ("v2/vault.json", "fixture password v2"), ("v3/vault.json", "fixture password v3"),
                      ("v4/vault.json", "fixture password v4"), ("v5/vault.json", "fixture password v5"),
                      ("v6/vault.json", "fixture password v6"), ("v7/vault.json", "fixture password v7")])
    func convertsToTheCurrentVersionLosslessly(fixture: String, password: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-conversion-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/vault.json"
        try FileManager.default.copyItem(atPath: Fixtures.path(fixture), toPath: path)
        let unlocker = Unlocker(passwordSource: FixedPassword(text: password), keyCache: NoKeyCache())
        let store = VaultStore(path: path, origin: .ephemeral())
        let before = try store.open(using: unlocker)
        try #require(before.envelope.version < Envelope.currentVersion)
        try store.mutate(using: unlocker) { _ in }
        let after = try store.open(using: unlocker)
        #expect(after.envelope.version == Envelope.currentVersion && after.envelope.id == before.envelope.id && after.envelope.cipher == before.envelope.cipher)
        #expect(try after.entries.allEntries() == (try before.entries.allEntries()))
        var state = before.entries.state
        state.forgetOldTombstones(now: Date())
        #expect(after.entries.state == state, "the state kept (but for tombstones past their horizon, which every write drops)")
        let entries = try AtomicFile.read(path)
        guard case .entries(let sealed) = try Envelope.parse(entries).body else { throw FormatError.corrupt("not sealed entry by entry") }
        #expect(sealed.records.count == before.entries.count)
    }

    @Test func opensTheVersion1AES256GCMVault() throws {
        try #require(Cipher.aes256gcm.isAvailable)
        let vault = try open("v1/vault-aes256gcm.json")
        #expect(vault.envelope.cipher == .aes256gcm)
        #expect(vault.envelope.kdf == KDFParameters(memoryKiB: 8192, iterations: 2, parallelism: 2))
        #expect(try vault.entries.entry(named: "mail/work")?.password == "gcm-secret")
    }

    @Test func opensTheVersion2AES256GCMVault() throws {
        try #require(Cipher.aes256gcm.isAvailable)
        let vault = try open("v2/vault-aes256gcm.json", password: "fixture password v2")
        #expect(vault.envelope.version == 2)
        #expect(vault.envelope.cipher == .aes256gcm)
        #expect(vault.envelope.kdf == KDFParameters(memoryKiB: 8192, iterations: 2, parallelism: 2))
        let entry = try #require(try vault.entries.entry(named: "mail/work"))
        #expect(entry.password == "gcm-secret-v2")
        #expect(entry.username == "me@example.com")
    }

    @Test func wrongPasswordIsRefused() throws {
        let store = VaultStore(path: Fixtures.path("v1/vault.json"), origin: .ephemeral())
        #expect(throws: VaultOpenError.wrongPassword) {
            try store.open(using: Unlocker(passwordSource: FixedPassword(text: "nope"), keyCache: NoKeyCache()))
        }
    }
}
