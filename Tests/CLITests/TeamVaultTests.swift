import CLITestSupport
import Foundation
import Testing
import VaultCore

/// Team vaults with three people, each with a HOME of their own (vault, state and config) and
/// their own master password: alice makes a team vault and lets bob in; bob reads and writes it
/// through his own vault, carol opens nothing; alice removes bob, who then opens no later
/// version, and is told which secrets he could read; a header changed to seal the key for
/// someone else, a key swapped in from another team vault and a rolled back member list are
/// refused.
@Suite("Team vaults")
struct TeamVaultTests {
    /// alice, bob and carol, and the path of the team vault they share.
    typealias People = TeamPeople

    @Test func aliceSharesWithBobAndCarolOpensNothing() async throws {
        let people = try await People.sharing()
        #expect(try await people.succeed(people.bob, ["get", "db/prod"]).stdout == "prod-password-1\n")
        let carol = try await people.run(people.carol, ["get", "db/prod"])
        expectFailure(carol, status: 3, mentioning: "none of your identities")
        // bob writes with his own password; alice reads it with hers.
        try await people.succeed(people.bob, ["add", "web/bob"], stdin: "bob-wrote-this-one\n")
        #expect(try await people.succeed(people.alice, ["get", "web/bob"]).stdout == "bob-wrote-this-one\n")
        #expect(try await people.succeed(people.alice, ["list"]).stdoutLines == ["db/prod", "web/bob"])
        let members = try await people.succeed(people.bob, ["team", "members", "--json"])
        let object = try JSONValue.object(members.stdoutData)
        #expect((object["members"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["alice", "bob"])
        #expect(object["team"] as? String == "ops" && object["changes"] as? Int == 2)
        // The file names no member: only their keys' recipient ids and the sealed keys.
        let text = try String(contentsOfFile: people.team, encoding: .utf8)
        #expect(!text.contains("alice") && !text.contains("bob") && !text.contains("prod-password-1"))
    }

    @Test func removingBobRekeysAndListsWhatHeCouldRead() async throws {
        let people = try await People.sharing()
        try await people.succeed(people.alice, ["add", "web/notes", "--type", "note"], stdin: "just a note\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: people.team))
        let removed = try await people.succeed(people.alice, ["team", "rm", "bob", "--json"])
        let object = try JSONValue.object(removed.stdoutData)
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.compactMap { $0["name"] as? String } == ["db/prod", "web/notes"])
        #expect(entries.compactMap { $0["fields"] as? [String] } == [["password"], ["notes"]])
        expectFailure(try await people.run(people.bob, ["get", "db/prod"]), status: 3, mentioning: "none of your identities")
        #expect(try await people.succeed(people.alice, ["get", "db/prod"]).stdout == "prod-password-1\n")
        let events = try #require(try JSONValue.object(try await people.succeed(people.alice, ["log", "--json"]).stdoutData)["events"] as? [[String: Any]])
        #expect(events.compactMap { $0["event"] as? String }.filter { $0.hasPrefix("team-") } == ["team-add", "team-remove"], "\(events)")
        #expect((events.last { $0["event"] as? String == "team-remove" })?["detail"] as? String == "bob; a new key, sealed for alice")
        // bob's copy from before opens for him still (he keeps what he could read), and no
        // longer for alice, whose machine has seen the list without him.
        let old = people.world.fixture.path("team-before.json")
        try VaultFixture.writeFile(old, before)
        let bobReadsOld = try await people.bob.vault(["get", "db/prod", "--vault", old], environment: ["VAULT_PASSWORD_FILE": people.bob.folder + "/password"])
        #expect(bobReadsOld.stdout == "prod-password-1\n", "\(bobReadsOld)")
        try VaultFixture.writeFile(people.team, before)
        expectFailure(try await people.run(people.alice, ["list"]), status: 3, mentioning: "rolled back")
        let members = try await people.run(people.alice, ["team", "members"])
        #expect(members.status != 0)
    }

    @Test func theLastMemberCannotLeaveAndNamesAreChecked() async throws {
        let people = try await People.make()
        try #require(try await people.alice.vault(["team", "init", people.team, "--name", "ops", "--me", "alice"],
                                                  environment: ["VAULT_PASSWORD_FILE": people.alice.folder + "/password"]).status == 0)
        expectFailure(try await people.run(people.alice, ["team", "rm", "alice"]), status: 1, mentioning: "last member")
        expectFailure(try await people.run(people.alice, ["team", "rm", "nobody"]), status: 4, mentioning: "nobody")
        let bob = try await people.identity(of: people.bob)
        expectUsageError(try await people.run(people.alice, ["team", "add", String(bob.dropLast()), "--name", "bob", "--yes"]), mentioning: "not a public identity")
        expectFailure(try await people.run(people.alice, ["team", "add", bob, "--name", "bob"]), status: 1, mentioning: "--yes")
        try await people.succeed(people.alice, ["team", "add", bob, "--name", "bob", "--yes"])
        expectFailure(try await people.run(people.alice, ["team", "add", bob, "--name", "robert", "--yes"]), status: 5, mentioning: "bob")
        expectFailure(try await people.run(people.alice, ["passwd"]), status: 1, mentioning: "no master password")
        expectFailure(try await people.run(people.alice, ["rekey", "--kdf-memory-mib", "16"]), status: 1, mentioning: "no master password")
        expectFailure(try await people.run(people.alice, ["identity"]), status: 1, mentioning: "your own vault")
        #expect(try await people.succeed(people.alice, ["status"]).stderr.contains("is a team vault: it has no key of its own to cache"))
        let teamAsOwn = try await people.alice.vault(["list", "--vault", people.team],
                                                     environment: ["VAULT_PASSWORD_FILE": people.alice.folder + "/password", "VAULT_PATH": people.team])
        expectFailure(teamAsOwn, status: 1, mentioning: "is a team vault; point VAULT_PATH at your personal vault")
        let bad = try PublicIdentity(boxKey: [UInt8](repeating: 0, count: 32), signingKey: try #require(PublicIdentity(text: bob)).signingKey)
        expectUsageError(try await people.run(people.alice, ["team", "add", try #require(bad).text, "--name", "zero", "--yes"]), mentioning: "cannot be used")
    }

    @Test func aKeySealedForAnOutsiderOrSwappedFromAnotherTeamIsRefused() async throws {
        let people = try await People.sharing()
        let text = try String(contentsOfFile: people.team, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let memberLines = lines.indices.filter { lines[$0].hasPrefix("    \"") && lines[$0].count > 100 && lines[$0].contains(" ") }
            .filter { index in lines[..<index].contains { $0.contains("\"members\"") } && !lines[..<index].contains { $0.contains("\"log_key\"") } }
        try #require(memberLines.count == 2, "\(memberLines)")
        // bob's line dropped: the seal, bound to every line, no longer matches the header.
        var swapped = lines
        swapped.remove(at: memberLines[1])
        swapped[memberLines[0]] = swapped[memberLines[0]].replacingOccurrences(of: "\",", with: "\"")
        try VaultFixture.writeFile(people.team, swapped.joined(separator: "\n"))
        #expect(try await people.run(people.bob, ["get", "db/prod"]).status == 3)
        #expect(try await people.run(people.alice, ["get", "db/prod"]).status == 3)

        // A second team vault of alice's: its sealed key, moved into the first, opens nothing there.
        try VaultFixture.writeFile(people.team, text)
        let other = people.world.fixture.path("other.json")
        try #require(try await people.alice.vault(["team", "init", other, "--name", "other", "--me", "alice"],
                                                  environment: ["VAULT_PASSWORD_FILE": people.alice.folder + "/password"]).status == 0)
        let otherText = try String(contentsOfFile: other, encoding: .utf8)
        let otherLine = try #require(otherText.split(separator: "\n").first { $0.hasPrefix("    \"") && $0.count > 100 })
        for index in memberLines {
            var moved = lines
            moved[index] = String(otherLine) + (lines[index].hasSuffix(",") ? "," : "")
            try VaultFixture.writeFile(people.team, moved.joined(separator: "\n"))
            #expect(try await people.run(people.alice, ["get", "db/prod"]).status == 3)
        }
        try VaultFixture.writeFile(people.team, text)
        #expect(try await people.succeed(people.alice, ["get", "db/prod"]).stdout == "prod-password-1\n")
    }

    @Test func changesOfMembersSinceTheLastUseAreToldAndAnotherVaultInItsPlaceIsRefused() async throws {
        let people = try await People.sharing()
        let first = try await people.succeed(people.bob, ["list"])
        #expect(first.stderr.contains("first use of team vault") && first.stderr.contains("(alice, bob)"), "\(first)")
        try await people.succeed(people.alice, ["team", "add", try await people.identity(of: people.carol), "--name", "carol", "--yes"])
        let added = try await people.succeed(people.alice, ["list"])
        #expect(!added.stderr.contains("changed since"), "alice made the change herself: \(added)")
        let told = try await people.succeed(people.bob, ["list"])
        #expect(told.stderr.contains("changed since this machine last used it: alice added carol"), "\(told)")
        #expect(!(try await people.succeed(people.bob, ["list"])).stderr.contains("changed since"))
        try await people.succeed(people.alice, ["team", "rm", "carol"])
        #expect(try await people.succeed(people.bob, ["list"]).stderr.contains("alice removed carol"))

        // Another team vault of alice's put where the shared one was: refused, never trusted as new.
        let other = people.world.fixture.path("other.json")
        try #require(try await people.alice.vault(["team", "init", other, "--name", "other", "--me", "alice"],
                                                  environment: ["VAULT_PASSWORD_FILE": people.alice.folder + "/password"]).status == 0)
        try VaultFixture.writeFile(people.team, try Data(contentsOf: URL(fileURLWithPath: other)))
        expectFailure(try await people.run(people.alice, ["list"]), status: 3, mentioning: "another team vault than the one used there before")
    }
}
