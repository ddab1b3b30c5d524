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

    @Test func theSeedIsSealedAndNeverPrinted() async throws {
        let fixture = try await VaultFixture.initialized()
        let result = try await fixture.succeed(["identity"])
        let header = try Envelope.header(of: Array(try fixture.vaultBytes()))
        let unlocked = try Envelope.parse(Array(try fixture.vaultBytes()))
        #expect(header.version == 8 && unlocked.version == 8)
        // The seal is the only place the seed is, and it is encrypted: nothing in the file,
        // printed or said is the identity's seed, which no text of the file decodes to.
        let file = String(decoding: try fixture.vaultBytes(), as: UTF8.self)
        #expect(!file.contains("identities") && !file.contains("seed"))
        #expect(!result.stderr.contains("seed"), "\(result)")
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
        let unlocker = Unlocker(passwordSource: PasswordFile(path: world.fixture.passwordFile, warn: { _ in }), keyCache: NoKeyCache())
        let state = try VaultStore(path: desktop.vaultPath, origin: ChangeOrigin(device: { "" }, now: Date.init)).state(using: unlocker)
        #expect(Set(try state.identities.compactMap { try $0.identity()?.publicIdentity }) == Set(made))
        let third = try await world.joiner("third")
        #expect(try printed(try await third.succeed(["identity"])).identity == shown[0])
    }
}
