import Foundation
import Testing

/// One machine of a sync test: a clone of the shared bare repository with the vault in it, a
/// state home of its own (so its own device id), and git set up with vault's merge driver and
/// textconv, as the real `git` runs them.
private struct GitMachine {
    let name: String
    let fixture: VaultFixture
    var folder: String { fixture.path(name) }
    var repository: String { folder + "/repo" }
    var vaultPath: String { repository + "/vault.json" }

    /// What vault commands of this machine run with.
    var environment: [String: String?] {
        ["VAULT_PATH": vaultPath, "XDG_STATE_HOME": folder + "/state"]
    }

    /// What git (and the merge driver and textconv it starts) runs with.
    var gitEnvironment: [String: String] {
        var environment = fixture.environment
        environment["VAULT_PATH"] = vaultPath
        environment["XDG_STATE_HOME"] = folder + "/state"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        for variable in ["GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"] { environment[variable] = name }
        for variable in ["GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"] { environment[variable] = "\(name)@example.com" }
        return environment
    }

    @discardableResult
    func git(_ arguments: [String], allowFailure: Bool = false) async throws -> VaultResult {
        let git = try #require(ExternalProgram.find("git"), "git is not installed")
        let result = try await ExternalProgram.run(git, ["-C", repository] + arguments, environment: gitEnvironment, timeout: .seconds(60))
        if !allowFailure { try #require(result.status == 0, "\(result)") }
        return result
    }

    /// Clones `remote` and sets up the merge driver and textconv for the vault file.
    static func clone(_ remote: String, as name: String, in fixture: VaultFixture) async throws -> GitMachine {
        let machine = GitMachine(name: name, fixture: fixture)
        try FileManager.default.createDirectory(atPath: machine.folder, withIntermediateDirectories: true)
        let git = try #require(ExternalProgram.find("git"), "git is not installed")
        let cloned = try await ExternalProgram.run(git, ["clone", "-q", remote, machine.repository], environment: machine.gitEnvironment)
        try #require(cloned.status == 0, "\(cloned)")
        try await machine.git(["config", "merge.vault.driver", "\(VaultBinary.path) sync merge-driver --no-keyring %O %A %B %P"])
        try await machine.git(["config", "diff.vault.textconv", "\(VaultBinary.path) sync textconv --no-keyring"])
        return machine
    }

    @discardableResult
    func vault(_ arguments: [String], stdin: String? = nil) async throws -> VaultResult {
        try await fixture.succeed(arguments, stdin: stdin, environment: environment)
    }

    /// Every entry as `export --stdout` gives it, without the export's date.
    func entries() async throws -> String {
        let document = try JSONValue.object(try await vault(["export", "--stdout", "--yes"]).stdoutData)
        let data = try JSONSerialization.data(withJSONObject: document["entries"] ?? [], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}

@Suite("Sync through git with the merge driver")
struct SyncMergeDriverTests {
    private func twoMachines() async throws -> (VaultFixture, GitMachine, GitMachine) {
        let fixture = try VaultFixture()
        let git = try #require(ExternalProgram.find("git"), "git is not installed")
        let remote = fixture.path("remote.git")
        let made = try await ExternalProgram.run(git, ["init", "-q", "--bare", "-b", "main", remote], environment: fixture.environment)
        try #require(made.status == 0, "\(made)")
        let laptop = try await GitMachine.clone(remote, as: "laptop", in: fixture)
        try await laptop.vault(["init"] + VaultFixture.cheapKDF)
        try await laptop.vault(["add", "web/a", "--username", "alice"], stdin: "pw-a-first\n")
        try await laptop.vault(["add", "web/b"], stdin: "pw-b-first\n")
        try "vault.json merge=vault diff=vault\n".write(toFile: laptop.repository + "/.gitattributes", atomically: true, encoding: .utf8)
        try await laptop.git(["add", "-A"])
        try await laptop.git(["commit", "-qm", "a vault"])
        try await laptop.git(["push", "-q", "origin", "HEAD:main"])
        let desktop = try await GitMachine.clone(remote, as: "desktop", in: fixture)
        return (fixture, laptop, desktop)
    }

    @Test("concurrent changes on two machines merge entry by entry under git pull, and both end with the same vault")
    func concurrentChanges() async throws {
        let (_, laptop, desktop) = try await twoMachines()
        try await desktop.vault(["edit", "web/b", "--password"], stdin: "pw-b-desktop\n")
        try await desktop.vault(["edit", "web/a", "--note", "from the desktop"])
        try await desktop.vault(["add", "web/c"], stdin: "pw-c-desktop\n")
        try await desktop.git(["commit", "-qam", "desktop"])
        try await desktop.git(["push", "-q", "origin", "HEAD:main"])

        try await laptop.vault(["edit", "web/a", "--username", "alice2"])
        try await laptop.vault(["mv", "web/a", "mail/a"])
        try await laptop.vault(["add", "web/c"], stdin: "pw-c-laptop\n")
        try await laptop.git(["commit", "-qam", "laptop"])
        let pulled = try await laptop.git(["pull", "-q", "--no-rebase", "origin", "main"])
        #expect(pulled.stderr.contains("vault.json: conflict: two entries were called web/c"), "\(pulled)")
        try await laptop.git(["push", "-q", "origin", "HEAD:main"])
        try await desktop.git(["pull", "-q", "--no-rebase", "origin", "main"])

        #expect(try await laptop.vault(["list"]).stdoutLines == ["mail/a", "web/b", "web/c", "web/c (2)"])
        let moved = try JSONValue.object(try await laptop.vault(["show", "mail/a", "--json"]).stdoutData)
        #expect(moved["username"] as? String == "alice2" && moved["notes"] as? String == "from the desktop", "a rename and an edit both apply")
        #expect(try await laptop.vault(["get", "web/b"]).stdout == "pw-b-desktop\n")
        #expect(try await laptop.entries() == (try await desktop.entries()), "both machines hold the same vault")
    }

    @Test("no plaintext of a secret reaches git: not in any object, not in git log -p, which shows fingerprints")
    func nothingSecretInGit() async throws {
        let (_, laptop, _) = try await twoMachines()
        let canary = "canary-Zq8vR3-secret"
        try await laptop.vault(["add", "web/canary", "--username", "canary-user-7731"], stdin: canary + "\n")
        try await laptop.git(["add", "-A"])
        try await laptop.git(["commit", "-qm", "canary"])
        let log = try await laptop.git(["log", "-p", "--all"])
        #expect(log.stdout.contains("web/canary [login]") && log.stdout.contains("  password: #"), "\(log.stdout)")
        #expect(!log.stdout.contains(canary) && !log.stdout.contains("canary-user-7731"))
        let objects = try await laptop.git(["cat-file", "--batch-all-objects", "--batch"])
        #expect(!objects.stdout.contains(canary) && !objects.stdout.contains("canary-user-7731") && !objects.stdout.contains("pw-a-first"))
    }

    @Test("a merge the driver cannot make (a copy it cannot open) is left to git as a conflict, our file untouched")
    func failureLeavesTheConflict() async throws {
        let (fixture, laptop, desktop) = try await twoMachines()
        try await desktop.vault(["edit", "web/a", "--username", "desktop"])
        try await desktop.git(["commit", "-qam", "desktop"])
        try await desktop.git(["push", "-q", "origin", "HEAD:main"])
        try await laptop.vault(["edit", "web/a", "--username", "laptop"])
        try await laptop.git(["commit", "-qam", "laptop"])
        let before = try Data(contentsOf: URL(fileURLWithPath: laptop.vaultPath))
        // The driver is given a wrong master password: it cannot open the copies.
        let wrong = try VaultFixture.writeFile(fixture.path("wrong-password"), "not the password\n")
        try await laptop.git(["config", "merge.vault.driver", "\(VaultBinary.path) sync merge-driver --no-keyring --password-file \(wrong) %O %A %B %P"])
        let pulled = try await laptop.git(["pull", "-q", "--no-rebase", "origin", "main"], allowFailure: true)
        #expect(pulled.status != 0 && pulled.stdout.contains("CONFLICT"), "\(pulled)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: laptop.vaultPath)) == before)
    }
}
