import CLITestSupport
import Foundation
import Testing

/// `edit`, `mv` and `rm`: each changes exactly what it says, keeps the old password in the
/// history, and fails with the promised exit status when the entry is not there.
@Suite("edit, mv, rm")
struct EditMoveRemoveTests {
    /// The entry as `get --json` prints it.
    private func entryJSON(_ fixture: VaultFixture, _ name: String) async throws -> [String: Any] {
        try JSONValue.object(try await fixture.succeed(["get", name, "--json"]).stdoutData)
    }

    @Test("edit --password keeps the old password in the history, and nowhere searchable")
    func newPassword() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let github = SampleEntries.github
        try await fixture.succeed(["edit", github.name, "--password"], stdin: "brand-new-pw\n")
        #expect(try await fixture.password(of: github.name) == "brand-new-pw")
        let json = try await entryJSON(fixture, github.name)
        let history = try #require(json["history"] as? [[String: Any]])
        #expect(history.count == 1)
        #expect(history.first?["password"] as? String == github.password)
        #expect((history.first?["replaced"] as? String).flatMap(ISO8601DateFormatter().date(from:)) != nil)
        #expect(json["username"] as? String == github.username, "other parts stay")
        #expect(json["urls"] as? [String] == github.urls)

        let shown = try await fixture.succeed(["show", github.name])
        #expect(shown.stdoutLines.contains("History:  1 earlier password"), "\(shown)")
        #expect(!shown.stdout.contains(github.password))
        #expect(try await fixture.succeed(["search", github.password]).stdout.isEmpty)
        #expect(!(try await fixture.succeed(["list", "--json"]).stdout.contains(github.password)))
    }

    @Test("edit --remove-field removes that field only")
    func removeField() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let café = SampleEntries.café
        try await fixture.succeed(["edit", café.name, "--remove-field", "pin-hint"])
        expectFailure(try await fixture.run(["get", café.name, "--field", "pin-hint"]), status: 4, mentioning: "pin-hint")
        let fields = try #require(try await entryJSON(fixture, café.name)["fields"] as? [[String: Any]])
        #expect(fields.map { $0["name"] as? String } == ["api-key", "recovery"])
        #expect(try await fixture.password(of: café.name) == café.password)

        let before = try fixture.vaultBytes()
        expectFailure(try await fixture.run(["edit", café.name, "--remove-field", "pin-hint"]),
                      status: 4, mentioning: "has no field 'pin-hint'")
        #expect(try fixture.vaultBytes() == before, "a failed edit must not write")
    }

    @Test("edit --url and --tag replace the lists; --username and --field set values")
    func replaceDetails() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let github = SampleEntries.github
        try await fixture.succeed(["edit", github.name, "--url", "https://new.example/a", "--url", "https://new.example/b",
                                   "--tag", "solo", "--username", "hubot", "--field", "org=other-org", "--field", "team=core"])
        let json = try await entryJSON(fixture, github.name)
        #expect(json["urls"] as? [String] == ["https://new.example/a", "https://new.example/b"])
        #expect(json["tags"] as? [String] == ["solo"])
        #expect(json["username"] as? String == "hubot")
        let fields = try #require(json["fields"] as? [[String: Any]])
        #expect(fields.map { $0["name"] as? String } == ["org", "team"])
        #expect(fields.map { $0["value"] as? String } == ["other-org", "core"])
        #expect((json["history"] as? [Any])?.isEmpty == true, "no password change, no history")
        #expect(try await fixture.password(of: github.name) == github.password)
    }

    @Test("edit refuses to do nothing (64) and a missing entry (4)")
    func editFailures() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        expectUsageError(try await fixture.run(["edit", "web/github"]), mentioning: "nothing to change")
        expectFailure(try await fixture.run(["edit", "web/nope", "--username", "x"]), status: 4, mentioning: "no entry named 'web/nope'")
    }

    @Test("mv renames, keeps everything else, and refuses to clobber")
    func move() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let bank = SampleEntries.bank
        let before = try await entryJSON(fixture, bank.name)
        try await fixture.succeed(["mv", bank.name, "finance/bank account"])
        expectFailure(try await fixture.run(["get", bank.name]), status: 4, mentioning: "no entry named 'bank account'")
        #expect(try await fixture.password(of: "finance/bank account") == bank.password)
        #expect(try await entryJSON(fixture, "finance/bank account")["created"] as? String == before["created"] as? String)
        #expect(try await fixture.names() == ["café/ü", "finance/bank account", "web/github", #"web/say "hi" \ to me"#])

        let unchanged = try fixture.vaultBytes()
        expectFailure(try await fixture.run(["mv", "web/github", "café/ü"]), status: 5, mentioning: "'café/ü' already exists")
        expectFailure(try await fixture.run(["mv", "web/nope", "web/other"]), status: 4, mentioning: "web/nope")
        #expect(try fixture.vaultBytes() == unchanged)
    }

    @Test("rm --yes removes the entry; without --yes and no terminal it refuses")
    func remove() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let unchanged = try fixture.vaultBytes()
        expectFailure(try await fixture.run(["rm", "web/github"]), status: 1, mentioning: "--yes")
        #expect(try fixture.vaultBytes() == unchanged)

        try await fixture.succeed(["rm", "web/github", "--yes"])
        expectFailure(try await fixture.run(["get", "web/github"]), status: 4, mentioning: "no entry named 'web/github'")
        #expect(try await fixture.names() == ["bank account", "café/ü", #"web/say "hi" \ to me"#])
        expectFailure(try await fixture.run(["rm", "web/github", "--yes"]), status: 4, mentioning: "web/github")
    }
}
