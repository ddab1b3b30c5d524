import CLITestSupport
import Foundation
import KeyringDoubles
import Testing
import VaultSystem

/// Mounts: a team vault under a prefix of one's own vault (`vault team mount PATH PREFIX`, kept
/// in config.json as `"mounts"`). With alice, bob and carol, each a HOME of their own: alice's
/// team vault mounted as `team` by alice and bob, so that `team/db/prod` in their commands is
/// the entry `db/prod` of the team vault, for get, show, add, edit, otp, rm, mv, attach and the
/// `vault://` references; list, search, audit and completion give the own entries, then the
/// mount's, prefixed. carol, no member, mounts nothing, and a mount written by hand that she
/// cannot open is a warning, not a failure. `--mount PREFIX` is `--vault PATH`; the settings
/// the config cannot use stop every command.
@Suite("Mounted team vaults")
struct MountTests {
    static let strong = ["Qv8#nLw2!tRz6@pKm", "Hj4$eXo9%sYu1^bNd", "Wc7&fGi3*aPl5(qVe", "Tb2)mZr8_uKx4+oJs", "Lr6^yDq1&wEc9*hMz"]
    /// The team's db/prod, bob's web/bob and bank/bob, alice's mail/alice.
    static let prod = strong[0], bobWeb = strong[1], bobBank = strong[2], aliceMail = strong[3]
    /// RFC 6238's SHA-1 secret, "12345678901234567890" in Base32: 287082 at second 59.
    static let otpSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

    // MARK: - The world

    /// alice's team vault "ops" with bob in it and db/prod (user dbuser) written through
    /// `--vault`; alice's own vault holds mail/alice, bob's web/bob (user prod-admin) and
    /// bank/bob; both have mounted the team vault as `team`.
    static func mounted() async throws -> TeamPeople {
        let people = try await TeamPeople.make()
        try await people.foundTeam()
        try await people.succeed(people.alice, ["add", "db/prod", "--username", "dbuser"], stdin: prod + "\n")
        try await people.letIn(people.bob, by: people.alice)
        try await succeed(people.alice, ["add", "mail/alice"], stdin: aliceMail + "\n")
        try await succeed(people.bob, ["add", "web/bob", "--username", "prod-admin"], stdin: bobWeb + "\n")
        try await succeed(people.bob, ["add", "bank/bob"], stdin: bobBank + "\n")
        try await succeed(people.alice, ["team", "mount", people.team, "team"])
        try await succeed(people.bob, ["team", "mount", people.team, "team"])
        return people
    }

    /// Runs `vault arguments…` as `person` with their password file, on their own vault (no
    /// `--vault`), whatever its status.
    static func own(
        _ person: SyncMachine, _ arguments: [String], stdin: String? = nil, environment: [String: String?] = [:]
    ) async throws -> VaultResult {
        let variables = TeamPeople.variables(of: person).mapValues { Optional($0) }
        return try await person.vault(arguments, stdin: stdin, environment: variables.merging(environment) { _, new in new })
    }

    /// `own`, stopping the test unless it exits 0.
    @discardableResult
    static func succeed(
        _ person: SyncMachine, _ arguments: [String], stdin: String? = nil, environment: [String: String?] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> VaultResult {
        let result = try await own(person, arguments, stdin: stdin, environment: environment)
        try #require(result.status == 0, "\(person.name) \(arguments): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs `vault arguments…` as `person` in-process with the in-memory keyrings of `session`.
    static func withKeyring(
        _ person: SyncMachine, _ session: InMemoryKeyringSession, _ arguments: [String], environment: [String: String?] = [:]
    ) async throws -> VaultResult {
        let variables = TeamPeople.variables(of: person).mapValues { Optional($0) }
        let all = person.environment.merging(variables) { _, new in new }.merging(environment) { _, new in new }
        return try await person.fixture.run(arguments, environment: all) { context in
            let records = KeyLifetimeRecords(stateHome: XDGFolders.stateHome(environment: context.environment))
            context.keyrings = session.factory(records: records, now: context.now)
        }
    }

    static func configPath(of person: SyncMachine) -> String {
        person.folder + "/config/vault/config.json"
    }

    static func configText(of person: SyncMachine) throws -> String {
        try String(contentsOfFile: configPath(of: person), encoding: .utf8)
    }

    /// The `mounts` object of `person`'s config file.
    static func mounts(of person: SyncMachine) throws -> [String: String]? {
        let object = try JSONValue.object(Data(try configText(of: person).utf8))
        return object["mounts"] as? [String: String]
    }

    /// The names of a `list --json` or `search --json` output.
    static func summaryNames(_ result: VaultResult) throws -> [String?] {
        try JSONValue.array(result.stdoutData).map { $0["name"] as? String }
    }

    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    // MARK: - Tests

    @Test("team mount writes config.json with sorted keys and the others kept, and lists the mounts")
    func mountWritesTheConfig() async throws {
        let people = try await TeamPeople.make()
        try await people.foundTeam()
        try people.alice.writeConfig(#"{"keyring": false, "audit": {"ignore": ["junk/*"]}}"#)
        let mounted = try await Self.succeed(people.alice, ["team", "mount", people.team, "team"])
        #expect(mounted.stdout.isEmpty, "\(mounted)")
        #expect(mounted.stderr.contains("team") && mounted.stderr.contains(people.team), "\(mounted)")
        let text = try Self.configText(of: people.alice)
        let object = try JSONValue.object(Data(text.utf8))
        #expect(object["mounts"] as? [String: String] == ["team": people.team], "\(text)")
        #expect(object["keyring"] as? Bool == false, "\(text)")
        #expect((object["audit"] as? [String: Any])?["ignore"] as? [String] == ["junk/*"], "\(text)")
        let positions = ["\"audit\"", "\"keyring\"", "\"mounts\""].compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == 3 && positions == positions.sorted(), "keys sorted: \(text)")

        let listed = try await Self.succeed(people.alice, ["team", "mount"])
        #expect(listed.stdout == "team\t\(people.team)\n", "\(listed)")
        let other = people.world.fixture.path("other.json")
        try await people.foundTeam(at: other)
        try await Self.succeed(people.alice, ["team", "mount", other, "ops/other"])
        #expect(try await Self.succeed(people.alice, ["team", "mount"]).stdout == "ops/other\t\(other)\nteam\t\(people.team)\n")
        #expect(try Self.mounts(of: people.alice) == ["team": people.team, "ops/other": other])
    }

    @Test("alice adds team/db/web through her mount, bob reads it through his; db/prod alone is bob's own vault")
    func addAndGetThroughMounts() async throws {
        let people = try await Self.mounted()
        let added = try await Self.succeed(people.alice, ["add", "team/db/web", "--username", "webuser"], stdin: Self.strong[4] + "\n")
        #expect(added.stderr.contains("Added team/db/web."), "\(added)")
        // In the team vault, as db/web, and not in alice's own.
        #expect(try await people.succeed(people.alice, ["get", "db/web"]).stdout == Self.strong[4] + "\n")
        #expect(try await people.succeed(people.alice, ["list"]).stdoutLines == ["db/prod", "db/web"])
        #expect(try await Self.succeed(people.alice, ["list", "--vault", people.alice.vaultPath]).stdoutLines == ["mail/alice"])

        #expect(try await Self.succeed(people.bob, ["get", "team/db/web"]).stdout == Self.strong[4] + "\n")
        #expect(try await Self.succeed(people.bob, ["get", "team/db/prod"]).stdout == Self.prod + "\n")
        #expect(try await Self.succeed(people.bob, ["get", "team/db/prod", "--field", "username"]).stdout == "dbuser\n")
        expectFailure(try await Self.own(people.bob, ["get", "db/prod"]), status: 4, mentioning: "no entry named 'db/prod'")
        expectFailure(try await Self.own(people.bob, ["get", "team/nope"]), status: 4, mentioning: "team/nope")
        #expect(try await Self.succeed(people.bob, ["get", "web/bob"]).stdout == Self.bobWeb + "\n")

        let shown = try await Self.succeed(people.bob, ["show", "team/db/prod"])
        #expect(shown.stdoutLines.first?.hasPrefix("Name:") == true && shown.stdoutLines.first?.hasSuffix(" team/db/prod") == true, "\(shown)")
        #expect(!shown.stdout.contains(Self.prod))
        let view = try JSONValue.object(try await Self.succeed(people.bob, ["show", "team/db/prod", "--json"]).stdoutData)
        #expect(view["name"] as? String == "team/db/prod" && view["username"] as? String == "dbuser")
        // Adding a name the mounted vault has already is refused, as in one's own vault.
        expectFailure(try await Self.own(people.bob, ["add", "team/db/prod"], stdin: "another-Long-pw-77\n"), status: 5,
                      mentioning: "team/db/prod")
    }

    @Test("list, search and their --json: the own vault's names, then the mount's, prefixed, each sorted")
    func listingCoversMounts() async throws {
        let people = try await Self.mounted()
        try await people.succeed(people.alice, ["add", "app/key"], stdin: Self.strong[4] + "\n")
        // A second team vault, mounted by bob at ops: its names come after the own vault's, before team's.
        let other = people.world.fixture.path("other.json")
        try await people.foundTeam(at: other)
        try await people.succeed(people.alice, ["add", "x/key", "--username", "opsuser"], vault: other, stdin: "Other-key-Pw-42!\n")
        try await people.letIn(people.bob, by: people.alice, vault: other)
        try await Self.succeed(people.bob, ["team", "mount", other, "ops"])
        let expected = ["bank/bob", "web/bob", "ops/x/key", "team/app/key", "team/db/prod"]
        let listed = try await Self.succeed(people.bob, ["list"])
        #expect(listed.stdoutLines == expected, "\(listed)")
        #expect(!listed.stderr.contains("warning"), "\(listed)")
        #expect(try Self.summaryNames(try await Self.succeed(people.bob, ["list", "--json"])) == expected)
        #expect(try await Self.succeed(people.alice, ["list"]).stdoutLines == ["mail/alice", "team/app/key", "team/db/prod"])
        // A pattern is matched against the names as shown.
        #expect(try await Self.succeed(people.bob, ["list", "team/*"]).stdoutLines == ["team/app/key", "team/db/prod"])
        #expect(try await Self.succeed(people.bob, ["list", "KEY"]).stdoutLines == ["ops/x/key", "team/app/key"])
        // "prod" is bob's web/bob's user name and the team's db/prod's name.
        #expect(try await Self.succeed(people.bob, ["search", "prod"]).stdoutLines == ["web/bob", "team/db/prod"])
        #expect(try await Self.succeed(people.bob, ["search", "dbuser"]).stdoutLines == ["team/db/prod"])
        #expect(try await Self.succeed(people.bob, ["search", "user"]).stdoutLines == ["ops/x/key", "team/db/prod"])
        let found = try await Self.succeed(people.bob, ["search", "--json", "prod"])
        #expect(try Self.summaryNames(found) == ["web/bob", "team/db/prod"])
        #expect(!found.stdout.contains(Self.prod) && !found.stdout.contains(Self.bobWeb))
        // --vault names one vault: no mount in it, no prefix.
        #expect(try await people.succeed(people.bob, ["list"]).stdoutLines == ["app/key", "db/prod"])
    }

    @Test("edit, otp, mv and rm of team/… change the team vault; a move between vaults is refused")
    func changesGoToTheMountedVault() async throws {
        let people = try await Self.mounted()
        let edited = try await Self.succeed(people.bob, ["edit", "team/db/prod", "--username", "dbadmin"])
        #expect(edited.stderr.contains("Updated team/db/prod."), "\(edited)")
        #expect(try await people.succeed(people.alice, ["get", "db/prod", "--field", "username"]).stdout == "dbadmin\n")
        try await Self.succeed(people.bob, ["edit", "team/db/prod", "--password"], stdin: Self.strong[4] + "\n")
        #expect(try await Self.succeed(people.alice, ["get", "team/db/prod"]).stdout == Self.strong[4] + "\n")

        try await Self.succeed(people.alice, ["add", "team/site/otp", "--otp"], stdin: "site-Pw-long-enough-1\n\(Self.otpSecret)\n")
        #expect(try await Self.succeed(people.bob, ["otp", "team/site/otp", "--at", "59"]).stdout == "287082\n")
        #expect(try await people.succeed(people.bob, ["otp", "site/otp", "--at", "59"]).stdout == "287082\n")

        let moved = try await Self.succeed(people.bob, ["mv", "team/site/otp", "team/site/totp"])
        #expect(moved.stderr.contains("Renamed team/site/otp to team/site/totp."), "\(moved)")
        #expect(try await people.succeed(people.alice, ["list"]).stdoutLines == ["db/prod", "site/totp"])
        let teamBefore = try Self.bytes(people.team), bobBefore = try Self.bytes(people.bob.vaultPath)
        for (from, to) in [("team/site/totp", "web/totp"), ("web/bob", "team/web/bob")] {
            let refused = try await Self.own(people.bob, ["mv", from, to])
            expectFailure(refused, status: 1, mentioning: from)
        }
        #expect(try Self.bytes(people.team) == teamBefore)
        #expect(try Self.bytes(people.bob.vaultPath) == bobBefore)
        #expect(try await Self.succeed(people.bob, ["list"]).stdoutLines == ["bank/bob", "web/bob", "team/db/prod", "team/site/totp"])

        let removed = try await Self.succeed(people.bob, ["rm", "team/db/prod", "--yes"])
        #expect(removed.stderr.contains("Removed team/db/prod."), "\(removed)")
        expectFailure(try await people.run(people.alice, ["get", "db/prod"]), status: 4, mentioning: "db/prod")
        expectFailure(try await Self.own(people.bob, ["rm", "team/db/prod", "--yes"]), status: 4, mentioning: "team/db/prod")
        #expect(try await Self.succeed(people.alice, ["list"]).stdoutLines == ["mail/alice", "team/site/totp"])
    }

    @Test("a failure about a team entry names it as the person does, with its prefix")
    func failuresNameThePrefixedEntry() async throws {
        let people = try await Self.mounted()
        try await people.succeed(people.alice, ["add", "app/key"], stdin: Self.strong[4] + "\n")
        try await people.succeed(people.alice, ["add", "otp/hotp", "--otp"], vault: nil,
                                 stdin: "Hotp-entry-Pw-55!\notpauth://hotp/Example:me?secret=\(Self.otpSecret)&counter=5\n")
        let failures: [([String], Int32, [String])] = [
            (["get", "team/db/prod", "--field", "nope"], 4, ["'team/db/prod'", "nope"]),
            (["edit", "team/db/prod", "--remove-field", "nope"], 4, ["'team/db/prod'", "has no field 'nope'"]),
            (["mv", "team/db/prod", "team/app/key"], 5, ["'team/app/key' already exists"]),
            (["attach", "get", "team/db/prod", "nope.txt", "--stdout"], 4, ["team/db/prod", "no attachment called"]),
            (["attach", "rm", "team/db/prod", "nope.txt"], 4, ["team/db/prod", "no attachment called"]),
            (["read", "vault://team/db/prod#nope"], 4, ["vault://team/db/prod#nope"]),
            // A one-time code's failures, and the advice they give, name it too.
            (["otp", "team/db/prod"], 4, ["entry 'team/db/prod' has no one-time password", "vault edit team/db/prod --otp"]),
            (["get", "team/db/prod", "--field", "otp"], 4, ["entry 'team/db/prod' has no one-time password"]),
            (["otp", "team/otp/hotp", "--at", "59"], 64, ["'team/otp/hotp' has a HOTP"]),
        ]
        let before = try Self.bytes(people.team)
        for (arguments, status, fragments) in failures {
            expectFailure(try await Self.own(people.bob, arguments), status: status, mentioningAll: fragments)
        }
        #expect(try Self.bytes(people.team) == before, "no failure wrote")
        // A HOTP code moves the counter of the team vault's entry on (RFC 4226: 254676 at 5, 287922 at 6).
        #expect(try await Self.succeed(people.bob, ["otp", "team/otp/hotp"]).stdout == "254676\n")
        #expect(try await Self.succeed(people.alice, ["otp", "team/otp/hotp"]).stdout == "287922\n")
        #expect(try await people.succeed(people.bob, ["get", "otp/hotp", "--field", "otpauth"]).stdout.contains("counter=7"))
    }

    @Test("vault://team/… references in read, run and inject are the team vault's entries")
    func referencesThroughMounts() async throws {
        let people = try await Self.mounted()
        #expect(try await Self.succeed(people.bob, ["read", "vault://team/db/prod"]).stdout == Self.prod + "\n")
        #expect(try await Self.succeed(people.bob, ["read", "vault://team/db/prod#username"]).stdout == "dbuser\n")
        #expect(try await Self.succeed(people.bob, ["read", "vault://web/bob#username"]).stdout == "prod-admin\n")
        expectFailure(try await Self.own(people.bob, ["read", "vault://team/nope"]), status: 4, mentioning: "vault://team/nope")
        expectFailure(try await Self.own(people.bob, ["read", "vault://db/prod"]), status: 4, mentioning: "vault://db/prod")

        let seen = people.world.fixture.path("seen")
        let ran = try await Self.own(people.bob, ["run", "--", "sh", "-c", #"printf '%s|%s|%s' "$DB" "$DB_USER" "$OWN" > "$SEEN""#],
                                     environment: ["DB": "vault://team/db/prod", "DB_USER": "vault://team/db/prod#username",
                                                   "OWN": "vault://web/bob", "SEEN": seen])
        #expect(ran.status == 0, "\(ran)")
        #expect(try String(contentsOfFile: seen, encoding: .utf8) == "\(Self.prod)|dbuser|\(Self.bobWeb)")

        let template = "db: {{ vault://team/db/prod#username }}:{{ vault://team/db/prod }}\nown: {{ vault://web/bob }}\n"
        let injected = try await Self.succeed(people.bob, ["inject"], stdin: template)
        #expect(injected.stdout == "db: dbuser:\(Self.prod)\nown: \(Self.bobWeb)\n", "\(injected)")
        expectFailure(try await Self.own(people.bob, ["inject"], stdin: "{{ vault://team/gone }}\n"), status: 4, mentioning: "vault://team/gone")
    }

    @Test("attach add, get, ls and rm on team/… keep the file with the team vault")
    func attachmentsThroughMounts() async throws {
        let people = try await Self.mounted()
        let content = "the runbook \(UUID().uuidString)\n"
        let file = try VaultFixture.writeFile(people.world.fixture.path("runbook.txt"), content)
        try await Self.succeed(people.bob, ["attach", "add", "team/db/prod", file])
        #expect(try await Self.succeed(people.alice, ["attach", "get", "team/db/prod", "runbook.txt", "--stdout"]).stdout == content)
        #expect(try await people.succeed(people.alice, ["attach", "get", "db/prod", "runbook.txt", "--stdout"]).stdout == content)
        let listed = try JSONValue.array(try await Self.succeed(people.bob, ["attach", "ls", "team/db/prod", "--json"]).stdoutData)
        #expect(listed.map { $0["name"] as? String } == ["runbook.txt"])
        let teamFolder = people.team + ".attachments"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: teamFolder)) ?? []).count == 1)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: people.bob.vaultPath + ".attachments")) ?? []).isEmpty)
        let removed = try await Self.succeed(people.bob, ["attach", "rm", "team/db/prod", "runbook.txt"])
        #expect(removed.stderr.contains("Removed the attachment runbook.txt from team/db/prod."), "\(removed)")
        #expect(try JSONValue.array(try await people.succeed(people.alice, ["attach", "ls", "db/prod", "--json"]).stdoutData).isEmpty)
        expectFailure(try await Self.own(people.bob, ["attach", "add", "team/nope", file]), status: 4, mentioning: "team/nope")
    }

    @Test("audit covers the mount's entries under their prefixed names")
    func auditCoversMounts() async throws {
        let people = try await Self.mounted()
        try await Self.succeed(people.alice, ["add", "team/weak/one"], stdin: "password1\n")
        let breaches = try VaultFixture.writeFile(people.world.fixture.path("pwned.txt"), BreachData.file([("unrelated", 3)]))
        let result = try await Self.own(people.bob, ["audit", "--offline", breaches, "--json"])
        #expect(result.status == 10, "\(result)")
        let document = try JSONValue.object(result.stdoutData)
        let findings = try #require(document["findings"] as? [[String: Any]])
        let found = Set(findings.map { "\($0["entry"] as? String ?? "?") \($0["kind"] as? String ?? "?")" })
        #expect(found == ["team/weak/one weak"], "\(result)")
        #expect((document["entries"] as? [String: Any])?["audited"] as? Int == 4, "\(result)")
        #expect(!result.stdout.contains("password1") && !result.stdout.contains(Self.prod))
    }

    @Test("completion offers the own names, then the mount's prefixed; a mount it cannot open leaves the rest")
    func completionCoversMounts() async throws {
        let people = try await Self.mounted()
        let session = InMemoryKeyringSession()
        let gone = people.world.fixture.path("gone.json")
        // The keyring on, so that completion finds bob's key; a second mount whose file is missing.
        try people.bob.writeConfig(#"{"mounts": {"gone": "\#(gone)", "team": "\#(people.team)"}}"#)
        let unlocked = try await Self.withKeyring(people.bob, session, ["unlock"])
        try #require(unlocked.status == 0, "\(unlocked)")
        let completed = try await Self.withKeyring(people.bob, session, ["complete-entries", "--shell", "fish", "--", "get"],
                                                   environment: withoutPassword)
        #expect(completed.status == 0, "\(completed)")
        #expect(completed.stdoutLines == ["bank/bob", "web/bob", "team/db/prod"], "\(completed)")
        // --vault on the line: that vault alone, its own names.
        let team = try await Self.withKeyring(people.bob, session, ["complete-entries", "--shell", "fish", "--", "get", "--vault", people.team],
                                              environment: withoutPassword)
        #expect(team.stdoutLines == ["db/prod"], "\(team)")
    }

    @Test("carol, no member, cannot mount; a mount she writes by hand is a warning and her own entries are listed")
    func nonMemberMountsNothing() async throws {
        let people = try await Self.mounted()
        try await Self.succeed(people.carol, ["add", "notes/carol"], stdin: Self.strong[4] + "\n")
        let before = try Self.configText(of: people.carol)
        let refused = try await Self.own(people.carol, ["team", "mount", people.team, "team"])
        expectFailure(refused, status: 3, mentioning: "none of your identities")
        #expect(try Self.configText(of: people.carol) == before)

        let gone = people.world.fixture.path("gone.json")
        try people.carol.writeConfig(#"{"keyring": false, "mounts": {"gone": "\#(gone)", "team": "\#(people.team)"}}"#)
        for arguments in [["list"], ["search", "carol"]] {
            let result = try await Self.own(people.carol, arguments)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutLines == ["notes/carol"], "\(result)")
                let warnings = result.stderrLines.filter { $0.hasPrefix("vault: warning: ") }
            #expect(warnings.count == 2 && warnings.contains { $0.contains("team/") } && warnings.contains { $0.contains("gone/") }, "\(result)")
            #expect(!result.stderr.contains("vault: error"), "\(result)")
        }
        let direct = try await Self.own(people.carol, ["get", "team/db/prod"])
        expectFailure(direct, status: 3, mentioning: "none of your identities")
        expectFailure(try await Self.own(people.carol, ["get", "gone/x"]), status: 4, mentioning: gone)

        // alice lets her in through her mount: carol's list now has the team's names.
        try await Self.succeed(people.alice, ["team", "add", try await people.identity(of: people.carol), "--name", "carol", "--yes", "--mount", "team"])
        let listed = try await Self.own(people.carol, ["list"])
        #expect(listed.status == 0 && listed.stdoutLines == ["notes/carol", "team/db/prod"], "\(listed)")
        // Her first use of the team vault is told too; the only mount left out is gone/.
        let leftOut = listed.stderrLines.filter { $0.hasPrefix("vault: warning: ") && $0.contains("mounted at") }
        #expect(leftOut.count == 1 && leftOut.allSatisfy { $0.contains("gone/") }, "\(listed)")
        #expect(try await Self.succeed(people.carol, ["get", "team/db/prod"]).stdout == Self.prod + "\n")
    }

    @Test("a member with no config file yet mounts: the file is made with the mount alone")
    func mountMakesTheConfigFile() async throws {
        let people = try await Self.mounted()
        try await people.letIn(people.carol, by: people.alice)
        try FileManager.default.removeItem(atPath: Self.configPath(of: people.carol))
        try await Self.succeed(people.carol, ["team", "mount", people.team, "team", "--no-keyring"])
        let object = try JSONValue.object(Data(try Self.configText(of: people.carol).utf8))
        #expect(object.keys.sorted() == ["mounts"] && object["mounts"] as? [String: String] == ["team": people.team], "\(object)")
    }

    @Test("team mount refuses a prefix mounted elsewhere, own entries under the prefix, a personal vault and a missing file")
    func mountRefusals() async throws {
        let people = try await Self.mounted()
        let other = people.world.fixture.path("other.json")
        try await people.foundTeam(at: other)
        let config = try Self.configText(of: people.alice)

        expectFailure(try await Self.own(people.alice, ["team", "mount", other, "team"]), status: 5, mentioning: "team")
        try await Self.succeed(people.alice, ["add", "legacy/one"], stdin: Self.strong[4] + "\n")
        expectFailure(try await Self.own(people.alice, ["team", "mount", other, "legacy"]), status: 5, mentioning: "legacy/one")
        expectFailure(try await Self.own(people.alice, ["team", "mount", people.bob.vaultPath, "bobs"]), status: 1, mentioning: people.bob.vaultPath)
        expectFailure(try await Self.own(people.alice, ["team", "mount", people.alice.vaultPath, "mine"]), status: 1,
                      mentioning: people.alice.vaultPath)
        let missing = people.world.fixture.path("missing.json")
        expectFailure(try await Self.own(people.alice, ["team", "mount", missing, "missing"]), status: 4, mentioning: missing)
        // A prefix inside one mounted already, or around it.
        expectFailure(try await Self.own(people.alice, ["team", "mount", other, "team/other"]), status: 1, mentioning: "team/other")
        // The team vault mounted already, at another prefix: its entries would be listed twice.
        expectFailure(try await Self.own(people.alice, ["team", "mount", people.team, "again"]), status: 5, mentioning: "'team'")
        #expect(try Self.configText(of: people.alice) == config, "every refusal leaves the config as it was")
        #expect(try await Self.succeed(people.alice, ["team", "mount"]).stdout == "team\t\(people.team)\n")
    }

    @Test("an own entry that comes under a mount's prefix later is left out of list and search with a warning; its name is the team's")
    func ownEntriesHiddenByAMount() async throws {
        let people = try await Self.mounted()
        let own = people.bob.vaultPath
        try await Self.succeed(people.bob, ["add", "team/db/prod", "--vault", own], stdin: Self.strong[4] + "\n")
        let listed = try await Self.succeed(people.bob, ["list"])
        #expect(listed.stdoutLines == ["bank/bob", "web/bob", "team/db/prod"])
        #expect(listed.stderr.contains("1 entry of your vault under a mount's prefix, hidden by it: team/db/prod (reach them with --vault \(own))"))
        let found = try await Self.succeed(people.bob, ["search", "db"])
        #expect(found.stdoutLines == ["team/db/prod"])
        #expect(found.stderr.contains("hidden by it: team/db/prod"))
        #expect(try await Self.succeed(people.bob, ["get", "team/db/prod"]).stdout == Self.prod + "\n")
        #expect(try await Self.succeed(people.bob, ["get", "team/db/prod", "--vault", own]).stdout == Self.strong[4] + "\n")
        // With --vault, nothing is routed and nothing hidden.
        let direct = try await Self.succeed(people.bob, ["list", "--vault", own])
        #expect(direct.stdoutLines == ["bank/bob", "team/db/prod", "web/bob"] && !direct.stderr.contains("hidden"))
        // The audit leaves it out too: one team/db/prod, the team's.
        let breaches = try VaultFixture.writeFile(people.world.fixture.path("pwned.txt"), BreachData.file([("unrelated", 3)]))
        let audit = try await Self.own(people.bob, ["audit", "--offline", breaches, "--json"])
        #expect(audit.stderr.contains("hidden by it: team/db/prod"))
        let document = try JSONValue.object(audit.stdoutData)
        #expect((document["entries"] as? [String: Any])?["audited"] as? Int == 3, "\(audit)")
    }

    @Test("entropy --entry team/… checks the team entry's password and names it under the prefix; a missing one is named so")
    func entropyOfATeamEntry() async throws {
        let people = try await Self.mounted()
        let result = try await Self.own(people.bob, ["entropy", "--entry", "team/db/prod"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.first?.hasPrefix("team/db/prod: score 4/4") == true, "\(result)")
        #expect(!result.stdout.contains(Self.prod))
        expectFailure(try await Self.own(people.bob, ["entropy", "--entry", "team/nope"]), status: 4, mentioning: "'team/nope'")
    }

    @Test("the name field of a team entry, as get and a reference give it, is its name under the prefix")
    func nameFieldUnderThePrefix() async throws {
        let people = try await Self.mounted()
        #expect(try await Self.succeed(people.bob, ["get", "team/db/prod", "--field", "name"]).stdout == "team/db/prod\n")
        #expect(try await Self.succeed(people.bob, ["read", "vault://team/db/prod#name"]).stdout == "team/db/prod\n")
        #expect(try await Self.succeed(people.bob, ["read", "vault://web/bob#NAME"]).stdout == "web/bob\n")
    }

    @Test("team mount and unmount write through a config.json that is a symbolic link, keeping its permissions")
    func symlinkedConfig() async throws {
        let people = try await TeamPeople.make()
        try await people.foundTeam()
        let dotfiles = people.world.fixture.path("dotfiles-config.json")
        try Data(#"{"keyring": false, "clip_timeout": 30.5}"#.utf8).write(to: URL(fileURLWithPath: dotfiles))
        chmod(dotfiles, 0o644)
        let link = Self.configPath(of: people.alice)
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dotfiles)
        try await Self.succeed(people.alice, ["team", "mount", people.team, "team"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == dotfiles)
        let written = try String(contentsOfFile: dotfiles, encoding: .utf8)
        #expect(written.contains(#""clip_timeout" : 30.5"#) && written.contains(#""keyring" : false"#) && written.contains(people.team))
        #expect(try FileManager.default.attributesOfItem(atPath: dotfiles)[.posixPermissions] as? Int == 0o644)
        try await Self.succeed(people.alice, ["team", "unmount", "team"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == dotfiles)
        #expect(try !String(contentsOfFile: dotfiles, encoding: .utf8).contains("mounts"))
        // A link to a file not made yet: the file is made where it points.
        try FileManager.default.removeItem(atPath: dotfiles)
        try await Self.succeed(people.alice, ["team", "mount", people.team, "team"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == dotfiles)
        #expect(try String(contentsOfFile: dotfiles, encoding: .utf8).contains(people.team))
    }

    @Test("team unmount removes one mount and leaves the team vault; team/x is then the own vault's")
    func unmount() async throws {
        let people = try await Self.mounted()
        let teamBefore = try Self.bytes(people.team)
        expectFailure(try await Self.own(people.bob, ["team", "unmount", "nope"]), status: 4, mentioning: "nope")
        try await Self.succeed(people.bob, ["team", "unmount", "team"])
        #expect(try Self.bytes(people.team) == teamBefore)
        #expect(try Self.mounts(of: people.bob) ?? [:] == [:])
        #expect(try await Self.succeed(people.bob, ["team", "mount"]).stdout.isEmpty)
        #expect(try JSONValue.object(Data(try Self.configText(of: people.bob).utf8))["keyring"] as? Bool == false)

        expectFailure(try await Self.own(people.bob, ["get", "team/db/prod"]), status: 4, mentioning: "no entry named 'team/db/prod'")
        try await Self.succeed(people.bob, ["add", "team/x"], stdin: Self.strong[4] + "\n")
        #expect(try await Self.succeed(people.bob, ["get", "team/x"]).stdout == Self.strong[4] + "\n")
        #expect(try await Self.succeed(people.bob, ["list"]).stdoutLines == ["bank/bob", "team/x", "web/bob"])
        #expect(try await people.succeed(people.bob, ["list"]).stdoutLines == ["db/prod"])
        // Mounted again over an own entry under the prefix: refused, naming it.
        expectFailure(try await Self.own(people.bob, ["team", "mount", people.team, "team"]), status: 5, mentioning: "team/x")
        // alice's mount is hers alone.
        #expect(try await Self.succeed(people.alice, ["get", "team/db/prod"]).stdout == Self.prod + "\n")
    }

    @Test("--mount PREFIX is --vault PATH; with --vault it is a usage error; an unknown prefix exits 4")
    func mountOption() async throws {
        let people = try await Self.mounted()
        let byMount = try await Self.succeed(people.bob, ["team", "members", "--mount", "team"])
        let byVault = try await people.succeed(people.bob, ["team", "members"])
        #expect(byMount.stdout == byVault.stdout && byMount.stdout.contains("alice") && byMount.stdout.contains("bob"), "\(byMount)")
        let json = try JSONValue.object(try await Self.succeed(people.bob, ["team", "members", "--json", "--mount", "team"]).stdoutData)
        #expect((json["members"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["alice", "bob"])
        // Without a prefix: db/prod, as --vault names it.
        #expect(try await Self.succeed(people.bob, ["get", "db/prod", "--mount", "team"]).stdout == Self.prod + "\n")
        #expect(try await Self.succeed(people.bob, ["list", "--mount", "team"]).stdoutLines == ["db/prod"])
        #expect(try await Self.succeed(people.bob, ["read", "vault://db/prod#username", "--mount", "team"]).stdout == "dbuser\n")
        // sync: the team vault's, whatever that gives (here: no repository), as with --vault.
        let syncByMount = try await Self.own(people.bob, ["sync", "--mount", "team"])
        let syncByVault = try await people.run(people.bob, ["sync"])
        #expect(syncByMount.status == syncByVault.status && syncByMount.stdout == syncByVault.stdout
                && syncByMount.stderr == syncByVault.stderr, "\(syncByMount)\n\(syncByVault)")
        expectUsageError(try await Self.own(people.bob, ["team", "members", "--mount", "team", "--vault", people.team]), mentioning: "--mount")
        expectUsageError(try await Self.own(people.bob, ["get", "db/prod", "--mount", "team", "--vault", people.team]), mentioning: "--mount")
        expectFailure(try await Self.own(people.bob, ["team", "members", "--mount", "nope"]), status: 4, mentioning: "nope")
        expectFailure(try await Self.own(people.bob, ["get", "db/prod", "--mount", "nope"]), status: 4, mentioning: "nope")
    }

    @Test("a mounts setting the config cannot use stops every command with exit 1 naming config.json", arguments: [
        (#"{"team": "TEAM", "team/db": "TEAM"}"#, "team/db"),
        (#"{"team": "team.json"}"#, "team.json"),
        (#"{"/team": "TEAM"}"#, "/team"),
        (#"{"team/": "TEAM"}"#, "team/"),
        (#"{"": "TEAM"}"#, "mounts"),
        (#"{"team": 7}"#, "mounts"),
    ])
    func badMountsConfig(mounts: String, fragment: String) async throws {
        let people = try await Self.mounted()
        let before = try Self.bytes(people.bob.vaultPath)
        try people.bob.writeConfig(#"{"keyring": false, "mounts": \#(mounts.replacingOccurrences(of: "TEAM", with: people.team))}"#)
        for arguments in [["list"], ["get", "web/bob"], ["get", "db/prod", "--vault", people.team], ["team", "mount"]] {
            expectFailure(try await Self.own(people.bob, arguments), status: 1, mentioning: "config.json", fragment)
        }
        expectFailure(try await Self.own(people.bob, ["add", "web/new"], stdin: "pw-new-Long-enough-9\n"), status: 1, mentioning: "config.json")
        #expect(try Self.bytes(people.bob.vaultPath) == before)
    }

    @Test("a mount path beginning ~/ is under HOME")
    func mountPathUnderHome() async throws {
        let people = try await Self.mounted()
        // The fixture's folder is every machine's HOME, and holds team.json.
        try #require(people.team == people.world.fixture.root + "/team.json")
        try people.bob.writeConfig(#"{"keyring": false, "mounts": {"team": "~/team.json"}}"#)
        #expect(try await Self.succeed(people.bob, ["get", "team/db/prod"]).stdout == Self.prod + "\n")
        #expect(try await Self.succeed(people.bob, ["list"]).stdoutLines == ["bank/bob", "web/bob", "team/db/prod"])
    }
}
