import Foundation
import Testing
@testable import VaultCore

/// Identities for team vaults: both key pairs made from one seed, the text form that refuses
/// what is not exactly an identity, the fingerprint people compare, and how a vault keeps them.
struct IdentityTests {
    /// A new identity, as `vault identity` makes one.
    static func fresh(at milliseconds: Int64 = 0) throws -> MemberIdentity {
        try #require(try IdentitySecret.generate(created: Stamp(milliseconds: milliseconds, device: "3f9c0a1b2c3d4e5f")).identity())
    }

    @Test func aSeedMakesTheSameIdentityAndItsTextReadsBack() throws {
        let seed = try [UInt8](repeating: 7, count: 32).withUnsafeBytes { try SecureBytes(copying: $0) }
        let identity = try MemberIdentity(seed: seed)
        #expect(try MemberIdentity(seed: seed).publicIdentity == identity.publicIdentity)
        #expect(identity.publicIdentity.boxKey != identity.publicIdentity.signingKey)
        let text = identity.publicIdentity.text
        #expect(text.hasPrefix("vault1") && text.count == 117 && text == text.lowercased())
        #expect(PublicIdentity(text: text) == identity.publicIdentity)
        #expect(identity.publicIdentity.fingerprint.split(separator: " ").map(\.count) == Array(repeating: 4, count: 8))
        #expect(try Self.fresh().publicIdentity != identity.publicIdentity)
    }

    @Test func aTextThatIsNotExactlyAnIdentityIsRefused() throws {
        let text = try Self.fresh().publicIdentity.text
        var refused = [text.uppercased(), String(text.dropLast()), text + "a", "vault2" + text.dropFirst(6), "", "vault1"]
        for index in [6, 40, text.count - 1] {
            var characters = Array(text)
            characters[index] = characters[index] == "a" ? "b" : "a"
            refused.append(String(characters))
        }
        for odd in refused { #expect(PublicIdentity(text: odd) == nil, "\(odd)") }
    }

    @Test func identitiesMergeByTheirSeedsInTheOrderTheyWereMade() throws {
        let first = try IdentitySecret.generate(created: Stamp(milliseconds: 1, device: "3f9c0a1b2c3d4e5f"))
        let second = try IdentitySecret.generate(created: Stamp(milliseconds: 2, device: "3f9c0a1b2c3d4e60"))
        #expect(IdentitySecret.merged([second], [first, second]) == [first, second])
        // One seed stamped differently in two copies (only a crafted file does it): the earliest
        // stamp, whichever copy is ours.
        let restamped = IdentitySecret(created: Stamp(milliseconds: 0, device: "3f9c0a1b2c3d4e5f"), seed: second.seed)
        #expect(IdentitySecret.merged([first, second], [restamped]) == [restamped, first])
        #expect(IdentitySecret.merged([restamped], [first, second]) == [restamped, first])
        #expect(IdentitySecret.merged([], [second]) == [second])
        #expect(try first.identity()?.publicIdentity == first.identity()?.publicIdentity)
        #expect(try IdentitySecret(created: first.created, seed: "AAAA").identity() == nil)
    }

    @Test func theSealKeepsIdentitiesBetweenItsOtherMembers() throws {
        let identity = try IdentitySecret.generate(created: Stamp(milliseconds: 5, device: "3f9c0a1b2c3d4e5f"))
        let content = SealContent(clock: Stamp(milliseconds: 9, device: "3f9c0a1b2c3d4e5f"), keys: Stamp(milliseconds: 3, device: "3f9c0a1b2c3d4e5f"), identities: [identity])
        let text = String(decoding: try content.text(), as: UTF8.self)
        #expect(text == #"{"clock":"9-0-3f9c0a1b2c3d4e5f","identities":[{"created":"5-0-3f9c0a1b2c3d4e5f","seed":"\#(identity.seed)"}],"keys":"3-0-3f9c0a1b2c3d4e5f"}"#)
        #expect(SealContent(text: Array(text.utf8)) == content)
        // A seed that is not the canonical Base64 of 32 bytes makes a seal that does not decode.
        for odd in ["AAAA", String(identity.seed.dropLast(2)) + "==", identity.seed + "AAAA"] {
            #expect(SealContent(text: Array(text.replacingOccurrences(of: identity.seed, with: odd).utf8)) == nil, "\(odd)")
        }
    }
}
