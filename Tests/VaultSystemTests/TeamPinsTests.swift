import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// The changes of members this machine pinned for team vaults: the first log is trusted and
/// pinned, a log that holds the pin replaces it and says what came since, one that lacks pinned
/// changes is refused, another team vault at a path used before is refused, and the pin files
/// are private, read strictly and named only by vault ids.
struct TeamPinsTests {
    private static let vaultID = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9"

    private static func stamp(_ milliseconds: Int64) -> Stamp {
        Stamp(milliseconds: milliseconds, device: "3f9c0a1b2c3d4e5f")
    }

    /// Three logs of one team: alice founds it, adds bob, then carol.
    private static func versions(vaultID: String = vaultID) throws -> [TeamLog] {
        func fresh() throws -> MemberIdentity {
            try #require(try IdentitySecret.generate(created: stamp(1)).identity())
        }
        let (alice, bob, carol) = try (fresh(), fresh(), fresh())
        let first = try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: vaultID, at: stamp(1))
        let second = try first.adding("bob", identity: bob.publicIdentity, by: alice, vaultID: vaultID, at: stamp(2))
        return [first, second, try second.adding("carol", identity: carol.publicIdentity, by: alice, vaultID: vaultID, at: stamp(3))]
    }

    @Test func theFirstLogIsPinnedAndOneThatHoldsThePinReplacesIt() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        let versions = try Self.versions()
        #expect(try pins.pin(vaultID: Self.vaultID) == nil)
        #expect(try pins.accept(versions[0], vaultID: Self.vaultID, path: "/v/team.vault") == .firstSeen)
        #expect(try pins.pin(vaultID: Self.vaultID) == TeamPin(versions[0]))
        #expect(try pins.accept(versions[0], vaultID: Self.vaultID, path: "/v/team.vault") == .unchanged)
        let newer = try pins.accept(versions[2], vaultID: Self.vaultID, path: "/v/team.vault")
        #expect(newer == .newer(versions[2].changes(after: TeamPin(versions[0]))))
        guard case .newer(let changes) = newer else { return }
        #expect(Set(changes.map(\.member)) == ["bob", "carol"])
        let text = try String(contentsOfFile: folder.path + "/vault/teams/" + Self.vaultID, encoding: .utf8)
        #expect(text == Sodium.base64Encode(versions[2].heads[0]) + "\n")
    }

    @Test func aLogThatLacksPinnedChangesIsRefusedAndThePinStays() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        let versions = try Self.versions()
        #expect(try pins.accept(versions[2], vaultID: Self.vaultID, path: "/v/team.vault") == .firstSeen)
        #expect(throws: TeamTrustError.rolledBack) { try pins.accept(versions[1], vaultID: Self.vaultID, path: "/v/team.vault") }
        #expect(throws: TeamTrustError.rolledBack) { try pins.accept(versions[0], vaultID: Self.vaultID, path: "/v/team.vault") }
        #expect(try pins.pin(vaultID: Self.vaultID) == TeamPin(versions[2]))
        #expect(TeamTrustError.rolledBack.message
            == "the team vault's member list lacks changes this machine has seen: refusing a copy rolled back or gone another way")
    }

    @Test func anotherTeamVaultAtAPathUsedBeforeIsRefused() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        let otherID = "11111111-2222-4333-8444-555555555555"
        _ = try pins.accept(try Self.versions()[0], vaultID: Self.vaultID, path: "/v/team.vault")
        let other = try Self.versions(vaultID: otherID)[0]
        let record = pins.file(path: "/v/team.vault")
        #expect(record.hasPrefix(pins.folder + "/paths/") && record.count == pins.folder.count + 7 + 32)
        #expect(throws: TeamTrustError.replaced(path: "/v/team.vault", record: record)) {
            try pins.accept(other, vaultID: otherID, path: "/v/team.vault")
        }
        #expect(try pins.pin(vaultID: otherID) == nil)
        #expect(try pins.accept(other, vaultID: otherID, path: "/v/other.vault") == .firstSeen)
        try Data("not an id\n".utf8).write(to: URL(fileURLWithPath: record))
        #expect(throws: TeamTrustError.damagedPin(path: record)) {
            try pins.accept(other, vaultID: otherID, path: "/v/team.vault")
        }
        #expect(try pins.accept(other, vaultID: otherID, path: "/v/team.vault", replacing: true) == .unchanged)
        #expect(try String(contentsOfFile: record, encoding: .utf8) == otherID + "\n")
        try FileManager.default.removeItem(atPath: record)
        #expect(try pins.accept(other, vaultID: otherID, path: "/v/team.vault") == .unchanged)
    }

    @Test func aCommandThatDoesNotTrustAtFirstSightRefusesANewTeamVault() throws {
        let folder = try TemporaryFolder()
        let quiet = TeamPins(stateHome: folder.path, trustsFirstSight: false)
        let versions = try Self.versions()
        #expect(throws: TeamTrustError.notYetSeen(path: "/v/team.vault")) {
            try quiet.accept(versions[0], vaultID: Self.vaultID, path: "/v/team.vault")
        }
        #expect(try quiet.pin(vaultID: Self.vaultID) == nil)
        _ = try TeamPins(stateHome: folder.path).accept(versions[0], vaultID: Self.vaultID, path: "/v/team.vault")
        #expect(try quiet.accept(versions[1], vaultID: Self.vaultID, path: "/v/team.vault") == .newer(versions[1].changes(after: TeamPin(versions[0]))))
    }

    @Test func pinsAreForTheUserAlone() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        _ = try pins.accept(try Self.versions()[0], vaultID: Self.vaultID, path: "/v/team.vault")
        for (path, mode) in [(pins.folder, 0o700), (pins.folder + "/paths", 0o700), (pins.folder + "/" + Self.vaultID, 0o600),
                             (pins.file(path: "/v/team.vault"), 0o600)] {
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == mode, "\(path)")
        }
        #expect(pins.folder == folder.path + "/vault/teams")
        #expect(try String(contentsOfFile: pins.file(path: "/v/team.vault"), encoding: .utf8) == Self.vaultID + "\n")
    }

    @Test func aDamagedPinIsAnErrorAndNeverAFirstSight() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        let versions = try Self.versions()
        let path = pins.folder + "/" + Self.vaultID
        try FileManager.default.createDirectory(atPath: pins.folder, withIntermediateDirectories: true)
        for garbage in ["", "hello\n", Sodium.base64Encode(versions[2].heads[0]), "3 \(Sodium.base64Encode(versions[0].heads[0]))\n"] {
            try Data(garbage.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: TeamTrustError.damagedPin(path: path)) { try pins.pin(vaultID: Self.vaultID) }
            #expect(throws: TeamTrustError.damagedPin(path: path)) { try pins.accept(versions[0], vaultID: Self.vaultID, path: "/v/t") }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(garbage.utf8))
        }
    }

    @Test func onlyALowerCaseUUIDNamesAPin() throws {
        let folder = try TemporaryFolder()
        let pins = TeamPins(stateHome: folder.path)
        let log = try Self.versions()[0]
        for id in ["", "..", "../seen", "a/b", Self.vaultID.uppercased(), Self.vaultID + "/x"] {
            #expect(throws: TeamTrustError.invalidVaultID(id)) { try pins.pin(vaultID: id) }
            #expect(throws: TeamTrustError.invalidVaultID(id)) { try pins.accept(log, vaultID: id, path: "/v/t") }
        }
        #expect(!FileManager.default.fileExists(atPath: pins.folder + "/" + Self.vaultID))
    }
}
