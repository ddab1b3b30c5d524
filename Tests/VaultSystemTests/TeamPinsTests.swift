import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// The member-list versions this machine pinned for team vaults: the first list is trusted and
/// pinned, a list that grew from the pin replaces it, an older or forked one is refused, and the
/// pin files are private, read strictly and named only by vault ids.
struct TeamPinsTests {
    private static func identity() throws -> PublicIdentity {
        try #require(try IdentitySecret.generate(created: Stamp(milliseconds: 1, device: "3f9c0a1b2c3d4e5f")).identity()).publicIdentity
    }

    private static func stamp(_ milliseconds: Int64) -> Stamp {
        Stamp(milliseconds: milliseconds, device: "3f9c0a1b2c3d4e5f")
    }

    /// Versions 1 to 3 of a team's list: alice founds it, bob and then carol join.
    private static func versions() throws -> [TeamManifest] {
        let first = try TeamManifest.founding(team: "ops", founder: "alice", identity: try identity(), at: stamp(1))
        let second = try first.adding("bob", identity: try identity(), at: stamp(2))
        return [first, second, try second.adding("carol", identity: try identity(), at: stamp(3))]
    }

    private static func newVaultID() -> String {
        UUID().uuidString.lowercased()
    }

    @Test func theFirstListIsPinnedAndOneThatGrewFromItReplacesThePin() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        let id = Self.newVaultID()
        let versions = try Self.versions()
        #expect(try pins.pin(vaultID: id) == nil)
        #expect(try pins.accept(versions[0], vaultID: id) == .firstSeen)
        #expect(try pins.pin(vaultID: id) == TeamPin(versions[0]))
        #expect(try pins.accept(versions[0], vaultID: id) == .unchanged)
        #expect(try pins.accept(versions[2], vaultID: id) == .newer(previousEpoch: 1))
        #expect(try pins.pin(vaultID: id) == TeamPin(versions[2]))
        let text = try String(contentsOfFile: folder.path + "/vault/teams/" + id, encoding: .utf8)
        #expect(text == "3 \(Sodium.base64Encode(versions[2].hash))\n")
        #expect(try pins.pin(vaultID: Self.newVaultID()) == nil)
    }

    @Test func anOlderOrForkedListIsRefusedAndThePinStays() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        let id = Self.newVaultID()
        let versions = try Self.versions()
        #expect(try pins.accept(versions[2], vaultID: id) == .firstSeen)
        #expect(throws: TeamTrustError.rolledBack(pinned: 3, offered: 2)) { try pins.accept(versions[1], vaultID: id) }
        #expect(throws: TeamTrustError.rolledBack(pinned: 3, offered: 1)) { try pins.accept(versions[0], vaultID: id) }
        let fork = try versions[1].adding("mallory", identity: try Self.identity(), at: Self.stamp(3))
        #expect(throws: TeamTrustError.forked(epoch: 3)) { try pins.accept(fork, vaultID: id) }
        let laterFork = try fork.removing("bob", at: Self.stamp(4))
        #expect(throws: TeamTrustError.forked(epoch: 3)) { try pins.accept(laterFork, vaultID: id) }
        #expect(try pins.pin(vaultID: id) == TeamPin(versions[2]))
        #expect(try pins.accept(try versions[2].removing("bob", at: Self.stamp(4)), vaultID: id) == .newer(previousEpoch: 3))
        #expect(TeamTrustError.rolledBack(pinned: 5, offered: 3).message
            == "the team vault's member list is older than one this machine has seen (version 3, seen 5): refusing a rollback")
        #expect(TeamTrustError.forked(epoch: 4).message
            == "the team vault's member list does not descend from the one this machine has seen (version 4): refusing a forked list")
    }

    @Test func pinsAreForTheUserAlone() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        let id = Self.newVaultID()
        _ = try pins.accept(try Self.versions()[0], vaultID: id)
        let folderMode = try FileManager.default.attributesOfItem(atPath: pins.folder)[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: pins.folder + "/" + id)[.posixPermissions] as? Int
        #expect(pins.folder == folder.path + "/vault/teams")
        #expect(folderMode == 0o700 && fileMode == 0o600)
    }

    @Test func aDamagedPinIsAnErrorAndNeverAFirstSight() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        let id = Self.newVaultID()
        let versions = try Self.versions()
        let path = pins.folder + "/" + id
        try FileManager.default.createDirectory(atPath: pins.folder, withIntermediateDirectories: true)
        for garbage in ["", "hello\n", "3 \(Sodium.base64Encode(versions[2].hash))", "0 \(Sodium.base64Encode(versions[0].hash))\n"] {
            try Data(garbage.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: TeamTrustError.damagedPin(path: path)) { try pins.pin(vaultID: id) }
            #expect(throws: TeamTrustError.damagedPin(path: path)) { try pins.accept(versions[0], vaultID: id) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(garbage.utf8))
        }
    }

    @Test func onlyALowerCaseUUIDNamesAPin() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        let manifest = try Self.versions()[0]
        for id in ["", "..", "../seen", "a/b", UUID().uuidString.uppercased(), Self.newVaultID() + "/x"] {
            #expect(throws: TeamTrustError.invalidVaultID(id)) { try pins.pin(vaultID: id) }
            #expect(throws: TeamTrustError.invalidVaultID(id)) { try pins.accept(manifest, vaultID: id) }
            #expect(throws: TeamTrustError.invalidVaultID(id)) { try pins.forget(vaultID: id) }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/vault"))
    }

    @Test func aForgottenPinTrustsTheNextListSeen() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        let id = Self.newVaultID()
        let versions = try Self.versions()
        #expect(try pins.accept(versions[2], vaultID: id) == .firstSeen)
        try pins.forget(vaultID: id)
        #expect(try pins.pin(vaultID: id) == nil)
        try pins.forget(vaultID: id)
        #expect(try pins.accept(versions[1], vaultID: id) == .firstSeen)
        #expect(try pins.pin(vaultID: id) == TeamPin(versions[1]))
    }
}
