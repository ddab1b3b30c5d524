import Foundation
import Testing
@testable import VaultCore

/// Vault files written by format version 1 must stay readable by every later version.
struct FixtureTests {
    private func open(_ name: String) throws -> OpenVault {
        try VaultStore(path: Fixtures.path(name))
            .open(using: Unlocker(passwordSource: FixedPassword(text: "fixture password v1"), keyCache: NoKeyCache()))
    }

    @Test func opensTheVersion1Vault() throws {
        let vault = try open("v1/vault.json")
        #expect(vault.entries.names == ["bank/card", "café/ü \"quoted\" \\back", "web/github"])
        let expected = try EntryJSON.decoder().decode(
            ExportDocument.self, from: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("v1/expected-export.json"))))
        #expect(try vault.entries.allEntries() == expected.entries)
        let card = try #require(try vault.entries.entry(named: "bank/card"))
        #expect(card.password == "new-pin-pass")
        #expect(card.history.map(\.password) == ["old-pin"])
        #expect(card.field(named: "pin") == CustomField(name: "pin", value: "4711", secret: true))
    }

    @Test func opensTheVersion1AES256GCMVault() throws {
        try #require(Cipher.aes256gcm.isAvailable)
        let vault = try open("v1/vault-aes256gcm.json")
        #expect(vault.envelope.cipher == .aes256gcm)
        #expect(vault.envelope.kdf == KDFParameters(memoryKiB: 8192, iterations: 2, parallelism: 2))
        #expect(try vault.entries.entry(named: "mail/work")?.password == "gcm-secret")
    }

    @Test func wrongPasswordIsRefused() throws {
        let store = VaultStore(path: Fixtures.path("v1/vault.json"))
        #expect(throws: VaultOpenError.wrongPassword) {
            try store.open(using: Unlocker(passwordSource: FixedPassword(text: "nope"), keyCache: NoKeyCache()))
        }
    }
}
