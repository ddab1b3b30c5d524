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
        #expect(try vault.entries.allEntries() == expected.entries)
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
        #expect(try vault.entries.allEntries() == expected.entries)
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
        #expect(entries.map { entry in var bare = entry; bare.clocks = [:]; return bare } == expected.entries)

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
