import Foundation
import VaultCore

/// Writes the target's seeds (`VAULT_FUZZ_MAKE_SEEDS=seeds/team-log`, run from Fuzz/; see
/// seeds/team-log/README.md): logs made through `TeamLog` by five fresh identities and signed
/// for `vaultID`, a pin, and pairs of logs (two copies that changed the members since they
/// parted) whose merge stands or is refused for each of the rules of a merge.
enum SeedMaker {
    static func run(into folder: String) -> CInt {
        do {
            let (alice, bob, carol, dave, eve) = (try person(), try person(), try person(), try person(), try person())
            let founded = try TeamLog.founding(team: #"R&D "core" \ ops"#, founder: "Jos\u{E9}", identity: alice, vaultID: vaultID,
                                               at: stamp(1))
            let base = try founded.adding("bob", identity: bob.publicIdentity, by: alice, vaultID: vaultID, at: stamp(2))
                .adding("carol", identity: carol.publicIdentity, by: alice, vaultID: vaultID, at: stamp(3))
            let back = try base.removing("bob", by: alice, vaultID: vaultID, at: stamp(4))
                .adding("robert", identity: bob.publicIdentity, by: carol, vaultID: vaultID, at: stamp(5))
            let ours = try base.adding("dave", identity: dave.publicIdentity, by: alice, vaultID: vaultID, at: stamp(4))
            let theirs = try base.removing("carol", by: bob, vaultID: vaultID, at: stamp(4))
            let merged = try ours.merged(with: theirs)
            let seeds: [(String, [UInt8])] = [
                ("founded", founded.text()),
                ("grown", base.text()),
                ("removed-and-back", back.text()),
                ("merged", merged.text()),
                ("pin-merged", Array(TeamPin(merged).text.utf8)),
                ("pair-merges", pair(ours, theirs)),
                ("pair-one-behind", pair(base, merged)),
                ("pair-removed-on-both-sides",
                 pair(theirs, try base.removing("bob", by: carol, vaultID: vaultID, at: stamp(4)))),
                ("pair-changed-while-removed",
                 pair(theirs, try base.adding("dave", identity: dave.publicIdentity, by: carol, vaultID: vaultID, at: stamp(5)))),
                ("pair-added-twice",
                 pair(ours, try base.adding("dave", identity: eve.publicIdentity, by: carol, vaultID: vaultID, at: stamp(5)))),
            ]
            for (name, bytes) in seeds {
                try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
            }
            return 0
        } catch {
            print("seed maker: \(error)")
            return 1
        }
    }

    /// A new person's identity.
    static func person() throws -> MemberIdentity {
        // A generated seed has 32 bytes, so it always makes an identity.
        try IdentitySecret.generate(created: stamp(0)).identity()!
    }

    /// The stamp of the `n`th change.
    static func stamp(_ n: Int64) -> Stamp {
        Stamp(milliseconds: 1_700_000_000_000 + n, device: "0123456789abcdef")
    }

    /// Two logs as one input: the first, a newline, the second.
    static func pair(_ first: TeamLog, _ second: TeamLog) -> [UInt8] {
        first.text() + [UInt8(ascii: "\n")] + second.text()
    }
}
