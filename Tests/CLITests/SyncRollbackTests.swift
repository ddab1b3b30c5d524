import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The git remote is untrusted, and what it can do with vault files alone is replay old ones:
/// every copy of the vault it ever held opens with the keys (or the keys of its time). Each test
/// pushes one, as an attacker with push access and no keys would, and `vault sync` must refuse
/// it by the vault's own history: nothing changes here, nothing is pushed, every entry stays.
@Suite("vault sync: a remote that replays an older vault")
struct SyncRollbackTests {
    /// The attacker's script: the vault file of the branch's first commit, committed on top.
    static let firstVaultOnTop = """
        git show "$(git rev-list --max-parents=0 HEAD):vault.json" >vault.json
        git commit -q -am 'nothing to see'
        git push -q origin "HEAD:$branch"
        """

    /// The refusal, and what must hold after it: `machine` still has `names`, and neither its
    /// branch nor the remote's moved.
    static func expectRefused(
        _ machine: SyncMachine, in world: SyncWorld, mentioning why: String, names: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let remoteHead = try await world.remoteHead()
        let head = try await machine.gitOutput(["rev-parse", "HEAD"])
        let refused = try await machine.vault(["sync"])
        expectFailure(refused, status: 1, mentioning: "the remote offers an older vault", why, "nothing was merged or pushed",
                      sourceLocation: sourceLocation)
        #expect(try await machine.names() == names, sourceLocation: sourceLocation)
        #expect(try await world.remoteHead() == remoteHead, "nothing was pushed", sourceLocation: sourceLocation)
        let after = try await machine.gitOutput(["rev-parse", "HEAD"])
        // A local change is committed before the fetch; nothing else moves the branch.
        let parent = try await machine.gitOutput(["rev-parse", "HEAD^"])
        #expect(after == head || parent == head, sourceLocation: sourceLocation)
        #expect(try await machine.git(["merge-base", "--is-ancestor", try #require(remoteHead), after]).status == 1,
                "the attacker's commit is not in the branch", sourceLocation: sourceLocation)
    }

    @Test("the first vault file committed on top of the branch is refused, with or without local changes, and refused again",
          arguments: [false, true])
    func olderCopyOnTop(localChange: Bool) async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
        try await laptop.succeed(["sync"])
        try await world.attack(Self.firstVaultOnTop)
        var names = ["web/a", "web/b", "web/c"]
        if localChange {
            try await laptop.succeed(["add", "web/d"], stdin: "pw-d\n")
            names.append("web/d")
        }
        try await Self.expectRefused(laptop, in: world, mentioning: "its latest change is older than the newest copy", names: names)
        try await Self.expectRefused(laptop, in: world, mentioning: "its latest change is older", names: names)
    }

    @Test("another machine's copy from before it merged (a merge commit's first parent) is refused: it would undo this machine's change",
          arguments: [false, true])
    func unmergedCopyReplayed(localChange: Bool) async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        try await laptop.succeed(["edit", "web/a", "--username", "changed-on-laptop"])
        try await laptop.succeed(["sync"])
        try await desktop.succeed(["edit", "web/b", "--username", "changed-on-desktop"])
        try await desktop.succeed(["sync"])
        // The remote's tip is the desktop's merge; its first parent holds the desktop's copy
        // from before it took the laptop's change.
        try await world.attack("""
            git show HEAD^1:vault.json >vault.json
            git commit -q -am 'nothing to see'
            git push -q origin "HEAD:$branch"
            """)
        var names = ["web/a", "web/b"]
        if localChange {
            try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
            names.append("web/c")
        }
        let remoteHead = try await world.remoteHead()
        let refused = try await laptop.vault(["sync"])
        expectFailure(refused, status: 1, mentioning: "the remote offers an older vault: 1 entry (web/a) older than this machine's copy",
                      "nothing was merged or pushed")
        #expect(try await laptop.names() == names)
        let entry = try JSONValue.object(try await laptop.succeed(["show", "web/a", "--json"]).stdoutData)
        #expect(entry["username"] as? String == "changed-on-laptop", "\(entry)")
        #expect(try await world.remoteHead() == remoteHead)
    }

    @Test("a legitimate flow is taken: a password changed and changed back here beats an earlier change elsewhere, and the machine that changed it back takes the merge made elsewhere")
    func changedBackIsNoRollback() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        try await desktop.succeed(["edit", "web/a", "--password"], stdin: "pw-desktop\n")
        try await laptop.succeed(["edit", "web/a", "--password"], stdin: "pw-changed\n")
        try await laptop.succeed(["edit", "web/a", "--password"], stdin: "pw-a\n")
        try await laptop.succeed(["sync"])
        try await desktop.succeed(["sync"])
        try await laptop.succeed(["sync"])
        for machine in [laptop, desktop] {
            #expect(try await machine.succeed(["get", "web/a"]).stdout == "pw-a\n", "\(machine.name): the later change stands")
        }
        #expect(try await laptop.entries() == desktop.entries())
    }

    @Test("a clone on a machine that synced the vault before is held to its record: an older copy is refused and nothing is left")
    func recloneHeldToTheRecord() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
        try await laptop.succeed(["sync"])
        try await desktop.succeed(["sync"])
        try await world.attack(Self.firstVaultOnTop)
        try FileManager.default.removeItem(atPath: desktop.vaultFolder)
        let refused = try await desktop.vault(["sync", "clone", world.remote])
        expectFailure(refused, status: 1, mentioning: "the remote offers an older vault", "nothing was merged or pushed")
        #expect(!FileManager.default.fileExists(atPath: desktop.vaultPath))
        #expect(!FileManager.default.fileExists(atPath: desktop.vaultFolder + "/.git"))
        // A machine that never synced it takes the branch as it is: there is nothing to compare with.
        let other = try world.machine("other")
        try await other.succeed(["sync", "clone", world.remote])
        #expect(try await other.names() == ["web/a", "web/b"])
    }

    @Test("a copy from before a rekey is refused on both machines: the new salt and data key stay")
    func rekeyUndone() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        let salt = try Self.salt(laptop)
        try await laptop.succeed(["rekey"])
        try await laptop.succeed(["sync"])
        try await desktop.succeed(["sync"])
        let rekeyed = try Self.salt(laptop)
        let desktopSalt = try Self.salt(desktop)
        #expect(rekeyed != salt && desktopSalt == rekeyed)

        try await world.attack(Self.firstVaultOnTop)
        for machine in [laptop, desktop] {
            try await Self.expectRefused(machine, in: world, mentioning: "its keys were made before the newest", names: ["web/a", "web/b"])
            #expect(try Self.salt(machine) == rekeyed)
        }
    }

    @Test("a history rewritten without the branch (so no common ancestor) and an old vault is refused by the record of the newest copy synced")
    func rewrittenHistory() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
        try await laptop.succeed(["sync"])
        let id = try #require(try JSONValue.object(Data(contentsOf: URL(fileURLWithPath: laptop.vaultPath)))["id"] as? String)
        let record = laptop.folder + "/state/vault/seen/" + id
        #expect(try VaultFixture.mode(of: record) == 0o600)
        let recorded = try JSONValue.object(Data(contentsOf: URL(fileURLWithPath: record)))
        #expect(recorded["clock"] is String && recorded.count == 1, "\(recorded)")

        try await world.attack("""
            first=$(git rev-list --max-parents=0 HEAD)
            git checkout -q --orphan rewritten "$first"
            git commit -q -m 'a fresh start'
            git push -q --force origin "HEAD:$branch"
            """)
        try await Self.expectRefused(laptop, in: world, mentioning: "its latest change is older", names: ["web/a", "web/b", "web/c"])
    }

    @Test("a copy whose key derivation costs less is refused until sync --accept-weaker-kdf takes it")
    func weakerKeyDerivation() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        try await laptop.succeed(["rekey", "--kdf-memory-mib", "16", "--kdf-iterations", "2"])
        try await laptop.succeed(["sync"])
        try await desktop.succeed(["sync"])
        try await desktop.succeed(["rekey", "--kdf-memory-mib", "8", "--kdf-iterations", "2"])
        try await desktop.succeed(["add", "web/c"], stdin: "pw-c\n")
        try await desktop.succeed(["sync"])

        let remoteHead = try await world.remoteHead()
        let refused = try await laptop.vault(["sync"])
        expectFailure(refused, status: 1, mentioning: "the remote's vault derives its key with less work (8 MiB, 2 passes) than this one (16 MiB, 2 passes)",
                      "run vault sync --accept-weaker-kdf")
        #expect(try await laptop.names() == ["web/a", "web/b"])
        #expect(try await world.remoteHead() == remoteHead)
        try await laptop.succeed(["sync", "--accept-weaker-kdf"])
        #expect(try await laptop.names() == ["web/a", "web/b", "web/c"])
        #expect(try Self.kdf(laptop)["memory_kib"] as? Int == 8 * 1024)
    }

    /// The vault file's header, as JSON.
    static func kdf(_ machine: SyncMachine) throws -> [String: Any] {
        try JSONValue.object(Data(contentsOf: URL(fileURLWithPath: machine.vaultPath)))["kdf"] as? [String: Any] ?? [:]
    }

    static func salt(_ machine: SyncMachine) throws -> String {
        try #require(try kdf(machine)["salt"] as? String)
    }
}
