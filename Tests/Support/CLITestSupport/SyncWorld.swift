import Foundation
import Testing

/// A world for sync tests: one fixture, a bare repository on local disk as the remote, and
/// machines that each have a vault path, a state home (so a device id) and a config of their
/// own, run `vault` in-process (or as the binary, when the fixture runs processes) and `git`
/// with no system or global configuration.
package struct SyncWorld {
    package let fixture: VaultFixture
    /// The bare repository every machine syncs with.
    package let remote: String

    /// A world whose remote is empty, on branch main.
    package static func make(process: Bool = false) async throws -> SyncWorld {
        let fixture = try VaultFixture(process: process)
        let remote = fixture.path("remote.git")
        let git = try #require(ExternalProgram.find("git"), "git is not installed")
        let made = try await ExternalProgram.run(git, ["init", "-q", "--bare", "-b", "main", remote], environment: fixture.environment)
        try #require(made.status == 0, "\(made)")
        return SyncWorld(fixture: fixture, remote: remote)
    }

    /// A machine called `name`; `config` is its config file.
    package func machine(_ name: String, config: String = #"{"keyring": false}"#) throws -> SyncMachine {
        let machine = SyncMachine(name: name, fixture: fixture)
        try FileManager.default.createDirectory(atPath: machine.folder + "/config/vault", withIntermediateDirectories: true)
        try VaultFixture.writeFile(machine.folder + "/config/vault/config.json", config + "\n")
        return machine
    }

    /// The first machine: a new vault with `entries` (name and password), put under git with
    /// `vault sync init` and pushed with `vault sync`.
    package func founder(_ name: String, entries: [(String, String)] = [("web/a", "pw-a"), ("web/b", "pw-b")]) async throws -> SyncMachine {
        let machine = try machine(name)
        try await machine.succeed(["init"] + VaultFixture.cheapKDF)
        for (entry, password) in entries { try await machine.succeed(["add", entry], stdin: password + "\n") }
        try await machine.succeed(["sync", "init", remote])
        try await machine.succeed(["sync"])
        return machine
    }

    /// Another machine, with the vault cloned by `vault sync clone`.
    package func joiner(_ name: String) async throws -> SyncMachine {
        let machine = try machine(name)
        try await machine.succeed(["sync", "clone", remote])
        return machine
    }
}

/// One machine of a `SyncWorld`.
package struct SyncMachine {
    package let name: String
    package let fixture: VaultFixture

    package var folder: String { fixture.path(name) }
    package var vaultFolder: String { folder + "/vault" }
    package var vaultPath: String { vaultFolder + "/vault.json" }

    /// What this machine's commands run with (added to the fixture's environment).
    package var environment: [String: String?] {
        [
            "VAULT_PATH": vaultPath, "XDG_STATE_HOME": folder + "/state", "XDG_CONFIG_HOME": folder + "/config",
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": name, "GIT_COMMITTER_NAME": name,
            "GIT_AUTHOR_EMAIL": "\(name)@example.com", "GIT_COMMITTER_EMAIL": "\(name)@example.com",
        ]
    }

    /// Replaces this machine's config file.
    package func writeConfig(_ json: String) throws {
        try VaultFixture.writeFile(folder + "/config/vault/config.json", json + "\n")
    }

    /// The current branch.
    package func branch() async throws -> String {
        try await gitOutput(["symbolic-ref", "--short", "HEAD"])
    }

    /// The remote and branch `vault sync` names in what it prints (`origin/BRANCH`).
    package func upstream() async throws -> String {
        "origin/" + (try await branch())
    }

    /// How many commits the current branch has.
    package func commitCount() async throws -> Int {
        try #require(Int(try await gitOutput(["rev-list", "--count", "HEAD"])))
    }

    /// Runs `vault arguments…` on this machine, whatever its status.
    package func vault(_ arguments: [String], stdin: String? = nil, environment changes: [String: String?] = [:]) async throws -> VaultResult {
        try await fixture.run(arguments, stdin: stdin, environment: environment.merging(changes) { _, new in new })
    }

    /// Runs `vault arguments…` on this machine in-process, with `git` as the git it syncs with,
    /// whatever its status.
    package func vault(_ arguments: [String], stdin: String? = nil, git: ScriptedGit) async throws -> VaultResult {
        try await fixture.run(arguments, stdin: stdin, environment: environment) { context in
            context.git = git.access(environment: context.environment)
        }
    }

    /// Runs `vault arguments…` on this machine and stops the test unless it exits 0.
    @discardableResult
    package func succeed(
        _ arguments: [String], stdin: String? = nil, environment changes: [String: String?] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> VaultResult {
        let result = try await vault(arguments, stdin: stdin, environment: changes)
        try #require(result.status == 0, "\(name): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs `git arguments…` in the vault's folder (or in `folder`) and stops the test unless it exits 0.
    @discardableResult
    package func gitSucceeds(_ arguments: [String], in folder: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> VaultResult {
        let result = try await git(arguments, in: folder)
        try #require(result.status == 0, "\(name): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// A command line that runs `git arguments…` in the vault's folder at once, blocking, and
    /// fails unless git exits 0: what this machine does while another's command runs
    /// (`ScriptedGit.before`), which cannot wait for a task.
    package func blockingGit(_ arguments: [String]) throws -> @Sendable () throws -> Void {
        let git = try #require(ExternalProgram.find("git"), "git is not installed")
        var environment = fixture.environment
        for (key, value) in self.environment { environment[key] = value }
        let (folder, variables) = (vaultFolder, environment)
        return {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: git)
            process.arguments = ["-C", folder] + arguments
            process.environment = variables
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        }
    }

    /// Runs `git arguments…` in the vault's folder (or in `folder`, the repository of another
    /// vault of this machine's), with `environment` added, whatever its status.
    @discardableResult
    package func git(_ arguments: [String], in folder: String? = nil, environment changes: [String: String] = [:]) async throws -> VaultResult {
        let git = try #require(ExternalProgram.find("git"), "git is not installed")
        var environment = fixture.environment
        for (key, value) in self.environment { environment[key] = value }
        for (key, value) in changes { environment[key] = value }
        return try await ExternalProgram.run(git, ["-C", folder ?? vaultFolder] + arguments, environment: environment, timeout: .seconds(60))
    }

    /// Every entry as `export --stdout` gives it (ids included), without the export's date.
    package func entries() async throws -> String {
        let document = try JSONValue.object(try await succeed(["export", "--stdout", "--yes"]).stdoutData)
        let data = try JSONSerialization.data(withJSONObject: document["entries"] ?? [], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// The entries' names; `environment` adds variables, as for `vault`.
    package func names(environment changes: [String: String?] = [:]) async throws -> [String] {
        try await succeed(["list"], environment: changes).stdoutLines
    }
}

extension SyncWorld {
    /// Runs git on the bare remote and returns its output, stopping the test unless it exits 0.
    package func remoteGit(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let git = try #require(ExternalProgram.find("git"), "git is not installed")
        var environment = fixture.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        let result = try await ExternalProgram.run(git, ["-C", remote] + arguments, environment: environment)
        try #require(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// The commit the remote's one branch points at; nil before the first push. (The branch is
    /// the founder's: git's default branch name, as no configuration names one.)
    package func remoteHead(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String? {
        let heads = try await remoteGit(["for-each-ref", "--format=%(objectname)", "refs/heads"]).split(separator: "\n").map(String.init)
        try #require(heads.count <= 1, "the remote has several branches: \(heads)", sourceLocation: sourceLocation)
        return heads.first
    }
}

extension SyncWorld {
    /// Runs `script` as an attacker who can push to the remote and nothing more: in a plain
    /// clone of it outside any vault (`$ATTACKER`, with the remote's one branch in `$branch`
    /// checked out), as a git user of its own, with `environment` added.
    package func attack(_ script: String, environment: [String: String] = [:]) async throws {
        let attacker = fixture.path("attacker")
        let whole = """
            set -e
            branch=$(git -C "$REMOTE" for-each-ref --format='%(refname:strip=2)' refs/heads/)
            rm -rf "$ATTACKER"
            git clone -q -b "$branch" "$REMOTE" "$ATTACKER"
            cd "$ATTACKER"
            git config user.name mallory && git config user.email mallory@example.com
            \(script)
            """
        let result = try await ExternalProgram.run("/bin/sh", ["-c", whole], environment: [
            "PATH": "/usr/bin:/bin", "HOME": fixture.root, "GIT_CONFIG_NOSYSTEM": "1",
            "REMOTE": remote, "ATTACKER": attacker,
        ].merging(environment) { _, new in new })
        try #require(result.status == 0, "\(result)")
    }
}

extension SyncMachine {
    /// git's output in the vault's folder (or in `folder`), stopping the test unless it exits 0.
    package func gitOutput(_ arguments: [String], in folder: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await git(arguments, in: folder)
        try #require(result.status == 0, "\(name): \(result)", sourceLocation: sourceLocation)
        return result.stdout.trimmingCharacters(in: .newlines)
    }
}
