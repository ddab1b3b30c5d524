import CLITestSupport
import Foundation
import Testing
import VaultCore
import VaultSystem

/// `vault identity`: made on first use and kept in the vault's seal (the file becomes format
/// version 8), the same one printed afterwards without a write, on every machine the vault
/// syncs to; identities made on two machines before they synced are both kept.
@Suite("Identity")
struct IdentityCommandTests {
    /// The identity and fingerprint lines `vault identity` printed.
    private func printed(_ result: VaultResult) throws -> (identity: PublicIdentity, fingerprint: String) {
        let lines = result.stdoutLines
        try #require(lines.count == 2, "\(result)")
        let identity = try #require(PublicIdentity(text: lines[0]), "\(result)")
        return (identity, lines[1])
    }

    @Test func theFirstRunMakesTheIdentityAndLaterRunsPrintItWithoutAWrite() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/a", password: "pw-a")
        let first = try await fixture.succeed(["identity"])
        let (identity, fingerprint) = try printed(first)
        #expect(fingerprint == "fingerprint: " + identity.fingerprint)
        #expect(first.stderr.contains("Made your identity"), "\(first)")
        let bytes = try fixture.vaultBytes()
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\": 8,"))

        let again = try await fixture.succeed(["identity"])
        #expect(try printed(again).identity == identity)
        #expect(again.stderr.isEmpty, "\(again)")
        #expect(try fixture.vaultBytes() == bytes)
        let json = try await fixture.succeed(["identity", "--json"])
        let object = try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: String]
        #expect(object == ["identity": identity.text, "fingerprint": identity.fingerprint], "\(json)")
        #expect(try await fixture.password(of: "web/a") == "pw-a")
    }

    /// The identities the vault file at `path` keeps, read with the fixture's master password.
    private func keptIdentities(at path: String, password: String) throws -> [IdentitySecret] {
        let unlocker = Unlocker(passwordSource: PasswordFile(path: password, warn: { _ in }), keyCache: NoKeyCache())
        return try VaultStore(path: path, origin: ChangeOrigin(device: { "" }, now: Date.init)).state(using: unlocker).identities
    }

    @Test func theSeedIsSealedAndNeverPrintedLoggedOrExported() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/a", password: "pw-a")
        let made = try await fixture.succeed(["identity"])
        let shown = try await fixture.succeed(["identity", "--json"])
        let exported = try await fixture.succeed(["export", "--stdout", "--yes"])
        let seed = try #require(try keptIdentities(at: fixture.vaultPath, password: fixture.passwordFile).first).seed
        let bytes = try #require(Sodium.base64Decode(seed))
        let forms = [seed, bytes.map { String(format: "%02x", $0) }.joined()]
        var texts = [made.stdout, made.stderr, shown.stdout, shown.stderr, exported.stdout, exported.stderr]
        texts.append(String(decoding: try fixture.vaultBytes(), as: UTF8.self))
        let logFolder = fixture.vaultPath + ".log"
        for name in try FileManager.default.contentsOfDirectory(atPath: logFolder) {
            texts.append(String(decoding: try Data(contentsOf: URL(fileURLWithPath: logFolder + "/" + name)), as: UTF8.self))
        }
        #expect(texts.count > 7, "the security log has a segment")
        for text in texts {
            for form in forms { #expect(!text.contains(form)) }
        }
        #expect(exported.stdout.contains("pw-a"), "the export is the vault's")
    }

    @Test func aNewMasterPasswordKeepsTheIdentity() async throws {
        let fixture = try await VaultFixture.initialized()
        let before = try printed(try await fixture.succeed(["identity"])).identity
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "another master password\n")
        try await fixture.succeed(["passwd", "--new-password-file", newPassword])
        try await fixture.succeed(["rekey", "--password-file", newPassword])
        #expect(try printed(try await fixture.succeed(["identity", "--password-file", newPassword])).identity == before)
        #expect(try keptIdentities(at: fixture.vaultPath, password: newPassword).count == 1)
    }

    @Test func aWrongPasswordMakesNoIdentity() async throws {
        let fixture = try await VaultFixture.initialized()
        let bytes = try fixture.vaultBytes()
        let wrong = try VaultFixture.writeFile(fixture.path("wrong"), "not the password\n")
        let result = try await fixture.run(["identity", "--password-file", wrong])
        #expect(result.status == 3, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(try fixture.vaultBytes() == bytes)
    }

    @Test func theIdentityTravelsWithTheVaultAndTwoMadeApartAreBothKept() async throws {
        let world = try await SyncWorld.make()
        let desktop = try await world.founder("desktop")
        let laptop = try await world.joiner("laptop")
        // Each machine makes an identity before it hears of the other's.
        let made = [try printed(try await desktop.succeed(["identity"])).identity, try printed(try await laptop.succeed(["identity"])).identity]
        #expect(made[0] != made[1])
        try await desktop.succeed(["sync"])
        try await laptop.succeed(["sync"])
        try await desktop.succeed(["sync"])
        let shown = [try printed(try await desktop.succeed(["identity"])).identity, try printed(try await laptop.succeed(["identity"])).identity]
        #expect(shown[0] == shown[1] && made.contains(shown[0]))
        // The other one is kept too, so that a team that sealed its key to it still opens.
        let kept = try keptIdentities(at: desktop.vaultPath, password: world.fixture.passwordFile)
        #expect(Set(try kept.compactMap { try $0.identity()?.publicIdentity }) == Set(made))
        let third = try await world.joiner("third")
        #expect(try printed(try await third.succeed(["identity"])).identity == shown[0])
    }
}
