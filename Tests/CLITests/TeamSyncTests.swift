import CLITestSupport
import Foundation
import Testing

/// `vault sync` of a team vault: each person keeps a copy of the team vault "ops" of their own
/// and syncs it through one bare remote. A member clones it and reads it with their own
/// password, an outsider clones nothing; changes of entries and of members made on two copies
/// at once are merged, with the members each side let in kept and sealed for; a removal beats an
/// add of the same person made at the same time, re-keys the merge (what the removed member
/// could have written on a copy made before it is not taken, and named), and leaves the removed member out of every later copy; removals
/// made on two copies that had not met are refused, as is a removed member's fork pushed over
/// the remote by whoever has seen the removal (while one who took the fork first still takes the
/// removal, whatever the fork's stamps); git's own merge (`git pull`, through vault's merge
/// driver) merges a team vault too.
@Suite("Team vaults over git")
struct TeamSyncTests {
    /// The people of `TeamPeople`, each keeping a copy of the team vault "ops" of their own at
    /// `copy(of:)` (in a folder that is its git repository), synced through the world's remote.
    struct SyncedTeam {
        let people: TeamPeople
        var world: SyncWorld { people.world }
        var alice: SyncMachine { people.alice }
        var bob: SyncMachine { people.bob }
        var carol: SyncMachine { people.carol }

        /// The folder of `person`'s copy: the git repository `vault sync` works in.
        static func folder(of person: SyncMachine) -> String {
            person.folder + "/ops"
        }

        /// `person`'s copy of the team vault.
        static func copy(of person: SyncMachine) -> String {
            folder(of: person) + "/ops.json"
        }

        /// alice's team vault "ops" with bob let in and db/prod in it, put under git with
        /// `vault sync init` and pushed; nobody has cloned it yet.
        static func pushedByAlice() async throws -> SyncedTeam {
            let team = SyncedTeam(people: try await TeamPeople.make())
            try await team.people.foundTeam(at: copy(of: team.alice))
            try await team.succeed(team.alice, ["add", "db/prod"], stdin: "prod-password-1\n")
            try await team.letIn(team.bob, by: team.alice)
            try await team.succeed(team.alice, ["sync", "init", team.world.remote])
            try await team.succeed(team.alice, ["sync"])
            return team
        }

        /// `pushedByAlice`, and bob's clone of it.
        static func shared() async throws -> SyncedTeam {
            let team = try await pushedByAlice()
            let cloned = try await team.clone(team.bob)
            try #require(cloned.status == 0, "\(cloned)")
            return team
        }

        /// Runs `vault arguments…` as `person` on their copy, whatever its status.
        func run(_ person: SyncMachine, _ arguments: [String], stdin: String? = nil) async throws -> VaultResult {
            try await people.run(person, arguments, vault: Self.copy(of: person), stdin: stdin)
        }

        /// `run`, stopping the test unless it exits 0.
        @discardableResult
        func succeed(
            _ person: SyncMachine, _ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> VaultResult {
            try await people.succeed(person, arguments, vault: Self.copy(of: person), stdin: stdin, sourceLocation: sourceLocation)
        }

        /// `vault sync clone` of the remote as `person`, into their copy's place.
        func clone(_ person: SyncMachine) async throws -> VaultResult {
            try await run(person, ["sync", "clone", world.remote])
        }

        /// `member` lets `newcomer` in, on the member's copy.
        func letIn(_ newcomer: SyncMachine, by member: SyncMachine) async throws {
            try await people.letIn(newcomer, by: member, vault: Self.copy(of: member))
        }

        /// The password of `entry` in `person`'s copy, as `vault get` prints it.
        func password(_ person: SyncMachine, of entry: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
            try await succeed(person, ["get", entry], sourceLocation: sourceLocation).stdout
        }

        /// The names of the members `person`'s copy has, as `vault team members --json` gives them.
        func members(of person: SyncMachine, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
            let listed = try JSONValue.object(try await succeed(person, ["team", "members", "--json"], sourceLocation: sourceLocation).stdoutData)
            return try #require(listed["members"] as? [[String: Any]], "\(listed)", sourceLocation: sourceLocation).compactMap { $0["name"] as? String }
        }

        /// The bytes of `person`'s copy.
        func bytes(of person: SyncMachine) throws -> Data {
            try Data(contentsOf: URL(fileURLWithPath: Self.copy(of: person)))
        }

        /// Runs `git arguments…` in the folder of `person`'s copy, with their password file (which
        /// vault's merge driver, run by git, opens their personal vault with), whatever its status.
        @discardableResult
        func git(_ person: SyncMachine, _ arguments: [String]) async throws -> VaultResult {
            try await person.git(arguments, in: Self.folder(of: person), environment: TeamPeople.variables(of: person))
        }

        /// What is in `folder` (nothing when it is missing): what a refused clone into it left.
        static func leftBehind(in folder: String) -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        }

        /// Runs `vault sync` as `person`, which must fail with `status` and one error line holding
        /// every fragment of `why`; their copy must stay byte for byte as it was and the remote's
        /// branch where it was.
        func expectSyncRefused(
            _ person: SyncMachine, status: Int32, mentioning why: String..., sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            let before = try bytes(of: person)
            let remoteHead = try await world.remoteHead()
            let refused = try await run(person, ["sync"])
            expectFailure(refused, status: status, mentioningAll: why, sourceLocation: sourceLocation)
            #expect(try bytes(of: person) == before, "\(person.name)'s copy is as it was", sourceLocation: sourceLocation)
            #expect(try await world.remoteHead() == remoteHead, "nothing was pushed", sourceLocation: sourceLocation)
        }
    }

    @Test("alice shares the team vault through git: bob clones it and reads it with his own password, each takes the other's entry, and an outsider's clone is refused and leaves nothing")
    func memberClonesAndOutsiderDoesNot() async throws {
        let team = try await SyncedTeam.pushedByAlice()
        let cloned = try await team.clone(team.bob)
        #expect(cloned.status == 0, "\(cloned)")
        #expect(cloned.stderr.contains("first use of team vault") && cloned.stderr.contains("its members (alice, bob)"), "\(cloned)")
        #expect(try await team.password(team.bob, of: "db/prod") == "prod-password-1\n")

        try await team.succeed(team.bob, ["add", "web/bob"], stdin: "bob-wrote-this-one\n")
        try await team.succeed(team.bob, ["sync"])
        let synced = try await team.succeed(team.alice, ["sync"])
        #expect(synced.stdoutLines.contains("  added 1 (web/bob)"), "\(synced)")
        #expect(try await team.password(team.alice, of: "web/bob") == "bob-wrote-this-one\n")
        #expect(try await team.members(of: team.alice) == ["alice", "bob"])
        #expect(try team.bytes(of: team.alice) == (try team.bytes(of: team.bob)))

        let outsider = try await team.clone(team.carol)
        expectFailure(outsider, status: 3, mentioning: "none of your identities")
        #expect(SyncedTeam.leftBehind(in: SyncedTeam.folder(of: team.carol)) == [])
    }

    @Test("alice lets carol in while bob changes db/prod: whichever syncs first, both end with alice, bob and carol and bob's change, bob is told carol came in, and carol clones and reads it",
          arguments: [true, false])
    func memberAddedWhileAnEntryChanges(aliceSyncsFirst: Bool) async throws {
        let team = try await SyncedTeam.shared()
        try await team.letIn(team.carol, by: team.alice)
        try await team.succeed(team.bob, ["edit", "db/prod", "--password"], stdin: "prod-password-2\n")

        let (first, second) = aliceSyncsFirst ? (team.alice, team.bob) : (team.bob, team.alice)
        try await team.succeed(first, ["sync"])
        let merged = try await team.succeed(second, ["sync"])
        #expect(merged.stdout.contains("Merged the changes from"), "\(merged)")
        let caughtUp = try await team.succeed(first, ["sync"])
        let bobTakesCarol = aliceSyncsFirst ? merged : caughtUp
        #expect(bobTakesCarol.stdoutLines.contains("  members: alice added carol"), "\(bobTakesCarol)")
        if !aliceSyncsFirst {
            #expect(merged.stdoutLines.contains("  changed 1 (db/prod)") && !merged.stdout.contains("members:"),
                    "alice merges bob's change and no change of members she did not make: \(merged)")
        }
        for person in [team.alice, team.bob] {
            #expect(try await team.members(of: person) == ["alice", "bob", "carol"], "\(person.name)")
            #expect(try await team.password(person, of: "db/prod") == "prod-password-2\n", "\(person.name)")
        }
        #expect(try team.bytes(of: team.alice) == (try team.bytes(of: team.bob)))

        let carolClones = try await team.clone(team.carol)
        #expect(carolClones.status == 0, "\(carolClones)")
        #expect(try await team.password(team.carol, of: "db/prod") == "prod-password-2\n")
    }

    @Test("alice lets carol in while bob lets dave in: the merge keeps both, each side is told of the other's, and both newcomers clone and read it")
    func membersAddedOnBothCopies() async throws {
        let team = try await SyncedTeam.shared()
        let dave = try await team.people.newcomer("dave")
        try await team.letIn(team.carol, by: team.alice)
        try await team.letIn(dave, by: team.bob)

        try await team.succeed(team.alice, ["sync"])
        let merged = try await team.succeed(team.bob, ["sync"])
        #expect(merged.stdoutLines.contains("  members: alice added carol"), "\(merged)")
        let caughtUp = try await team.succeed(team.alice, ["sync"])
        #expect(caughtUp.stdoutLines.contains("  members: bob added dave"), "\(caughtUp)")
        for person in [team.alice, team.bob] {
            #expect(try await team.members(of: person) == ["alice", "bob", "carol", "dave"], "\(person.name)")
        }
        for newcomer in [team.carol, dave] {
            let cloned = try await team.clone(newcomer)
            #expect(cloned.status == 0, "\(newcomer.name): \(cloned)")
            #expect(try await team.password(newcomer, of: "db/prod") == "prod-password-1\n", "\(newcomer.name)")
        }
    }

    @Test("once alice's removal of bob is on the remote, bob's sync is refused with exit 3 and his copy, which he still reads, stays as it was")
    func removedMembersSyncIsRefused() async throws {
        let team = try await SyncedTeam.shared()
        try await team.succeed(team.alice, ["team", "rm", "bob"])
        try await team.succeed(team.alice, ["sync"])
        try await team.expectSyncRefused(team.bob, status: 3, mentioning: "not sealed for you", "nothing was merged")
        #expect(try await team.password(team.bob, of: "db/prod") == "prod-password-1\n")
        #expect(try await team.members(of: team.bob) == ["alice", "bob"])
    }

    @Test("bob's changes that alice had not seen when she removed him are not taken, though pushed before the removal reached the remote: each is undone (his edit back to what alice had, his new entry gone) and named; the result is under the new key, which bob cannot open")
    func changesFromBeforeARemovalAreUndoneAndNamed() async throws {
        let team = try await SyncedTeam.shared()
        try await team.succeed(team.bob, ["edit", "db/prod", "--password"], stdin: "prod-password-bob\n")
        try await team.succeed(team.bob, ["add", "web/bob"], stdin: "bob-wrote-this-one\n")
        try await team.succeed(team.bob, ["sync"])
        try await team.succeed(team.alice, ["team", "rm", "bob"])

        let merged = try await team.succeed(team.alice, ["sync"])
        #expect(merged.stdoutLines.contains("  not taken from a copy made before alice removed bob, as no member who stays signed it: db/prod, web/bob"),
                "\(merged)")
        #expect(merged.stdoutLines.last?.hasPrefix("Pushed to ") == true, "\(merged)")
        #expect(try await team.password(team.alice, of: "db/prod") == "prod-password-1\n")
        expectFailure(try await team.run(team.alice, ["get", "web/bob"]), status: 4, mentioning: "web/bob")
        #expect(try await team.members(of: team.alice) == ["alice"])

        // The remote's copy, cloned afresh by bob, does not open for him.
        let fresh = team.bob.folder + "/fresh"
        let cloned = try await team.people.run(team.bob, ["sync", "clone", team.world.remote], vault: fresh + "/ops.json")
        expectFailure(cloned, status: 3, mentioning: "none of your identities")
        #expect(SyncedTeam.leftBehind(in: fresh) == [])
    }

    @Test("alice let carol in and removed her while bob let her in too: the removal beats bob's add, both end with alice and bob, and carol cannot clone")
    func removalBeatsAnAddMadeAtTheSameTime() async throws {
        let team = try await SyncedTeam.shared()
        try await team.letIn(team.carol, by: team.alice)
        try await team.succeed(team.alice, ["team", "rm", "carol"])
        try await team.letIn(team.carol, by: team.bob)

        try await team.succeed(team.alice, ["sync"])
        let merged = try await team.succeed(team.bob, ["sync"])
        #expect(merged.stdoutLines.contains("  members: alice removed carol"), "\(merged)")
        try await team.succeed(team.alice, ["sync"])
        for person in [team.alice, team.bob] {
            #expect(try await team.members(of: person) == ["alice", "bob"], "\(person.name)")
            #expect(try await team.password(person, of: "db/prod") == "prod-password-1\n", "\(person.name)")
        }
        #expect(try team.bytes(of: team.alice) == (try team.bytes(of: team.bob)))
        let carolClones = try await team.clone(team.carol)
        expectFailure(carolClones, status: 3, mentioning: "none of your identities")
        #expect(SyncedTeam.leftBehind(in: SyncedTeam.folder(of: team.carol)) == [])
    }

    @Test("alice removes carol while bob removes dave, each giving the vault a new key: the second sync is refused with exit 1 naming both, and changes nothing")
    func removalsOnBothCopiesAreRefused() async throws {
        let team = try await SyncedTeam.shared()
        let dave = try await team.people.newcomer("dave")
        try await team.letIn(team.carol, by: team.alice)
        try await team.letIn(dave, by: team.alice)
        try await team.succeed(team.alice, ["sync"])
        try await team.succeed(team.bob, ["sync"])
        try await team.succeed(team.alice, ["team", "rm", "carol"])
        try await team.succeed(team.bob, ["team", "rm", "dave"])

        try await team.succeed(team.alice, ["sync"])
        try await team.expectSyncRefused(team.bob, status: 1, mentioning: "'carol' and 'dave' were removed on two copies that had not met")
        #expect(try await team.members(of: team.bob) == ["alice", "bob", "carol"])
        #expect(try await team.members(of: team.alice) == ["alice", "bob", "dave"])
    }

    /// alice, bob and carol each with a copy; then alice removes bob, adds web/after and syncs,
    /// and bob adds web/bob to the copy he kept from before (carol's too, as she has not synced
    /// since) and force-pushes it over the remote's branch.
    static func removedBobsForkOnTheRemote() async throws -> SyncedTeam {
        let team = try await SyncedTeam.shared()
        try await team.letIn(team.carol, by: team.alice)
        try await team.succeed(team.alice, ["sync"])
        try await team.succeed(team.bob, ["sync"])
        let cloned = try await team.clone(team.carol)
        try #require(cloned.status == 0, "\(cloned)")
        let kept = team.bob.folder + "/ops-kept"
        try FileManager.default.copyItem(atPath: SyncedTeam.folder(of: team.bob), toPath: kept)
        try await team.succeed(team.alice, ["team", "rm", "bob"])
        try await team.succeed(team.alice, ["add", "web/after"], stdin: "after-bob-left\n")
        try await team.succeed(team.alice, ["sync"])

        try await team.people.succeed(team.bob, ["add", "web/bob"], vault: kept + "/ops.json", stdin: "bob-was-here\n")
        try await team.bob.gitSucceeds(["commit", "-qam", "an entry, after all"], in: kept)
        try await team.bob.gitSucceeds(["push", "-qf", "origin", "HEAD"], in: kept)
        return team
    }

    @Test("bob, removed, adds an entry to the copy he kept from before and force-pushes it: alice's sync is refused as an older vault, and her copy stays as it was")
    func removedMembersForkIsRefused() async throws {
        let team = try await Self.removedBobsForkOnTheRemote()
        try await team.expectSyncRefused(team.alice, status: 1, mentioning: "the remote offers an older vault",
                                         "its list of members lacks changes this machine has seen", "nothing was merged or pushed")
        #expect(try await team.succeed(team.alice, ["list"]).stdoutLines == ["db/prod", "web/after"])
        #expect(try await team.members(of: team.alice) == ["alice", "carol"])
    }

    @Test("carol, who took bob's fork before she knew of his removal, takes alice's copy pushed back over it though its stamps are older, and the entry bob signed on his fork is not taken, and named")
    func aForkTakenBeforeTheRemovalDoesNotHoldBackTheRemoval() async throws {
        let team = try await Self.removedBobsForkOnTheRemote()
        let tookFork = try await team.succeed(team.carol, ["sync"])
        #expect(tookFork.stdoutLines.contains("  added 1 (web/bob)"), "\(tookFork)")
        try await team.alice.gitSucceeds(["push", "-qf", "origin", "HEAD"], in: SyncedTeam.folder(of: team.alice))

        let merged = try await team.succeed(team.carol, ["sync"])
        #expect(merged.stdoutLines.contains("  members: alice removed bob"), "\(merged)")
        #expect(merged.stdoutLines.contains("  not taken from a copy made before alice removed bob, as no member who stays signed it: web/bob"),
                "\(merged)")
        #expect(try await team.members(of: team.carol) == ["alice", "carol"])
        try await team.succeed(team.alice, ["sync"])
        for person in [team.alice, team.carol] {
            #expect(try await team.succeed(person, ["list"]).stdoutLines == ["db/prod", "web/after"], "\(person.name)")
        }
        // What bob pushes now is refused: the remote's copy is not sealed for him.
        try await team.expectSyncRefused(team.bob, status: 3, mentioning: "not sealed for you")
    }

    @Test("git pull in alice's repository merges the team vault through vault's merge driver: bob's new member and alice's entry both stand, sealed for carol, who then clones it")
    func gitPullMergesATeamVault() async throws {
        let team = try await SyncedTeam.shared()
        try await team.letIn(team.carol, by: team.bob)
        try await team.succeed(team.bob, ["sync"])
        try await team.succeed(team.alice, ["add", "web/alice"], stdin: "alice-wrote-this-one\n")
        let committed = try await team.git(team.alice, ["commit", "-qam", "web/alice, by hand"])
        try #require(committed.status == 0, "\(committed)")

        let folder = SyncedTeam.folder(of: team.alice)
        let branch = try await team.alice.gitOutput(["symbolic-ref", "--short", "HEAD"], in: folder)
        let pulled = try await team.git(team.alice, ["pull", "-q", "--no-rebase", "origin", branch])
        try #require(pulled.status == 0, "\(pulled)")
        #expect(try await team.alice.gitOutput(["rev-list", "--parents", "-n1", "HEAD"], in: folder).split(separator: " ").count == 3,
                "a merge commit")
        #expect(try await team.members(of: team.alice) == ["alice", "bob", "carol"])
        #expect(try await team.password(team.alice, of: "web/alice") == "alice-wrote-this-one\n")

        try await team.succeed(team.alice, ["sync"])
        try await team.succeed(team.bob, ["sync"])
        #expect(try await team.password(team.bob, of: "web/alice") == "alice-wrote-this-one\n")
        let carolClones = try await team.clone(team.carol)
        #expect(carolClones.status == 0, "\(carolClones)")
        #expect(try await team.password(team.carol, of: "web/alice") == "alice-wrote-this-one\n")
    }
}
