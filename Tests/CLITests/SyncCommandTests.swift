import CLITestSupport
import Foundation
import Testing

/// `vault sync init`, `clone`, `status` and `vault sync` itself, run on the machines of a
/// `SyncWorld` around a bare remote: what git is given (exactly the vault file, `.gitattributes`
/// and `.gitignore`, never a plugin, an export, the lock or a plaintext secret), what the
/// repository's configuration names as merge driver and textconv, how two machines end with
/// the same vault and what the merging sync tells, `--no-push`, the status report, the
/// automatic commit of `"sync": {"auto": true}` (and `"push": true`), the exit status and
/// one-line message of each refusal, an unfinished merge left by `git pull`, and commits on a
/// machine where git knows no identity.
@Suite("vault sync: init, clone, status, sync")
struct SyncCommandTests {
    /// The files a synced vault's branch holds, sorted as git lists them.
    private static let trackedFiles = [".gitattributes", ".gitignore", "vault.json"]
    /// A password `vault add` does not warn about, for tests that count warnings.
    private static let strongPassword = "Xv9#qT2m!Lp7-Rw4zK8s"

    // MARK: Setting up git

    @Test("sync init and sync put exactly the vault, .gitattributes and .gitignore on the remote, with this binary as merge driver and textconv; a second init commits nothing")
    func initAndFirstSync() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await newVault(in: world, "laptop")
        let initialized = try await laptop.succeed(["sync", "init", world.remote])
        #expect(initialized.stdoutLines == [
            "Made \(laptop.vaultFolder) a git repository for \(laptop.vaultPath).",
            "Committed the vault, .gitattributes and .gitignore.",
            "Added the remote as origin; run vault sync to push.",
        ], "\(initialized)")
        #expect(try await world.remoteHead() == nil, "sync init pushes nothing")
        let synced = try await laptop.succeed(["sync"])
        let upstream = try await laptop.upstream()
        #expect(synced.stdoutLines == ["Nothing new from \(upstream).", "Pushed to \(upstream)."], "\(synced)")

        let pushed = try #require(try await world.remoteHead())
        #expect(pushed == (try await laptop.gitOutput(["rev-parse", "HEAD"])))
        #expect(try await world.remoteGit(["ls-tree", "-r", "--name-only", pushed]).lines == Self.trackedFiles)
        #expect(try await world.remoteGit(["show", "\(pushed):.gitattributes"]).lines == ["/vault.json -text merge=vault diff=vault", "/vault.json.attachments/* -text -diff"])
        try await expectDrivers(on: laptop)

        let commits = try await laptop.commitCount()
        let again = try await laptop.succeed(["sync", "init", world.remote])
        #expect(again.stdoutLines == [
            "Using the git repository \(laptop.vaultFolder) for \(laptop.vaultPath).",
            "Nothing new to commit.",
        ], "\(again)")
        #expect(try await laptop.commitCount() == commits)
        #expect(try await laptop.gitOutput(["status", "--porcelain"]).isEmpty)

        let desktop = try await world.joiner("desktop")
        try await expectDrivers(on: desktop)
        #expect(try await desktop.names() == ["web/a"])
    }

    @Test("plugins, an export, the lock file and the security log in the vault's folder are never committed; git shows them as ignored")
    func onlyTheVaultIsCommitted() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await newVault(in: world, "laptop")
        try FileManager.default.createDirectory(atPath: laptop.vaultFolder + "/plugins", withIntermediateDirectories: true)
        try VaultFixture.writeFile(laptop.vaultFolder + "/plugins/vault-example", "#!/bin/sh\n", mode: 0o755)
        try await laptop.succeed(["export", "--output", laptop.vaultFolder + "/backup.json", "--yes"])
        try #require(FileManager.default.fileExists(atPath: laptop.vaultPath + ".lock"))

        try await laptop.succeed(["sync", "init", world.remote])
        try await laptop.succeed(["add", "web/later"], stdin: "pw-later\n")
        try await laptop.succeed(["sync"])

        #expect(try await laptop.gitOutput(["ls-files"]).lines == Self.trackedFiles)
        let everCommitted = Set(try await laptop.gitOutput(["log", "--all", "--name-only", "--format="]).lines.filter { !$0.isEmpty })
        #expect(everCommitted == Set(Self.trackedFiles))
        #expect(try await world.remoteGit(["log", "--all", "--name-only", "--format="]).lines.filter { !$0.isEmpty }
            .allSatisfy(Self.trackedFiles.contains))
        let status = try await laptop.gitOutput(["status", "--porcelain", "--ignored"]).lines
        #expect(Set(status) == ["!! backup.json", "!! plugins/", "!! vault.json.lock", "!! vault.json.log/"], "\(status)")
    }

    @Test("no plaintext reaches git: not in any object here or on the remote, not in git log -p (which shows fingerprints), not in a commit message")
    func noPlaintextInGit() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let (password, username) = ("canary-pw-Qx71Lm", "canary-user-Rk20Zt")
        try await laptop.succeed(["add", "web/canary", "--username", username], stdin: password + "\n")
        try await laptop.succeed(["edit", "web/canary", "--password"], stdin: password + "-2\n")
        try await laptop.succeed(["sync"])

        let log = try await laptop.gitOutput(["log", "-p", "--all"])
        #expect(log.contains("web/canary [login]") && log.contains("  password: #"), "textconv lists the entry: \(log)")
        let messages = try await laptop.gitOutput(["log", "--all", "--format=%B"])
        let objects = try await laptop.gitOutput(["cat-file", "--batch-all-objects", "--batch"])
        let remoteObjects = try await world.remoteGit(["cat-file", "--batch-all-objects", "--batch"])
        for (what, text) in [("git log -p", log), ("commit messages", messages), ("objects", objects), ("the remote's objects", remoteObjects)] {
            #expect(!text.contains(password) && !text.contains(username), "a canary in \(what)")
        }
    }

    // MARK: Syncing

    @Test("two machines that both changed the vault end with the same entries after A, B, A; the merging sync tells what came in and the conflict")
    func twoMachinesConverge() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
        try await laptop.succeed(["edit", "web/a", "--password"], stdin: "pw-a-laptop\n")
        try await desktop.succeed(["add", "web/d"], stdin: "pw-d\n")
        try await desktop.succeed(["edit", "web/a", "--password"], stdin: "pw-a-desktop\n")

        let upstream = try await laptop.upstream()
        let first = try await laptop.succeed(["sync"])
        #expect(first.stdoutLines == ["Committed this machine's changes.", "Nothing new from \(upstream).", "Pushed to \(upstream)."], "\(first)")
        let merging = try await desktop.succeed(["sync"])
        #expect(merging.stdoutLines == [
            "Committed this machine's changes.",
            "Merged the changes from \(upstream) with this machine's:",
            "  added 1 (web/c)",
            "  changed 1 (web/a)",
            "  conflict in web/a: password changed on both sides; kept ours (the later change), the other kept in the history",
            "Pushed to \(upstream).",
        ], "\(merging)")
        let last = try await laptop.succeed(["sync"])
        #expect(last.stdoutLines == ["From \(upstream):", "  added 1 (web/d)", "  changed 1 (web/a)", "Nothing to push: \(upstream) has it all."], "\(last)")

        #expect(try await laptop.names() == ["web/a", "web/b", "web/c", "web/d"])
        #expect(try await laptop.entries() == (try await desktop.entries()))
        #expect(try await laptop.succeed(["get", "web/a"]).stdout == "pw-a-desktop\n")
        #expect(!FileManager.default.fileExists(atPath: desktop.vaultFolder + "/.git/vault-merge-result"), "the merge's file is removed")
        #expect(try await world.remoteHead() == (try await laptop.gitOutput(["rev-parse", "HEAD"])))
        #expect(try await world.remoteHead() == (try await desktop.gitOutput(["rev-parse", "HEAD"])))
    }

    @Test("sync --no-push commits and merges what came in, but the remote's branch stays where it was")
    func noPush() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        try await desktop.succeed(["add", "web/desktop"], stdin: "pw-d\n")
        try await desktop.succeed(["sync"])
        try await laptop.succeed(["add", "web/laptop"], stdin: "pw-l\n")

        let remoteBefore = try await world.remoteHead()
        let synced = try await laptop.succeed(["sync", "--no-push"])
        #expect(synced.stdoutLines == [
            "Committed this machine's changes.",
            "Merged the changes from \(try await laptop.upstream()) with this machine's:",
            "  added 1 (web/desktop)",
            "Not pushed (--no-push).",
        ], "\(synced)")
        #expect(try await world.remoteHead() == remoteBefore)
        #expect(try await laptop.names() == ["web/a", "web/b", "web/desktop", "web/laptop"])
        #expect(try await laptop.status()["Commits"]?.hasPrefix("2 to push, 0 to merge") == true, "its commit and the merge")
    }

    @Test("sync status tells uncommitted changes, commits to push and to merge as of the last fetch, and the last sync")
    func status() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let synced = try await laptop.status()
        #expect(synced["Remote"] == (try await laptop.upstream()))
        #expect(synced["Changes"] == "all committed")
        #expect(synced["Commits"]?.hasPrefix("0 to push, 0 to merge") == true, "\(synced)")
        let lastSync = try #require(synced["Last sync"].flatMap { try? Date($0, strategy: .iso8601) }, "\(synced)")
        #expect(abs(lastSync.timeIntervalSinceNow) < 120)

        try await laptop.succeed(["add", "web/new"], stdin: "pw\n")
        #expect(try await laptop.status()["Changes"] == "not yet committed")
        try await laptop.succeed(["sync", "status"], environment: ["VAULT_PASSWORD_FILE": world.fixture.path("no-such-file")])

        let desktop = try await world.joiner("desktop")
        #expect(try await desktop.status()["Last sync"] == "never")
        try await desktop.succeed(["add", "web/desktop"], stdin: "pw\n")
        try await desktop.succeed(["sync"])
        #expect(try await laptop.status()["Commits"]?.hasPrefix("0 to push, 0 to merge") == true, "not fetched yet")
        try await laptop.git(["fetch", "-q"])
        let fetched = try await laptop.status()
        #expect(fetched["Commits"]?.hasPrefix("0 to push, 1 to merge") == true, "\(fetched)")
        #expect(fetched["Changes"] == "not yet committed")
    }

    // MARK: Automatic commits

    @Test("with sync.auto each add, edit and rm is a commit of its own, and nothing is pushed")
    func autoCommit() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try laptop.writeConfig(#"{"keyring": false, "sync": {"auto": true}}"#)
        let remote = try await world.remoteHead()
        var commits = try await laptop.commitCount()
        for (arguments, stdin) in [(["add", "web/new"], Self.strongPassword + "\n"), (["edit", "web/new", "--username", "me"], nil),
                                   (["rm", "web/new", "--yes"], nil)] {
            let result = try await laptop.succeed(arguments, stdin: stdin)
            #expect(!result.stderr.contains("vault: warning:"), "\(result)")
            commits += 1
            #expect(try await laptop.commitCount() == commits, "one commit for \(arguments)")
            #expect(try await laptop.gitOutput(["status", "--porcelain"]).isEmpty, "after \(arguments)")
        }
        #expect(try await world.remoteHead() == remote)
        #expect(try await laptop.status()["Automatic"] == "commit each change")
    }

    @Test("with sync.auto and sync.push a change reaches the remote")
    func autoPush() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try laptop.writeConfig(#"{"keyring": false, "sync": {"auto": true, "push": true}}"#)
        let before = try await world.remoteHead()
        try await laptop.succeed(["add", "web/new"], stdin: "pw-new\n")
        let after = try await world.remoteHead()
        #expect(after != before)
        #expect(after == (try await laptop.gitOutput(["rev-parse", "HEAD"])))
        #expect(try await world.remoteGit(["log", "-1", "--format=%s", try #require(after)]).hasPrefix("vault: changes on device "))
    }

    @Test("a sync setting the config cannot use stops commands with exit 1 and one line naming it", arguments: [
        (#"{"keyring": false, "sync": {"auto": true, "pushh": true}}"#, "sync.pushh"),
        (#"{"keyring": false, "sync": {"push": true}}"#, "sync.push needs sync.auto"),
    ])
    func badSyncConfig(config: String, fragment: String) async throws {
        let world = try await SyncWorld.make()
        let laptop = try await newVault(in: world, "laptop")
        let before = try Data(contentsOf: URL(fileURLWithPath: laptop.vaultPath))
        try laptop.writeConfig(config)
        expectFailure(try await laptop.vault(["add", "web/new"], stdin: "pw\n"), status: 1, mentioning: "config.json", fragment)
        expectFailure(try await laptop.vault(["list"]), status: 1, mentioning: "config.json", fragment)
        expectFailure(try await laptop.vault(["sync"]), status: 1, mentioning: "config.json", fragment)
        #expect(try Data(contentsOf: URL(fileURLWithPath: laptop.vaultPath)) == before)
    }

    @Test("with sync.auto but no repository a change is still made, with one warning")
    func autoWithoutRepository() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await newVault(in: world, "laptop")
        try laptop.writeConfig(#"{"keyring": false, "sync": {"auto": true}}"#)
        let added = try await laptop.succeed(["add", "web/new"], stdin: Self.strongPassword + "\n")
        let warnings = added.stderrLines.filter { $0.hasPrefix("vault: warning: ") }
        #expect(warnings.count == 1, "\(added)")
        #expect(warnings.first?.contains("not committed") == true && warnings.first?.contains("vault sync init") == true, "\(added)")
        #expect(try await laptop.names() == ["web/a", "web/new"])
        #expect(!FileManager.default.fileExists(atPath: laptop.vaultFolder + "/.git"))
    }

    // MARK: Refusals

    @Test("sync outside a repository exits 1 and points at vault sync init")
    func syncWithoutRepository() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await newVault(in: world, "laptop")
        expectFailure(try await laptop.vault(["sync"]), status: 1, mentioning: "not in a git repository", "vault sync init")
        expectFailure(try await laptop.vault(["sync", "status"]), status: 1, mentioning: "vault sync init")
    }

    @Test("without git on PATH, sync init and sync exit 1 saying git is needed")
    func gitMissing() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await newVault(in: world, "laptop")
        let noGit: [String: String?] = ["PATH": world.fixture.path("empty-bin")]
        for arguments in [["sync", "init", world.remote], ["sync"], ["sync", "status"]] {
            expectFailure(try await laptop.vault(arguments, environment: noGit), status: 1, mentioning: "git is not installed")
        }
        #expect(!FileManager.default.fileExists(atPath: laptop.vaultFolder + "/.git"))
    }

    @Test("without a remote, sync exits 1 naming the remote, while sync --no-push commits")
    func syncWithoutRemote() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await newVault(in: world, "laptop")
        try await laptop.succeed(["sync", "init"])
        try await laptop.succeed(["add", "web/new"], stdin: "pw\n")
        let commits = try await laptop.commitCount()
        expectFailure(try await laptop.vault(["sync"]), status: 1, mentioning: "no remote")
        #expect(try await laptop.commitCount() == commits, "a refused sync commits nothing")
        let local = try await laptop.succeed(["sync", "--no-push"])
        #expect(local.stdoutLines == [
            "Committed this machine's changes.", "No remote, so nothing was fetched or pushed (add one with vault sync init REMOTE).",
        ], "\(local)")
        #expect(try await laptop.commitCount() == commits + 1)
        #expect(try await laptop.gitOutput(["status", "--porcelain"]).isEmpty)
    }

    @Test("sync clone onto an existing vault exits 5 and leaves it alone")
    func cloneOntoVault() async throws {
        let world = try await SyncWorld.make()
        _ = try await world.founder("laptop")
        let desktop = try await newVault(in: world, "desktop")
        let before = try Data(contentsOf: URL(fileURLWithPath: desktop.vaultPath))
        expectFailure(try await desktop.vault(["sync", "clone", world.remote]), status: 5, mentioning: "already exists", desktop.vaultPath)
        #expect(try Data(contentsOf: URL(fileURLWithPath: desktop.vaultPath)) == before)
        #expect(!FileManager.default.fileExists(atPath: desktop.vaultFolder + "/.git"))
    }

    @Test("sync clone of an empty remote exits 1 and leaves nothing behind")
    func cloneEmptyRemote() async throws {
        let world = try await SyncWorld.make()
        let desktop = try world.machine("desktop")
        expectFailure(try await desktop.vault(["sync", "clone", world.remote]), status: 1, mentioning: "no branch")
        expectNothingCloned(desktop)
    }

    @Test("sync clone of a remote whose vault has another name exits 1 naming the --vault to give, and that one clones")
    func cloneOtherName() async throws {
        let world = try await SyncWorld.make()
        let laptop = try world.machine("laptop")
        let work: [String: String?] = ["VAULT_PATH": laptop.vaultFolder + "/work.vault"]
        try await laptop.succeed(["init"] + VaultFixture.cheapKDF, environment: work)
        try await laptop.succeed(["add", "web/work"], stdin: "pw\n", environment: work)
        try await laptop.succeed(["sync", "init", world.remote], environment: work)
        try await laptop.succeed(["sync"], environment: work)
        let pushed = try #require(try await world.remoteHead())
        #expect(try await world.remoteGit(["show", "\(pushed):.gitattributes"]).lines == ["/work.vault -text merge=vault diff=vault", "/work.vault.attachments/* -text -diff"])

        let desktop = try world.machine("desktop")
        let expected = desktop.vaultFolder + "/work.vault"
        expectFailure(try await desktop.vault(["sync", "clone", world.remote]), status: 1, mentioning: "work.vault", "--vault \(expected)")
        expectNothingCloned(desktop)
        try await desktop.succeed(["sync", "clone", world.remote, "--vault", expected])
        #expect(try await desktop.succeed(["list", "--vault", expected]).stdoutLines == ["web/work"])
    }

    @Test("sync init refuses a .gitignore of the user's that lets other files in, and leaves it as it was")
    func initKeepsUsersIgnoreFile() async throws {
        let (world, laptop) = try await vaultWithUsersIgnoreFile()
        let ignore = laptop.vaultFolder + "/.gitignore"
        expectFailure(try await laptop.vault(["sync", "init", world.remote]), status: 1, mentioning: ignore, "/*")
        #expect(try String(contentsOfFile: ignore, encoding: .utf8) == Self.usersIgnoreFile)
    }

    @Test("a refused sync init leaves no repository behind, so vault sync still refuses")
    func refusedInitLeavesNothing() async throws {
        let (world, laptop) = try await vaultWithUsersIgnoreFile()
        expectFailure(try await laptop.vault(["sync", "init", world.remote]), status: 1, mentioning: ".gitignore")
        let left = try FileManager.default.contentsOfDirectory(atPath: laptop.vaultFolder).sorted()
        #expect(left == [".gitignore", "vault.json", "vault.json.lock", "vault.json.log"], "left behind: \(left)")
        expectFailure(try await laptop.vault(["sync", "--no-push"]), status: 1, mentioning: "vault sync init")
    }

    @Test("a remote address holding a password never appears in a message", arguments: ["sync", "clone"])
    func passwordInRemoteAddress(command: String) async throws {
        let world = try await SyncWorld.make()
        let secret = "s3cret-Vw93"
        let address = "https://user:\(secret)@127.0.0.1:\(try ClosedPort.find())/x.git"
        let result: VaultResult
        let machine: SyncMachine
        if command == "clone" {
            machine = try world.machine("desktop")
            result = try await machine.vault(["sync", "clone", address])
        } else {
            machine = try await newVault(in: world, "laptop")
            let initialized = try await machine.succeed(["sync", "init", address])
            #expect(!initialized.stdout.contains(secret) && !initialized.stderr.contains(secret), "\(initialized)")
            result = try await machine.vault(["sync"])
        }
        expectFailure(result, status: 1, mentioning: "git fetch failed")
        #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret), "\(result)")
        if command == "clone" { expectNothingCloned(machine) }
    }

    // MARK: Recovery and identity

    @Test("sync finishes a merge a failed git pull left unfinished, keeping a change made meanwhile, and both machines end equal")
    func finishesUnfinishedMerge() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        try await desktop.succeed(["edit", "web/a", "--username", "desktop"])
        try await desktop.succeed(["sync"])
        try await laptop.succeed(["edit", "web/b", "--username", "laptop"])
        try await laptop.git(["commit", "-qam", "laptop by hand"])

        // git pull's driver gets a wrong master password, so git leaves the merge to the user.
        let wrong = try VaultFixture.writeFile(world.fixture.path("wrong-password"), "not the password\n")
        try await laptop.git(["config", "merge.vault.driver",
                              "'\(VaultBinary.path)' sync merge-driver --no-keyring --password-file '\(wrong)' %O %A %B %P"])
        let pulled = try await laptop.git(["pull", "-q", "--no-rebase", "origin", try await laptop.branch()])
        try #require(pulled.status != 0 && pulled.stdout.contains("CONFLICT"), "\(pulled)")
        try #require(try await laptop.isMerging())
        try await laptop.succeed(["add", "web/meanwhile"], stdin: "pw-meanwhile\n")

        let synced = try await laptop.succeed(["sync"])
        #expect(synced.stdoutLines.last == "Pushed to \(try await laptop.upstream()).", "\(synced)")
        #expect(!(try await laptop.isMerging()))
        #expect(try await laptop.gitOutput(["status", "--porcelain"]).isEmpty)
        try await desktop.succeed(["sync"])
        #expect(try await desktop.names() == ["web/a", "web/b", "web/meanwhile"])
        #expect(try await laptop.entries() == (try await desktop.entries()))
        let b = try JSONValue.object(try await desktop.succeed(["show", "web/b", "--json"]).stdoutData)
        let a = try JSONValue.object(try await laptop.succeed(["show", "web/a", "--json"]).stdoutData)
        #expect(b["username"] as? String == "laptop" && a["username"] as? String == "desktop", "both edits survive")
    }

    @Test("a change synced with nothing new on the remote takes ten git commands and no fetch, a sync with nothing to do eight")
    func gitCommandsPerSync() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try await laptop.succeed(["edit", "web/a", "--username", "new"])
        let git = ScriptedGit()
        let result = try await laptop.vault(["sync"], git: git)
        #expect(result.status == 0, "\(result)")
        // What the repository is and how it is set up (3), the branch, the commit (3), where
        // both ends are and whether the remote's is in ours, the push: the remote took it, so it
        // had nothing new, and nothing is fetched.
        let change = ["rev-parse", "check-attr", "config", "symbolic-ref", "status", "add", "commit", "rev-parse", "merge-base", "push"]
        #expect(git.asked.map(ScriptedGit.subcommand) == change, "\(git.asked)")
        #expect(try await world.remoteHead() == (try await laptop.gitOutput(["rev-parse", "HEAD"])))

        let idle = ScriptedGit()
        #expect(try await laptop.vault(["sync"], git: idle).status == 0)
        let idleCommands = ["rev-parse", "check-attr", "config", "symbolic-ref", "status", "rev-parse", "fetch", "rev-parse"]
        #expect(idle.asked.map(ScriptedGit.subcommand) == idleCommands,
                "\(idle.asked)")

        // --no-push fetches and pushes nothing, even with a commit the remote would take.
        try await laptop.succeed(["edit", "web/a", "--username", "newer"])
        let fetching = ScriptedGit()
        #expect(try await laptop.vault(["sync", "--no-push"], git: fetching).status == 0)
        #expect(fetching.count(of: "push") == 0 && fetching.count(of: "fetch") == 1, "\(fetching.asked)")
        // Where pushes go to their own URL, taking one says nothing of the fetched repository.
        try await laptop.gitSucceeds(["config", "remote.origin.pushurl", world.remote])
        let elsewhere = ScriptedGit()
        #expect(try await laptop.vault(["sync"], git: elsewhere).status == 0)
        #expect(elsewhere.count(of: "fetch") == 1 && elsewhere.count(of: "push") == 1, "\(elsewhere.asked)")
        #expect(try await world.remoteHead() == (try await laptop.gitOutput(["rev-parse", "HEAD"])))
    }

    @Test("a vault file whose body is not a vault's (cut short) is refused before anything is committed or pushed: exit 3")
    func damagedVaultNotSynced() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let head = try await laptop.gitOutput(["rev-parse", "HEAD"])
        let remoteBefore = try await world.remoteHead()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: laptop.vaultPath))
        try bytes.prefix(bytes.count - 200).write(to: URL(fileURLWithPath: laptop.vaultPath))

        let result = try await laptop.vault(["sync"])
        #expect(result.status == 3, "\(result)")
        #expect(try await laptop.gitOutput(["rev-parse", "HEAD"]) == head)
        #expect(try await world.remoteHead() == remoteBefore)
    }

    @Test("on a machine where git knows no identity, sync init, sync and a merge commit as vault <vault@localhost>")
    func identityFallback() async throws {
        let world = try await SyncWorld.make()
        let laptop = try world.machine("laptop")
        // No identity in the environment or any configuration (HOME has no .gitconfig, and no
        // system file is read); user.useConfigOnly stops git from making one up from the user
        // and host names, which it does where the host name has a domain.
        let anonymous: [String: String?] = [
            "GIT_AUTHOR_NAME": nil, "GIT_AUTHOR_EMAIL": nil, "GIT_COMMITTER_NAME": nil, "GIT_COMMITTER_EMAIL": nil, "EMAIL": nil,
            "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "user.useConfigOnly", "GIT_CONFIG_VALUE_0": "true",
        ]
        try await laptop.succeed(["init"] + VaultFixture.cheapKDF, environment: anonymous)
        try await laptop.succeed(["add", "web/a"], stdin: "pw-a\n", environment: anonymous)
        try await laptop.succeed(["sync", "init", world.remote], environment: anonymous)
        try await laptop.succeed(["sync"], environment: anonymous)
        let desktop = try await world.joiner("desktop")
        try await desktop.succeed(["add", "web/desktop"], stdin: "pw-d\n")
        try await desktop.succeed(["sync"])
        try await laptop.succeed(["add", "web/laptop"], stdin: "pw-l\n", environment: anonymous)
        try await laptop.succeed(["sync"], environment: anonymous)

        #expect(try await laptop.gitOutput(["rev-list", "--merges", "--count", "HEAD"]) == "1", "the last sync merged")
        let vault = "vault <vault@localhost>"
        let people = try await world.remoteGit(["log", "--format=%an <%ae>|%cn <%ce>", try #require(try await world.remoteHead())]).lines
        // The merge (first), laptop's change and sync init's commit; then desktop's change.
        #expect(people.first == "\(vault)|\(vault)", "\(people)")
        #expect(people.sorted() == ["desktop <desktop@example.com>|desktop <desktop@example.com>"] + Array(repeating: "\(vault)|\(vault)", count: 3),
                "\(people)")
    }

    // MARK: Helpers

    /// A machine of `world` with a new vault holding `web/a`, not yet under git.
    private func newVault(in world: SyncWorld, _ name: String) async throws -> SyncMachine {
        let machine = try world.machine(name)
        try await machine.succeed(["init"] + VaultFixture.cheapKDF)
        try await machine.succeed(["add", "web/a"], stdin: "pw-a\n")
        return machine
    }

    /// A .gitignore of the user's that lets in more than the vault's files.
    private static let usersIgnoreFile = "*.bak\n"

    /// A world with a machine whose vault's folder has the user's own .gitignore.
    private func vaultWithUsersIgnoreFile() async throws -> (SyncWorld, SyncMachine) {
        let world = try await SyncWorld.make()
        let laptop = try await newVault(in: world, "laptop")
        try VaultFixture.writeFile(laptop.vaultFolder + "/.gitignore", Self.usersIgnoreFile, mode: 0o644)
        return (world, laptop)
    }

    /// Expects the repository's merge driver and textconv to be this vault binary.
    private func expectDrivers(on machine: SyncMachine, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let program = "'\(VaultBinary.path)'"
        #expect(try await machine.gitOutput(["config", "--local", "merge.vault.driver"]) == "\(program) sync merge-driver %O %A %B %P",
                sourceLocation: sourceLocation)
        #expect(try await machine.gitOutput(["config", "--local", "diff.vault.textconv"]) == "\(program) sync textconv",
                sourceLocation: sourceLocation)
    }

    /// Expects a failed clone to have left neither a repository nor a vault file.
    private func expectNothingCloned(_ machine: SyncMachine, sourceLocation: SourceLocation = #_sourceLocation) {
        let left = (try? FileManager.default.contentsOfDirectory(atPath: machine.vaultFolder)) ?? []
        #expect(left.isEmpty, "left behind: \(left)", sourceLocation: sourceLocation)
    }
}

private extension SyncMachine {
    /// Whether git has a merge under way (MERGE_HEAD).
    func isMerging() async throws -> Bool {
        try await git(["rev-parse", "-q", "--verify", "MERGE_HEAD"]).status == 0
    }

    /// `vault sync status` as label and value ("Changes" → "all committed").
    func status(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: String] {
        let lines = try await succeed(["sync", "status"], sourceLocation: sourceLocation).stdoutLines
        return Dictionary(lines.compactMap { line in
            line.firstIndex(of: ":").map { (String(line[..<$0]), line[line.index(after: $0)...].trimmingCharacters(in: .whitespaces)) }
        }, uniquingKeysWith: { first, _ in first })
    }
}

private extension String {
    /// The lines of git's output (none for empty output).
    var lines: [String] { split(separator: "\n").map(String.init) }
}
