import CLITestSupport
import Foundation
import KeyringDoubles
import Testing
import VaultCLI

/// `vault destroy`: with the master password proven and `destroy` typed (or `--yes`), nothing
/// vault kept for the vault on this machine is left (files, folders, records, cached keys, a
/// password in the clipboard, the sync repository vault made, the remote's branch with
/// `--remote`); without the password, or without the word typed, nothing is deleted; a
/// repository that is not vault's alone is left. In-process, with in-memory keyrings; what the
/// real keyrings hold afterwards is DestroyKeyringTests.
@Suite("Destroy")
struct DestroyCommandTests {
    /// A vault with an entry, an attachment, its key cached (with a lifetime record), a device
    /// id, a config file, a name list in a private runtime folder, a security log and a leftover
    /// temporary file: every kind of thing destroy deletes but git's.
    private func furnishedVault() async throws -> (VaultFixture, InMemoryKeyringSession, runtime: String) {
        let session = InMemoryKeyringSession()
        let fixture = try await VaultFixture.initialized(keyring: .inMemory(session))
        try await fixture.add("web/site", password: "site-pw")
        let scan = try VaultFixture.writeFile(fixture.path("scan.txt"), "a scanned page\n")
        try await fixture.succeed(["attach", "add", "web/site", scan])
        try await fixture.succeed(["unlock", "--timeout", "1h"])
        try FileManager.default.createDirectory(atPath: fixture.path(".config/vault"), withIntermediateDirectories: true)
        try VaultFixture.writeFile(fixture.path(".config/vault/config.json"), "{}\n")
        let runtime = fixture.path("runtime")
        try FileManager.default.createDirectory(atPath: runtime + "/vault", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try VaultFixture.writeFile(runtime + "/vault/names-" + (try fixture.vaultID()), "sealed names\n")
        try #require(FileManager.default.fileExists(atPath: fixture.vaultPath + ".log"), "the commands above recorded their events")
        try VaultFixture.writeFile(fixture.path(".vault.json.tmp-killed"), "half a vault")
        return (fixture, session, runtime)
    }

    /// The paths of a furnished vault that destroy deletes.
    private func deletedPaths(_ fixture: VaultFixture, runtime: String) throws -> [String] {
        [fixture.vaultPath, fixture.vaultPath + ".lock", fixture.vaultPath + ".attachments", fixture.vaultPath + ".log",
         fixture.path(".vault.json.tmp-killed"), fixture.path(".config/vault"), fixture.path(".local/state/vault"),
         runtime + "/vault/names-" + (try fixture.vaultID())]
    }

    private func expectAllThere(_ paths: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for path in paths { #expect(FileManager.default.fileExists(atPath: path), "\(path) was deleted", sourceLocation: sourceLocation) }
    }

    @Test("destroy --yes with the password leaves no file, folder, record or cached key of the vault's")
    func deletesEverything() async throws {
        let (fixture, session, runtime) = try await furnishedVault()
        let id = try fixture.vaultID()
        let paths = try deletedPaths(fixture, runtime: runtime)
        expectAllThere(paths + [fixture.path(".local/state/vault/key-lifetime/" + id), fixture.path(".local/state/vault/device")])
        #expect(session.kernelKeyring().cachedItem(vaultID: id) != nil && session.secretService().cachedItem(vaultID: id) != nil)

        let result = try await fixture.run(["destroy", "--yes"], environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(result.status == 0, "\(result)")
        for path in paths { #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still there") }
        #expect(!FileManager.default.fileExists(atPath: runtime + "/vault"), "the runtime folder's vault folder is empty, and goes")
        #expect(session.kernelKeyring().cachedItem(vaultID: id) == nil)
        #expect(session.secretService().cachedItem(vaultID: id) == nil)
        #expect(FileManager.default.fileExists(atPath: fixture.passwordFile), "a file of the person's own stays")
        for path in [fixture.vaultPath, fixture.vaultPath + ".attachments", "the kernel keyring", "the Secret Service"] {
            #expect(result.stderr.contains(path), "the list names \(path): \(result)")
        }
        #expect(result.stderr.contains("These stay, and open with the same master password: the vault's clones on other machines"), "\(result)")
    }

    @Test("a vault in the default folder takes that folder along once it is empty")
    func defaultFolderGoes() async throws {
        let fixture = try VaultFixture()
        let defaultLocation: [String: String?] = ["VAULT_PATH": nil]
        try await fixture.succeed(["init"] + VaultFixture.cheapKDF, environment: defaultLocation)
        #expect(FileManager.default.fileExists(atPath: fixture.path(".local/share/vault/vault.json")))
        try await fixture.succeed(["destroy", "--yes"], environment: defaultLocation)
        #expect(!FileManager.default.fileExists(atPath: fixture.path(".local/share/vault")))
        #expect(FileManager.default.fileExists(atPath: fixture.path(".local/share")))
    }

    @Test("a vault that keeps a team identity says that the identity goes with it")
    func identityGoes() async throws {
        let fixture = try await VaultFixture.initialized()
        let plain = try await fixture.succeed(["destroy", "--yes"])
        #expect(!plain.stderr.contains("identity"))
        try await fixture.succeed(["init"] + VaultFixture.cheapKDF)
        try await fixture.succeed(["identity"])
        let destroyed = try await fixture.succeed(["destroy", "--yes"])
        #expect(destroyed.stderr.contains("your identity for team vaults, kept in the vault: the team vaults sealed to it open no more for you"), "\(destroyed)")
    }

    @Test("a wrong password file: exit 3, and everything is still there")
    func wrongPassword() async throws {
        let (fixture, session, runtime) = try await furnishedVault()
        let wrong = try VaultFixture.writeFile(fixture.path("wrong-password"), "not the master password\n")
        let before = try fixture.vaultBytes()
        let result = try await fixture.run(["destroy", "--yes"], environment: ["VAULT_PASSWORD_FILE": wrong, "XDG_RUNTIME_DIR": runtime])
        expectFailure(result, status: 3, mentioning: "wrong master password")
        expectAllThere(try deletedPaths(fixture, runtime: runtime))
        #expect(try fixture.vaultBytes() == before)
        #expect(session.kernelKeyring().cachedItem(vaultID: try fixture.vaultID()) != nil)
    }

    @Test("the cached key alone is not enough: exit 3, and everything is still there")
    func cachedKeyIsNotEnough() async throws {
        let (fixture, session, runtime) = try await furnishedVault()
        let result = try await fixture.run(["destroy", "--yes"], environment: withoutPassword.merging(["XDG_RUNTIME_DIR": runtime]) { _, new in new })
        expectFailure(result, status: 3, mentioning: "current master password")
        expectAllThere(try deletedPaths(fixture, runtime: runtime))
        #expect(session.kernelKeyring().cachedItem(vaultID: try fixture.vaultID()) != nil)
        #expect(try await fixture.passwordFromKeyring(of: "web/site") == "site-pw")
    }

    @Test("typing anything but destroy deletes nothing", arguments: [ScriptedTerminal.Answer.line("yes"), .line("Destroy"), .end])
    func otherAnswerKeepsAll(answer: ScriptedTerminal.Answer) async throws {
        let (fixture, session, runtime) = try await furnishedVault()
        let person = ScriptedTerminal([answer])
        let result = try await fixture.run(["destroy"], person: person, onTerminal: true, environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(result.status == 1 && result.stderr.contains("Nothing was deleted.") && result.stderr.hasSuffix("vault: error: cancelled\n"),
                "\(result)")
        #expect(person.shown == ["Type destroy to delete all of this: "] && person.echoed == [true])
        expectAllThere(try deletedPaths(fixture, runtime: runtime))
        #expect(session.kernelKeyring().cachedItem(vaultID: try fixture.vaultID()) != nil)
    }

    @Test("typing destroy at the terminal deletes it all")
    func typedWordDeletes() async throws {
        let (fixture, _, runtime) = try await furnishedVault()
        let paths = try deletedPaths(fixture, runtime: runtime)
        let person = ScriptedTerminal([.line("destroy")])
        let result = try await fixture.run(["destroy"], person: person, onTerminal: true, environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(result.status == 0, "\(result)")
        for path in paths { #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still there") }
    }

    @Test("without a terminal and without --yes it refuses in one line, before asking anything")
    func noTerminalNeedsYes() async throws {
        let (fixture, _, runtime) = try await furnishedVault()
        let result = try await fixture.run(["destroy"], environment: ["XDG_RUNTIME_DIR": runtime])
        expectFailure(result, status: 1, mentioning: "destroying the vault needs confirmation: pass --yes")
        expectAllThere(try deletedPaths(fixture, runtime: runtime))
    }

    @Test("the clipboard is emptied while it holds a value of the vault's, and left when it holds anything else")
    func clipboard() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "site-pw")
        let holding = RecordingClipboard(readsBack: true)
        _ = try await fixture.run(["get", "web/site", "--clip"]) { $0.clipboards = holding.access() }
        #expect(holding.content == "site-pw")
        let result = try await fixture.run(["destroy", "--yes"]) { $0.clipboards = holding.access() }
        #expect(result.status == 0 && result.stderr.contains("Cleared the clipboard (x11)"), "\(result)")
        #expect(holding.content == nil)

        let other = try await VaultFixture.initialized()
        try await other.add("web/site", password: "site-pw")
        let copiedSince = RecordingClipboard(readsBack: true)
        try Array("something the person copied since".utf8).withUnsafeBytes { try copiedSince.copy($0) }
        let kept = try await other.run(["destroy", "--yes"]) { $0.clipboards = copiedSince.access() }
        #expect(kept.status == 0 && !kept.stderr.contains("Cleared the clipboard"), "\(kept)")
        #expect(copiedSince.content == "something the person copied since")
    }

    @Test("a synced vault: --remote deletes the remote's branch, the repository vault made and its two files")
    func syncedWithRemote() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        #expect(try await world.remoteHead() != nil)
        let branch = try await laptop.branch()
        let result = try await laptop.vault(["destroy", "--yes", "--remote"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("the branch \(branch) of the remote origin, \(world.remote)"), "the list names the branch and URL: \(result)")
        #expect(try await world.remoteHead() == nil, "the remote's branch is gone")
        for name in [".git", ".gitignore", ".gitattributes", "vault.json", "vault.json.lock"] {
            #expect(!FileManager.default.fileExists(atPath: laptop.vaultFolder + "/" + name), "\(name) is still there")
        }
        for path in [laptop.folder + "/state/vault", laptop.folder + "/config/vault"] {
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still there")
        }
        #expect(result.stderr.contains("A deleted branch also lives on in the remote's forks"), "\(result)")
    }

    @Test("a synced vault without --remote keeps the remote's branch, and says so")
    func syncedKeepsRemote() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let head = try await world.remoteHead()
        let branch = try await laptop.branch()
        let result = try await laptop.vault(["destroy", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(try await world.remoteHead() == head)
        #expect(!FileManager.default.fileExists(atPath: laptop.vaultFolder + "/.git"))
        #expect(result.stderr.contains("the branch \(branch) of the remote origin (\(world.remote))"), "what stays names the branch: \(result)")
    }

    @Test("a remote that refuses to delete its branch: said plainly, the rest deleted, exit 1")
    func remoteRefuses() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let hook = try VaultFixture.writeFile(world.remote + "/hooks/pre-receive",
                                              "#!/bin/sh\necho 'refusing: main is protected' >&2\nexit 1\n", mode: 0o755)
        #expect(FileManager.default.isExecutableFile(atPath: hook))
        let branch = try await laptop.branch()
        let result = try await laptop.vault(["destroy", "--yes", "--remote"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("did not delete its branch \(branch): git push failed: [remote rejected] \(branch) (pre-receive hook declined)"),
                "\(result)")
        #expect(result.stderr.contains("delete \(branch) (or the whole repository) on the host itself"), "\(result)")
        #expect(result.stderr.hasSuffix("vault: error: 1 of the things listed could not be deleted (said above); the rest is gone\n"), "\(result)")
        #expect(try await world.remoteHead() != nil)
        #expect(!FileManager.default.fileExists(atPath: laptop.vaultPath))
        #expect(!FileManager.default.fileExists(atPath: laptop.vaultFolder + "/.git"))
        #expect(result.stderr.contains("the branch \(branch) of the remote origin (\(world.remote))"), "what stays names the branch: \(result)")
    }

    @Test("a repository that is not vault's alone is left, with its files; --remote is refused there")
    func foreignRepository() async throws {
        let world = try await SyncWorld.make()
        let laptop = try world.machine("laptop")
        try FileManager.default.createDirectory(atPath: laptop.vaultFolder, withIntermediateDirectories: true)
        try await laptop.gitSucceeds(["init", "-q"])
        try VaultFixture.writeFile(laptop.vaultFolder + "/notes.txt", "my own notes\n")
        try await laptop.gitSucceeds(["add", "notes.txt"])
        try await laptop.gitSucceeds(["commit", "-q", "-m", "notes"])
        try await laptop.succeed(["init"] + VaultFixture.cheapKDF)
        try await laptop.succeed(["sync", "init", world.remote])

        let refused = try await laptop.vault(["destroy", "--yes", "--remote"])
        expectFailure(refused, status: 1, mentioning: "not vault's alone", "notes.txt", "nothing was deleted")
        #expect(FileManager.default.fileExists(atPath: laptop.vaultPath))

        let result = try await laptop.vault(["destroy", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("It leaves the git repository \(laptop.vaultFolder) as it is"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: laptop.vaultPath))
        for name in [".git", ".gitignore", ".gitattributes", "notes.txt"] {
            #expect(FileManager.default.fileExists(atPath: laptop.vaultFolder + "/" + name), "\(name) was deleted")
        }
    }
}
