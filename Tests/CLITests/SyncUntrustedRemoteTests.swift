import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The git remote is untrusted: anyone who can push to it tries, as an attacker would, to get
/// something other than a vault file onto a machine that syncs or clones. Each attempt is a
/// plain git clone of the remote that commits the planted thing and pushes it; `vault sync`
/// and `vault sync clone` must refuse it naming the commit and path, check nothing out, push
/// nothing, and the planted thing must have no effect.
@Suite("vault sync: a remote that sends anything but vault files")
struct SyncUntrustedRemoteTests {
    /// One way of planting something in a commit, made with git's plumbing in the attacker's
    /// clone: what the test expects the refusal to name.
    struct Plant: CustomTestStringConvertible, Sendable {
        var testDescription: String
        /// The path the refusal names.
        var path: String
        /// What the refusal says of it.
        var why: String
        /// Shell commands run in the attacker's clone before it commits everything staged.
        var script: String
    }

    static let plants: [Plant] = [
        Plant(testDescription: "an executable plugin", path: "plugins/vault-version", why: "an executable file",
              script: "mkdir -p plugins && printf '#!/bin/sh\\necho pwned >\"$MARKER\"\\n' >plugins/vault-version && chmod 755 plugins/vault-version && git add -f plugins/vault-version"),
        Plant(testDescription: "a symbolic link as the lock", path: "vault.json.lock", why: "a symbolic link",
              script: "ln -s \"$MARKER\" vault.json.lock && git add -f vault.json.lock"),
        Plant(testDescription: "a submodule", path: "module", why: "a submodule",
              script: "git update-index --add --cacheinfo 160000,$(git rev-parse HEAD),module"),
        Plant(testDescription: "another plain file", path: "notes.txt", why: "not a vault file of this repository",
              script: "echo hello >notes.txt && git add -f notes.txt"),
        Plant(testDescription: "a filter in .gitattributes", path: ".gitattributes", why: "a .gitattributes line vault does not write",
              script: "echo '* filter=evil' >>.gitattributes && git add .gitattributes"),
        Plant(testDescription: "a .gitignore that lets everything in", path: ".gitignore", why: "a .gitignore that lets in more",
              script: "printf '/*\\n!/*\\n' >.gitignore && git add .gitignore"),
        Plant(testDescription: "the .gitattributes removed", path: ".gitattributes", why: "a removal of the file that sets git up",
              script: "git rm -q .gitattributes"),
        Plant(testDescription: "a second vault file of the attacker's naming", path: "evil.json", why: "not a vault file of this repository",
              script: "echo '/evil.json -text merge=vault diff=vault' >>.gitattributes && echo '{}' >evil.json && git add -f .gitattributes evil.json"),
        Plant(testDescription: "setup files in a new folder", path: "sub/.gitattributes", why: "a setup file in a folder that has none here",
              script: "mkdir sub && echo '/x.json -text merge=vault diff=vault' >sub/.gitattributes && git add -f sub/.gitattributes"),
        Plant(testDescription: "a .gitignore whose first rule a vertical tab turns into a comment", path: ".gitignore",
              why: "a setup file with characters vault does not write",
              script: "printf '#\\v/*\\n!/vault.json\\n!/.gitattributes\\n!/.gitignore\\n' >.gitignore && git add .gitignore"),
        Plant(testDescription: "a merge commit bringing a file neither parent has", path: "notes.txt", why: "not a vault file of this repository",
              script: "git checkout -q -b side && git commit -q --allow-empty -m side && git checkout -q - && git merge -q --no-ff --no-commit side && echo x >notes.txt && git add -f notes.txt"),
    ]

    /// A plain clone of the remote, outside any vault, that commits what `plant` plants (with
    /// nothing else) and pushes it to the remote's one branch.
    static func push(_ plant: Plant, in world: SyncWorld, marker: String) async throws {
        try await world.attack("""
            \(plant.script)
            git commit -q -m 'nothing to see'
            git push -q origin "HEAD:$branch"
            """, environment: ["MARKER": marker])
    }

    @Test("sync refuses the commit, naming it and the path; nothing is checked out or pushed, and the plant has no effect",
          arguments: plants)
    func syncRefuses(_ plant: Plant) async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let marker = world.fixture.path("pwned")
        try await Self.push(plant, in: world, marker: marker)
        let remoteHead = try #require(try await world.remoteHead())
        let attackerCommit = String(remoteHead.prefix(12))

        // The victim has a change of its own to share.
        try await laptop.succeed(["add", "web/mine"], stdin: "pw-mine\n")
        let localHead = try await laptop.gitOutput(["rev-parse", "HEAD"])
        let refused = try await laptop.vault(["sync"], environment: ["XDG_DATA_HOME": laptop.folder])
        expectFailure(refused, status: 1, mentioning: "the remote's commit \(attackerCommit) changes \(plant.path)", plant.why,
                      "nothing was merged or checked out")
        #expect(try await laptop.names() == ["web/a", "web/b", "web/mine"])
        #expect(try await world.remoteHead() == remoteHead, "nothing was pushed")
        let head = try await laptop.gitOutput(["rev-parse", "HEAD"])
        #expect(try await laptop.git(["merge-base", "--is-ancestor", remoteHead, head]).status == 1,
                "the attacker's commit is not in the branch")
        #expect(try await laptop.gitOutput(["rev-parse", "HEAD^"]) == localHead, "only the local change was committed")
        #expect(try await laptop.gitOutput(["ls-files"]).split(separator: "\n") == [".gitattributes", ".gitignore", "vault.json"])
        var info = stat()
        if lstat(laptop.vaultFolder + "/" + plant.path, &info) == 0 {
            #expect(info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o111 == 0, "\(plant.path) was checked out")
        }

        // No file is made through a planted link.
        try await laptop.succeed(["add", "web/after"], stdin: "pw-after\n")
        #expect(!FileManager.default.fileExists(atPath: marker), "the plant had an effect")
        // A second sync refuses the same way: nothing was half taken.
        expectFailure(try await laptop.vault(["sync"]), status: 1, mentioning: "the remote's commit \(attackerCommit)")
    }

    @Test("sync clone refuses the remote and leaves no folder behind", arguments: plants)
    func cloneRefuses(_ plant: Plant) async throws {
        let world = try await SyncWorld.make()
        _ = try await world.founder("laptop")
        let marker = world.fixture.path("pwned")
        try await Self.push(plant, in: world, marker: marker)
        let desktop = try world.machine("desktop")
        let refused = try await desktop.vault(["sync", "clone", world.remote])
        expectFailure(refused, status: 1, mentioning: "changes \(plant.path)", plant.why)
        #expect(!FileManager.default.fileExists(atPath: desktop.vaultPath))
        #expect(!FileManager.default.fileExists(atPath: desktop.vaultFolder + "/.git"))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test("a lock file that is a symbolic link (planted beside the vault) is refused, and no file is made through it")
    func symlinkedLockRefused() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/a", password: "pw-a")
        let lock = fixture.vaultPath + ".lock"
        let target = fixture.path("made-through-the-link")
        try FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: target)
        expectFailure(try await fixture.run(["add", "web/b"], stdin: "pw-b\n"), status: 1,
                      mentioning: "the lock file \(lock) is a symbolic link or not a regular file")
        #expect(!FileManager.default.fileExists(atPath: target), "a file was made through the link")
        #expect(try await fixture.names() == ["web/a"], "the refused add wrote nothing (a reader takes no lock)")
        try FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
        expectFailure(try await fixture.run(["add", "web/b"], stdin: "pw-b\n"), status: 1, mentioning: "is a symbolic link or not a regular file")
    }

    @Test("the git folder is its owner's alone (0700) after sync init, sync clone and every sync, so other users read no old version, unless shared on purpose")
    func gitFolderClosed() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        #expect(try VaultFixture.mode(of: laptop.vaultFolder + "/.git") == 0o700)
        #expect(try VaultFixture.mode(of: desktop.vaultFolder + "/.git") == 0o700)
        // A repository git made with the usual 0755 (a git init by hand) is closed by the next sync.
        chmod(laptop.vaultFolder + "/.git", 0o755)
        try await laptop.succeed(["sync"])
        #expect(try VaultFixture.mode(of: laptop.vaultFolder + "/.git") == 0o700)
        // One shared with a group on purpose stays open to it.
        try await laptop.gitSucceeds(["config", "core.sharedRepository", "group"])
        chmod(laptop.vaultFolder + "/.git", 0o2770)
        try await laptop.succeed(["sync"])
        #expect(try VaultFixture.mode(of: laptop.vaultFolder + "/.git") & 0o777 == 0o770)
    }
}
