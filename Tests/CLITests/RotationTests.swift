import CLITestSupport
import Foundation
import Testing
import VaultCLI
import VaultCore
import VaultSystem

/// `passwd` and `rekey` draw a fresh data key and salt and seal every entry again, and the
/// entries are bound to the whole header through the seal: no old password, old file or old
/// key opens a new version, and no header and body of different writes combine.
@Suite("Key rotation and header binding")
struct RotationTests {
    private static let newPassword = "a brand new master password"

    @Test("passwd: a fresh data key, salt, entries and seal; the old password is refused, the new one works")
    func passwdRotates() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("entry", password: "entry-pw", options: ["--note", "kept"])
        let before = try JSONValue.object(try fixture.vaultBytes())
        let newFile = try VaultFixture.writeFile(fixture.path("new-password"), Self.newPassword + "\n")

        try await fixture.succeed(["passwd", "--new-password-file", newFile])

        let after = try JSONValue.object(try fixture.vaultBytes())
        expectResealed(after, before)
        #expect(!JSONValue.equal(after["data_key"], before["data_key"]))
        #expect(!JSONValue.equal(after["kdf"], before["kdf"]), "a fresh salt")
        #expect(JSONValue.equal(after["id"], before["id"]))
        #expect(try VaultFixture.mode(of: fixture.vaultPath) == 0o600)
        expectFailure(try await fixture.run(["get", "entry"]), status: 3, mentioning: "wrong master password")
        let withNew: [String: String?] = ["VAULT_PASSWORD_FILE": newFile]
        #expect(try await fixture.succeed(["get", "entry"], environment: withNew).stdout == "entry-pw\n")
        #expect(try await fixture.succeed(["get", "entry", "--field", "notes"], environment: withNew).stdout == "kept\n")
    }

    @Test("a data key unwrapped from the old file does not decrypt the payload after passwd or rekey")
    func oldDataKeyIsUseless() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("entry", password: "entry-pw")
        let oldKey = try VaultSurgery.dataKey(ofFileAt: fixture.vaultPath, password: VaultFixture.masterPassword)
        let newFile = try VaultFixture.writeFile(fixture.path("new-password"), Self.newPassword + "\n")

        try await fixture.succeed(["passwd", "--new-password-file", newFile])
        let afterPasswd = try Envelope.parse(AtomicFile.read(fixture.vaultPath))
        #expect(throws: VaultOpenError.tampered) { try afterPasswd.openTable(dataKey: oldKey) }
        let passwdKey = try VaultSurgery.dataKey(ofFileAt: fixture.vaultPath, password: Self.newPassword)

        try await fixture.succeed(["rekey"], environment: ["VAULT_PASSWORD_FILE": newFile])
        let afterRekey = try Envelope.parse(AtomicFile.read(fixture.vaultPath))
        #expect(throws: VaultOpenError.tampered) { try afterRekey.openTable(dataKey: oldKey) }
        #expect(throws: VaultOpenError.tampered) { try afterRekey.openTable(dataKey: passwdKey) }
        #expect(afterRekey.salt != afterPasswd.salt)
        #expect(try await fixture.succeed(["get", "entry"], environment: ["VAULT_PASSWORD_FILE": newFile]).stdout == "entry-pw\n")
    }

    @Test("no header and body of different writes combine: after passwd, and between two ordinary writes; exit 3, files untouched")
    func splicedVersionsAreRefused() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("entry", password: "entry-pw")
        let old = try fixture.vaultBytes()
        let newFile = try VaultFixture.writeFile(fixture.path("new-password"), Self.newPassword + "\n")
        try await fixture.succeed(["passwd", "--new-password-file", newFile])
        let new = try fixture.vaultBytes()

        // Two ordinary writes after it: each wraps the same data key with a fresh nonce.
        let withNew: [String: String?] = ["VAULT_PASSWORD_FILE": newFile]
        try await fixture.succeed(["add", "second"], stdin: "second-pw\n", environment: withNew)
        let second = try fixture.vaultBytes()
        try await fixture.succeed(["add", "third"], stdin: "third-pw\n", environment: withNew)
        let third = try fixture.vaultBytes()

        let cases: [(name: String, bytes: Data, password: String)] = [
            ("old-header-new-body.json", try VaultSurgery.splice(header: old, body: new), fixture.passwordFile),
            ("new-header-old-body.json", try VaultSurgery.splice(header: new, body: old), newFile),
            ("later-header-earlier-body.json", try VaultSurgery.splice(header: third, body: second), newFile),
            ("earlier-header-later-body.json", try VaultSurgery.splice(header: second, body: third), newFile),
        ]
        for (name, bytes, password) in cases {
            let path = try VaultFixture.writeFile(fixture.path(name), bytes)
            for arguments in [["list"], ["add", "more"]] {
                let result = try await fixture.run(arguments, stdin: "more-pw\n",
                                                   environment: ["VAULT_PATH": path, "VAULT_PASSWORD_FILE": password])
                expectFailure(result, status: 3, mentioning: "tampered")
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "\(name) must be left alone")
            }
        }
    }

    @Test("rekey keeps the password, changes every key and keeps the entries")
    func rekeyKeepsThePassword() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("entry", password: "entry-pw")
        let before = try JSONValue.object(try fixture.vaultBytes())
        let result = try await fixture.succeed(["rekey"])
        #expect(result.stderr.contains("new data key"), "\(result)")
        let after = try JSONValue.object(try fixture.vaultBytes())
        expectResealed(after, before)
        #expect(!JSONValue.equal(after["data_key"], before["data_key"]))
        #expect(!JSONValue.equal(after["kdf"], before["kdf"]))
        #expect(try await fixture.password(of: "entry") == "entry-pw")
    }

    @Test("version 1 files open, stay as they are when only read, and are written as the current version at the next change")
    func version1IsUpgraded() async throws {
        let fixture = try await VaultFixture.initialized()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/v1")
        for name in ["vault.json", "vault-aes256gcm.json"] {
            let original = try Data(contentsOf: fixtures.appendingPathComponent(name))
            let path = try VaultFixture.writeFile(fixture.path(name), original)
            let password = try VaultFixture.writeFile(fixture.path("v1-password"), "fixture password v1\n")
            let environment: [String: String?] = ["VAULT_PATH": path, "VAULT_PASSWORD_FILE": password]
            let names = try await fixture.succeed(["list"], environment: environment).stdoutLines
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original, "reading must not rewrite \(name)")
            #expect(try JSONValue.object(original)["version"] as? Int == 1)

            try await fixture.succeed(["add", "added/after-upgrade"], stdin: "new-pw\n", environment: environment)
            let upgraded = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(try JSONValue.object(upgraded)["version"] as? Int == Envelope.currentVersion, "\(name) must become the current version")
            let after = try await fixture.succeed(["list"], environment: environment).stdoutLines
            #expect(after == (names + ["added/after-upgrade"]).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            #expect(try await fixture.succeed(["get", "added/after-upgrade"], environment: environment).stdout == "new-pw\n")
        }
    }

    /// Expects every sealed part of `after` to differ from `before`'s: the seal, the tombstones
    /// and each entry's record, all sealed anew under the new data key.
    private func expectResealed(_ after: [String: Any], _ before: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!JSONValue.equal(after["seal"], before["seal"]), sourceLocation: sourceLocation)
        #expect(!JSONValue.equal(after["tombstones"], before["tombstones"]), sourceLocation: sourceLocation)
        let records = { (file: [String: Any]) in Set((file["entries"] as? [String] ?? []).map { $0.split(separator: " ").last.map(String.init) ?? $0 }) }
        #expect(!records(before).isEmpty && records(after).isDisjoint(with: records(before)), "every entry sealed again", sourceLocation: sourceLocation)
    }
}
