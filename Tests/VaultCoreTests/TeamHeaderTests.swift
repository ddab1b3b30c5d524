import Foundation
import Testing
@testable import VaultCore

/// A team vault's header and the member list its seal holds: written and read back, and
/// refused whenever a sealed key and the list disagree, even in a file sealed with the data
/// key (what a member, or a removed member with an old key, could write).
struct TeamHeaderTests {
    private static let vaultID = "11111111-2222-4333-8444-555555555555"
    private static let stamp = Stamp(milliseconds: 1_764_000_000_000, device: "3f9c0a1b2c3d4e5f")

    private static func person() throws -> MemberIdentity {
        try #require(try IdentitySecret.generate(created: stamp).identity())
    }

    /// A team vault file whose member lines seal `dataKey` for `sealedFor`, and whose seal holds `list`.
    private static func file(sealedFor: TeamLog, list: TeamLog, dataKey: SecureBytes) throws -> [UInt8] {
        var envelope = try Envelope.teamHeader(id: vaultID, cipher: .xchacha20poly1305, dataKey: dataKey, members: sealedFor.state)
        let table = try EntryTable(content: try SecureBytes(count: 0), length: 0)
        table.found(list)
        // Whoever signs the write: a reader does not check who (a merge does).
        table.author = try person()
        try envelope.sealEntries(table, dataKey: dataKey)
        return envelope.render()
    }

    @Test func aTeamFileReadsBackAndOpensForItsMembersAlone() throws {
        let alice = try Self.person(), bob = try Self.person(), carol = try Self.person()
        let list = try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: Self.vaultID, at: Self.stamp)
            .adding("bob", identity: bob.publicIdentity, by: alice, vaultID: Self.vaultID, at: Self.stamp)
        let dataKey = try SecureBytes.random(count: 32)
        let bytes = try Self.file(sealedFor: list, list: list, dataKey: dataKey)
        let envelope = try Envelope.parse(bytes)
        #expect(envelope.isTeam && envelope.members?.count == 2 && envelope.render() == bytes && envelope.version == Envelope.teamVersion)
        for member in [alice, bob] {
            let key = try #require(envelope.teamDataKey(openedWith: [member]))
            #expect(key.constantTimeEquals(dataKey))
            #expect(try envelope.openTable(dataKey: key).state.team == list)
        }
        #expect(envelope.teamDataKey(openedWith: [carol]) == nil)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("alice") && !text.contains("kdf") && !text.contains("data_key"))
    }

    @Test func aKeySealedForSomeoneTheListDoesNotNameIsRefused() throws {
        let alice = try Self.person(), carol = try Self.person()
        let alone = try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: Self.vaultID, at: Self.stamp)
        let withCarol = try alone.adding("carol", identity: carol.publicIdentity, by: alice, vaultID: Self.vaultID, at: Self.stamp)
        let dataKey = try SecureBytes.random(count: 32)
        // Sealed for carol too, the list without her; and the list naming her without her key.
        for (sealedFor, list) in [(withCarol, alone), (alone, withCarol)] {
            let envelope = try Envelope.parse(try Self.file(sealedFor: sealedFor, list: list, dataKey: dataKey))
            #expect(throws: VaultOpenError.keysNotTheMembers) { try envelope.openTable(dataKey: dataKey) }
            #expect(throws: VaultOpenError.keysNotTheMembers) { try envelope.teamLog(dataKey: dataKey) }
        }
    }

    @Test func anIdentitySharingAMembersKeyIsNotLetIn() throws {
        let alice = try Self.person(), other = try Self.person()
        let list = try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: Self.vaultID, at: Self.stamp)
        let borrowedBox = try #require(PublicIdentity(boxKey: alice.publicIdentity.boxKey, signingKey: other.publicIdentity.signingKey))
        let borrowedSigning = try #require(PublicIdentity(boxKey: other.publicIdentity.boxKey, signingKey: alice.publicIdentity.signingKey))
        for identity in [borrowedBox, borrowedSigning] {
            #expect(throws: TeamLogError.alreadyMember("alice")) { try list.adding("mallory", identity: identity, by: alice, vaultID: Self.vaultID, at: Self.stamp) }
        }
    }

    @Test func aHeaderWithoutMembersOrWithOneTwiceIsRefused() throws {
        let alice = try Self.person()
        let list = try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: Self.vaultID, at: Self.stamp)
        let text = String(decoding: try Self.file(sealedFor: list, list: list, dataKey: try SecureBytes.random(count: 32)), as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("    \"") && $0.count > 100 })
        let twice = text.replacingOccurrences(of: String(line), with: String(line) + ",\n" + line)
        #expect(throws: FormatError.self) { try Envelope.parse(Array(twice.utf8)) }
        let none = text.replacingOccurrences(of: "[\n" + line + "\n  ]", with: "[]")
        #expect(none != text)
        #expect(throws: FormatError.self) { try Envelope.parse(Array(none.utf8)) }
        let older = text.replacingOccurrences(of: "\"version\": 10,", with: "\"version\": 8,")
        #expect(older != text)
        #expect(throws: FormatError.corrupt("not in canonical form")) { try Envelope.parse(Array(older.utf8)) }
        #expect(throws: FormatError.newerVersion(11)) {
            try Envelope.parse(Array(text.replacingOccurrences(of: "\"version\": 10,", with: "\"version\": 11,").utf8))
        }
    }

    @Test func aLogFromAnotherTeamVaultIsRefused() throws {
        let alice = try Self.person()
        let elsewhere = try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: "99999999-2222-4333-8444-555555555555", at: Self.stamp)
        let dataKey = try SecureBytes.random(count: 32)
        let envelope = try Envelope.parse(try Self.file(sealedFor: elsewhere, list: elsewhere, dataKey: dataKey))
        #expect(throws: TeamLogError.self) { try envelope.teamLog(dataKey: dataKey) }
    }
}
