import CLITestSupport
import Foundation
import Testing

/// `vault sync` where the repository or git's configuration is not the plain one `sync init`
/// makes: a repository of the user's that holds two vaults (each merged with its own: vault
/// sync's merge for the vault it syncs, the configured driver for the other), a git merge of
/// the user's under way in it (refused, and left exactly as it was, also by an automatic
/// commit), a merge of the vault's files alone left by a failed `git pull` (finished, whatever
/// the name of the vault's folder), a fast-forward across `vault passwd` on the other machine without the new password
/// (nothing taken), `core.autocrlf=true` and `merge.ff=only` in the machine's git
/// configuration, and a merge driver setting whose program is gone (set again) or that the
/// user wrote (left alone).
@Suite("vault sync: shared repositories, merges of the user's, passwd, git configuration, driver settings")
struct SyncEdgeCaseTests {
    /// A password `vault add` does not warn about, for tests that count warnings.
    private static let strongPassword = "Xv9#qT2m!Lp7-Rw4zK8s"

    // MARK: A repository of the user's

    @Test("two vaults in one repository: a merge by vault sync of one merges the other with the configured driver, and both machines end equal")
    func twoVaultsInOneRepository() async throws {
        let (_, one, two) = try await sharedRepository(vaults: ["a", "b"], topFile: "README")
        for vault in ["a", "b"] {
            try await two.succeed(vault, ["sync"])
            #expect(try await two.machine.gitOutput(["config", "--local", "merge.vault.driver"])
                    == "'\(VaultBinary.path)' sync merge-driver %O %A %B %P", "vault sync sets the missing driver")
        }
        for repository in [one, two] {
            for vault in ["a", "b"] {
                try await repository.succeed(vault, ["add", "\(vault)/\(repository.machine.name)"], stdin: "pw-\(vault)-\(repository.machine.name)\n")
            }
        }
        try await two.succeed("a", ["sync"])
        try await two.succeed("b", ["sync"])
        try await one.machine.gitSucceeds(["add", "-A"])
        try await one.machine.gitSucceeds(["commit", "-qm", "both vaults, by hand"])

        let merged = try await one.succeed("a", ["sync"])
        #expect(merged.stdoutLines.contains { $0.hasPrefix("Merged the changes from origin/main") }, "\(merged)")
        #expect(try await one.names("a") == ["a/base", "a/one", "a/two"])
        #expect(try await one.names("b") == ["b/base", "b/one", "b/two"], "b's vault is b's, merged by the configured driver")
        #expect(try await one.machine.gitOutput(["rev-list", "--parents", "-n1", "HEAD"]).split(separator: " ").count == 3, "a merge commit")
        let status = try await one.machine.gitOutput(["status", "--porcelain"])
        #expect(status.isEmpty, "\(status)")

        try await two.succeed("a", ["sync"])
        for vault in ["a", "b"] {
            #expect(try two.bytes(vault) == (try one.bytes(vault)), "\(vault): the same file on both machines")
            #expect(try await two.entries(vault) == (try await one.entries(vault)), "\(vault): the same entries on both machines")
        }
        #expect(try await two.machine.gitOutput(["rev-parse", "HEAD"]) == (try await one.machine.gitOutput(["rev-parse", "HEAD"])))
    }

    @Test("a git merge under way that touches another file is refused with exit 1 and left as it was, and an automatic commit only warns")
    func usersMergeUnderWay() async throws {
        let (_, one, two) = try await sharedRepository(vaults: ["a"], topFile: "notes.txt")
        try VaultFixture.writeFile(two.top + "/notes.txt", "two's line\n", mode: 0o644)
        try await two.machine.gitSucceeds(["commit", "-qam", "notes on two"])
        try await two.succeed("a", ["add", "a/two"], stdin: "pw-two\n")
        try await two.succeed("a", ["sync"])
        try VaultFixture.writeFile(one.top + "/notes.txt", "one's line\n", mode: 0o644)
        try await one.machine.gitSucceeds(["commit", "-qam", "notes on one"])
        let pulled = try await one.machine.git(["pull", "-q", "--no-rebase", "origin", "main"])
        try #require(pulled.status != 0 && pulled.stdout.contains("CONFLICT") && pulled.stdout.contains("notes.txt"), "\(pulled)")
        // The person has begun to settle the conflict: the markers are still there.
        let draft = "my draft: both lines\n" + (try String(contentsOfFile: one.top + "/notes.txt", encoding: .utf8))
        try #require(draft.contains("<<<<<<<"), "\(draft)")
        try VaultFixture.writeFile(one.top + "/notes.txt", draft, mode: 0o644)

        let before = try await one.mergeState(of: ["notes.txt", "a/vault.json"])
        let notes = try await one.mergeState(of: ["notes.txt"])
        try #require(before.mergeHead != nil && notes.index.contains(" 3\tnotes.txt"), "notes.txt is in conflict: \(notes)")
        expectFailure(try await one.run("a", ["sync"]), status: 1, mentioning: "a git merge is under way", "git merge --abort")
        #expect(try await one.mergeState(of: ["notes.txt", "a/vault.json"]) == before, "the refused sync leaves the merge, the draft and the vault file as they were")

        try one.machine.writeConfig(#"{"keyring": false, "sync": {"auto": true}}"#)
        let added = try await one.run("a", ["add", "a/meanwhile"], stdin: Self.strongPassword + "\n")
        #expect(added.status == 0, "\(added)")
        let warnings = added.stderrLines.filter { $0.hasPrefix("vault: warning: ") }
        #expect(warnings.count == 1 && warnings.first?.contains("a git merge is under way") == true, "\(added)")
        #expect(try await one.mergeState(of: ["notes.txt"]) == notes, "the merge, its conflict and the person's draft stay as they were")
        #expect(try await one.names("a") == ["a/base", "a/meanwhile", "a/two"])
    }

    @Test("sync finishes a merge of the vault's files alone that a failed git pull left, with the vault in a subfolder of the repository",
          arguments: ["a", "café"])
    func unfinishedMergeInSubfolder(folder: String) async throws {
        // A folder name git quotes in `git diff --name-only` ("caf\303\251/vault.json") is the
        // case that finds whether the merge's files are compared with the vault's as git names them.
        let (world, one, two) = try await sharedRepository(vaults: [folder], topFile: "README")
        try await two.succeed(folder, ["add", "\(folder)/two"], stdin: "pw-two\n")
        try await two.succeed(folder, ["sync"])
        try await one.succeed(folder, ["add", "\(folder)/one"], stdin: "pw-one\n")
        try await one.machine.gitSucceeds(["commit", "-qam", "one, by hand"])
        // git pull's driver gets a wrong master password, so git leaves the merge to the person.
        let wrong = try VaultFixture.writeFile(world.fixture.path("wrong-password"), "not the password\n")
        try await one.machine.gitSucceeds(["config", "merge.vault.driver",
                                           "'\(VaultBinary.path)' sync merge-driver --no-keyring --password-file '\(wrong)' %O %A %B %P"])
        let pulled = try await one.machine.git(["pull", "-q", "--no-rebase", "origin", "main"])
        try #require(pulled.status != 0 && pulled.stdout.contains("CONFLICT"), "\(pulled)")
        try #require(try await one.mergeHead() != nil)

        let synced = try await one.run(folder, ["sync"])
        #expect(synced.status == 0, "\(synced)")
        #expect(try await one.mergeHead() == nil, "the merge is finished")
        #expect(try await one.names(folder) == ["\(folder)/base", "\(folder)/one", "\(folder)/two"])
        let status = try await one.machine.gitOutput(["status", "--porcelain"])
        #expect(status.isEmpty, "\(status)")
    }

    // MARK: A master password changed on the other machine

    @Test("a fast-forward across passwd on the other machine, without its password and with no terminal, changes nothing here")
    func fastForwardAcrossPasswd() async throws {
        let world = try await SyncWorld.make()
        let a = try await world.founder("a")
        let b = try await world.joiner("b")
        let newPassword = try VaultFixture.writeFile(world.fixture.path("new-password"), "another master password\n")
        try await b.succeed(["passwd", "--new-password-file", newPassword])
        try await b.succeed(["sync"], environment: ["VAULT_PASSWORD_FILE": newPassword])

        let head = try await a.gitOutput(["rev-parse", "HEAD"])
        let branch = try await a.gitOutput(["symbolic-ref", "HEAD"])
        let file = try Data(contentsOf: URL(fileURLWithPath: a.vaultPath))
        let synced = try await a.vault(["sync"])
        #expect(synced.status == 1 || synced.status == 3, "\(synced)")
        expectFailure(synced, status: synced.status ?? -1, mentioning: "nothing was merged")

        #expect(try await a.gitOutput(["rev-parse", "HEAD"]) == head)
        #expect(try await a.gitOutput(["symbolic-ref", "HEAD"]) == branch)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a.vaultPath)) == file)
        #expect(try await a.gitOutput(["status", "--porcelain"]).isEmpty)
        let fetched = try await a.gitOutput(["rev-parse", "@{upstream}"])
        let fastForward = try await a.git(["merge-base", "--is-ancestor", head, fetched]).status == 0
        #expect(fetched != head && fastForward, "B's passwd was fetched, and could have been a fast-forward")
        #expect(try await a.names() == ["web/a", "web/b"], "the vault still opens with the old password")
    }

    @Test("a fast-forward across a passwd elsewhere, on a machine whose password file already holds the new password, is refused (ours cannot be opened to check theirs against); at the terminal, with both, it takes the vault under the new one, mode 0600")
    func fastForwardWithNewPasswordFile() async throws {
        let world = try await SyncWorld.make()
        let a = try await world.founder("a")
        let b = try await world.joiner("b")
        let newPasswordText = "another master password"
        let newPassword = try VaultFixture.writeFile(world.fixture.path("new-password"), newPasswordText + "\n")
        try await b.succeed(["passwd", "--new-password-file", newPassword])
        try await b.succeed(["add", "web/c"], stdin: "pw-c\n", environment: ["VAULT_PASSWORD_FILE": newPassword])
        try await b.succeed(["sync"], environment: ["VAULT_PASSWORD_FILE": newPassword])

        let before = try Data(contentsOf: URL(fileURLWithPath: a.vaultPath))
        expectFailure(try await a.vault(["sync"], environment: ["VAULT_PASSWORD_FILE": newPassword]), status: 3,
                      mentioning: "this machine's copy is under the master password used before", "nothing was merged or pushed")
        #expect(try Data(contentsOf: URL(fileURLWithPath: a.vaultPath)) == before)

        let person = ScriptedTerminal([.secret(VaultFixture.masterPassword), .secret(newPasswordText)])
        let synced = try await world.fixture.run(["sync"], person: person, environment: a.environment.merging(["VAULT_PASSWORD_FILE": nil]) { _, new in new })
        try #require(synced.status == 0, "\(synced)")
        #expect(synced.stdoutLines.contains("  added 1 (web/c)"), "what came in is told, as both copies were opened: \(synced)")
        #expect(synced.stdoutLines.contains("The master password was changed on another machine: the vault now opens with that one."))
        #expect(try await a.names(environment: ["VAULT_PASSWORD_FILE": newPassword]) == ["web/a", "web/b", "web/c"])
        #expect(try VaultFixture.mode(of: a.vaultPath) & 0o777 == 0o600)
    }

    // MARK: The machine's git configuration

    @Test("with a setting in the machine's git configuration, sync clone opens the vault and a diverged round trip converges",
          arguments: [("core.autocrlf", "true"), ("merge.ff", "only")])
    func gitConfiguration(key: String, value: String) async throws {
        let world = try await SyncWorld.make()
        let a = try ConfiguredMachine(world.machine("a"), gitConfig: [key: value])
        try await a.succeed(["init"] + VaultFixture.cheapKDF)
        try await a.succeed(["add", "web/base"], stdin: "pw-base\n")
        try await a.succeed(["sync", "init", world.remote])
        try await a.succeed(["sync"])
        let b = try ConfiguredMachine(world.machine("b"), gitConfig: [key: value])
        try await b.succeed(["sync", "clone", world.remote])
        #expect(try await b.names() == ["web/base"], "the cloned vault opens")
        if key == "core.autocrlf" {
            let attributes = try Data(contentsOf: URL(fileURLWithPath: b.machine.vaultFolder + "/.gitattributes"))
            #expect(attributes.contains(Data("\r\n".utf8)), "git converts line endings of text files on this machine")
        }

        try await a.succeed(["add", "web/from-a"], stdin: "pw-a\n")
        try await b.succeed(["add", "web/from-b"], stdin: "pw-b\n")
        try await a.succeed(["sync"])
        let merge = try await b.succeed(["sync"])
        #expect(merge.stdoutLines.contains { $0.hasPrefix("Merged the changes from origin/") }, "\(merge)")
        try await a.succeed(["sync"])

        for machine in [a, b] {
            #expect(try await machine.names() == ["web/base", "web/from-a", "web/from-b"], "\(machine.machine.name)")
            #expect(try await machine.machine.gitOutput(["status", "--porcelain"]).isEmpty, "\(machine.machine.name)")
            let committed = try await machine.machine.gitSucceeds(["cat-file", "blob", "HEAD:vault.json"]).stdoutData
            #expect(try Data(contentsOf: URL(fileURLWithPath: machine.machine.vaultPath)) == committed,
                    "\(machine.machine.name): the vault file is the committed one, byte for byte")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: a.machine.vaultPath)) == Data(contentsOf: URL(fileURLWithPath: b.machine.vaultPath)))
    }

    // MARK: The merge driver setting

    /// What `vault sync` sets where a setting is missing or names a program that is gone.
    private static let ownSettings = [
        "merge.vault.driver": "'\(VaultBinary.path)' sync merge-driver %O %A %B %P",
        "diff.vault.textconv": "'\(VaultBinary.path)' sync textconv",
    ]

    @Test("the next sync sets a driver setting naming a vault program that is gone to this one, and leaves one set by hand alone",
          arguments: [
              ("merge.vault.driver", "'/nonexistent/vault' sync merge-driver %O %A %B %P", true),
              ("merge.vault.driver", "/nonexistent/vault sync merge-driver %O %A %B %P", true),
              ("diff.vault.textconv", "'/nonexistent/vault' sync textconv", true),
              ("merge.vault.driver", "'\(VaultBinary.path)' sync merge-driver --no-keyring %O %A %B %P", false),
          ])
    func driverSetting(key: String, setting: String, setAgain: Bool) async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try await laptop.gitSucceeds(["config", key, setting])
        try await laptop.succeed(["sync"])
        #expect(try await laptop.gitOutput(["config", "--local", "--get-all", key]) == (setAgain ? Self.ownSettings[key] : setting))
    }
}

// MARK: - Helpers

extension SyncEdgeCaseTests {
    /// A git repository of the user's on one machine (its top folder is the machine's
    /// `vaultFolder`) with vaults in subfolders, `TOP/NAME/vault.json`, each synced on its own.
    private struct SharedRepository {
        let machine: SyncMachine

        var top: String { machine.vaultFolder }

        func vaultPath(_ vault: String) -> String { top + "/" + vault + "/vault.json" }

        /// Runs `vault arguments… --vault TOP/VAULT/vault.json`, whatever its status.
        func run(_ vault: String, _ arguments: [String], stdin: String? = nil) async throws -> VaultResult {
            try await machine.vault(arguments + ["--vault", vaultPath(vault)], stdin: stdin)
        }

        /// `run`, stopping the test unless it exits 0.
        @discardableResult
        func succeed(_ vault: String, _ arguments: [String], stdin: String? = nil,
                     sourceLocation: SourceLocation = #_sourceLocation) async throws -> VaultResult {
            let result = try await run(vault, arguments, stdin: stdin)
            try #require(result.status == 0, "\(machine.name), \(vault): \(result)", sourceLocation: sourceLocation)
            return result
        }

        func names(_ vault: String) async throws -> [String] {
            try await succeed(vault, ["list"]).stdoutLines
        }

        /// The vault's entries as `export --stdout` gives them (the export's date left out).
        func entries(_ vault: String) async throws -> String {
            let document = try JSONValue.object(try await succeed(vault, ["export", "--stdout", "--yes"]).stdoutData)
            return String(decoding: try JSONSerialization.data(withJSONObject: document["entries"] ?? [], options: [.sortedKeys]), as: UTF8.self)
        }

        func bytes(_ vault: String) throws -> Data {
            try Data(contentsOf: URL(fileURLWithPath: vaultPath(vault)))
        }

        /// The commit being merged; nil when no merge is under way.
        func mergeHead() async throws -> String? {
            let result = try await machine.git(["rev-parse", "-q", "--verify", "MERGE_HEAD"])
            return result.status == 0 ? result.stdout : nil
        }

        /// What a merge under way is made of: HEAD, MERGE_HEAD, and the index entries and the
        /// bytes of `paths` (from the top).
        func mergeState(of paths: [String]) async throws -> MergeState {
            MergeState(
                head: try await machine.git(["rev-parse", "-q", "--verify", "HEAD"]).stdout,
                mergeHead: try await mergeHead(),
                index: try await machine.gitOutput(["ls-files", "-s", "--"] + paths),
                files: Dictionary(uniqueKeysWithValues: try paths.map { ($0, try Data(contentsOf: URL(fileURLWithPath: top + "/" + $0))) }))
        }
    }

    private struct MergeState: Equatable {
        var head: String
        var mergeHead: String?
        var index: String
        var files: [String: Data]
    }

    /// Machine `one` makes a repository with a commit of `topFile` (a line of text), puts a
    /// vault in it for each of `vaults` (holding `NAME/base`) with `vault sync init REMOTE
    /// --vault`, and pushes; machine `two` gets it with plain `git clone`.
    private func sharedRepository(vaults: [String], topFile: String) async throws -> (SyncWorld, SharedRepository, SharedRepository) {
        let world = try await SyncWorld.make()
        let one = SharedRepository(machine: try world.machine("one"))
        try FileManager.default.createDirectory(atPath: one.top, withIntermediateDirectories: true)
        try await one.machine.gitSucceeds(["init", "-q", "-b", "main"])
        try VaultFixture.writeFile(one.top + "/" + topFile, "the first line\n", mode: 0o644)
        try await one.machine.gitSucceeds(["add", topFile])
        try await one.machine.gitSucceeds(["commit", "-qm", "the user's repository"])
        for (index, vault) in vaults.enumerated() {
            try await one.succeed(vault, ["init"] + VaultFixture.cheapKDF)
            try await one.succeed(vault, ["add", "\(vault)/base"], stdin: "pw-\(vault)-base\n")
            let initialized = try await one.succeed(vault, ["sync", "init", world.remote])
            #expect(initialized.stdoutLines == [
                "Using the git repository \(one.top) for \(one.vaultPath(vault)).",
                "Committed the vault, .gitattributes and .gitignore.",
            ] + (index == 0 ? ["Added the remote as origin; run vault sync to push."] : []), "\(initialized)")
        }
        for vault in vaults { try await one.succeed(vault, ["sync"]) }

        let two = SharedRepository(machine: try world.machine("two"))
        try FileManager.default.createDirectory(atPath: two.top, withIntermediateDirectories: true)
        try await two.machine.gitSucceeds(["clone", "-q", world.remote, "."])
        return (world, one, two)
    }

    /// A machine whose git reads a global configuration file of its own (`GIT_CONFIG_GLOBAL`),
    /// holding `gitConfig`; every `vault` it runs gets that file.
    private struct ConfiguredMachine {
        let machine: SyncMachine
        let environment: [String: String?]

        init(_ machine: SyncMachine, gitConfig: [String: String]) throws {
            let sections = gitConfig.map { key, value in
                let parts = key.split(separator: ".", maxSplits: 1)
                return "[\(parts[0])]\n\t\(parts[1]) = \(value)\n"
            }
            let file = try VaultFixture.writeFile(machine.folder + "/gitconfig", sections.joined(), mode: 0o644)
            self.machine = machine
            self.environment = ["GIT_CONFIG_GLOBAL": file]
        }

        @discardableResult
        func succeed(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> VaultResult {
            try await machine.succeed(arguments, stdin: stdin, environment: environment, sourceLocation: sourceLocation)
        }

        func names() async throws -> [String] {
            try await succeed(["list"]).stdoutLines
        }
    }
}
