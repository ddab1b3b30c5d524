import CLITestSupport
import Foundation
import Testing

/// What `vault sync` does when git or the remote fails part-way, with a `ScriptedGit` giving
/// the failures a remote gives (a push refused because the remote moved, a protected branch, a
/// host that cannot be reached, a repository locked by another git), or making the other
/// machine push at the worst moment, and real git doing all the rest on real repositories: how often it tries again, the one-line message and its exit
/// status, that nothing here is lost or left half done, and that the next sync recovers.
@Suite("vault sync when git fails")
struct SyncFailureTests {
    @Test("a push refused at every try: the first push, then three fetches and pushes, exit 1 in one line, the commit kept here and pushed by the next sync")
    func pushKeepsFailing() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
        let remoteBefore = try await world.remoteHead()
        let git = ScriptedGit()
        git.answer("push", with: .pushRejected(remote: world.remote, branch: try await laptop.branch()))

        let result = try await laptop.vault(["sync"], git: git)
        expectFailure(result, status: 1, mentioning: "the remote kept moving", "run vault sync again")
        #expect(git.count(of: "push") == 4 && git.count(of: "fetch") == 3, "\(git.asked)")
        #expect(try await world.remoteHead() == remoteBefore)
        #expect(try await laptop.gitOutput(["log", "-1", "--format=%s"]).hasPrefix("vault: changes on device "), "the change is committed here")
        #expect(try await laptop.gitOutput(["status", "--porcelain"]).isEmpty)

        try await laptop.succeed(["sync"])
        #expect(try await world.remoteHead() == (try await laptop.gitOutput(["rev-parse", "HEAD"])))
        let desktop = try await world.joiner("desktop")
        #expect(try await desktop.names() == ["web/a", "web/b", "web/c"])
    }

    @Test("the other machine pushes before this one's first push and again between its fetch and its next push: two fetches and merges, then both pushed")
    func remoteMovesTwice() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        try await desktop.succeed(["add", "web/d"], stdin: "pw-d\n")
        try await desktop.succeed(["sync", "--no-push"])
        try await desktop.succeed(["add", "web/e"], stdin: "pw-e\n")
        try await desktop.succeed(["sync", "--no-push"])
        try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
        let branch = try await desktop.branch()
        let git = ScriptedGit()
        git.before("push", try desktop.blockingGit(["push", "-q", "origin", "HEAD~1:refs/heads/\(branch)"]))
        git.before("push", skipping: 1, try desktop.blockingGit(["push", "-q", "origin", "HEAD:refs/heads/\(branch)"]))

        let result = try await laptop.vault(["sync"], git: git)
        #expect(result.status == 0, "\(result)")
        #expect(git.count(of: "push") == 3 && git.count(of: "fetch") == 2, "\(git.asked)")
        #expect(result.stdoutLines.contains("  added 1 (web/d)") && result.stdoutLines.contains("  added 1 (web/e)"), "\(result)")
        #expect(try await world.remoteHead() == (try await laptop.gitOutput(["rev-parse", "HEAD"])))
        try await desktop.succeed(["sync"])
        #expect(try await desktop.names() == ["web/a", "web/b", "web/c", "web/d", "web/e"])
        #expect(try await desktop.entries() == (try await laptop.entries()))
    }

    @Test("a push refused twice goes through at the third try, after a fetch before each try again")
    func pushRefusedTwice() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
        let git = ScriptedGit()
        git.answer("push", times: 2, with: .pushRejected(remote: world.remote, branch: try await laptop.branch()))

        let result = try await laptop.vault(["sync"], git: git)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.last == "Pushed to \(try await laptop.upstream()).", "\(result)")
        #expect(git.count(of: "push") == 3 && git.count(of: "fetch") == 2, "\(git.asked)")
        #expect(try await world.remoteHead() == (try await laptop.gitOutput(["rev-parse", "HEAD"])))
    }

    @Test("a push the remote refuses for another reason (a protected branch) is not tried again: exit 1 naming the ref and the reason")
    func pushDeclined() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
        let remoteBefore = try await world.remoteHead()
        let git = ScriptedGit()
        git.answer("push", with: ScriptedGit.Answer(status: 1, errors: """
            remote: error: GH006: Protected branch update failed for refs/heads/main.
            To example.com:me/vault.git
             ! [remote rejected] HEAD -> main (protected branch hook declined)
            error: failed to push some refs to 'example.com:me/vault.git'

            """))

        let result = try await laptop.vault(["sync"], git: git)
        expectFailure(result, status: 1, mentioning: "git push failed: [remote rejected] HEAD -> main (protected branch hook declined)")
        #expect(git.count(of: "push") == 1 && git.count(of: "fetch") == 0, "\(git.asked)")
        #expect(try await world.remoteHead() == remoteBefore)
        #expect(try await laptop.gitOutput(["status", "--porcelain"]).isEmpty, "the change is committed here")
    }

    @Test("a fetch that fails with the remote's address in git's reason: exit 1, the password left out, nothing pushed, the change committed")
    func fetchFails() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        // The other machine has pushed: this one's push is refused, and sync fetches.
        let desktop = try await world.joiner("desktop")
        try await desktop.succeed(["add", "web/d"], stdin: "pw-d\n")
        try await desktop.succeed(["sync"])
        let remoteBefore = try await world.remoteHead()
        try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
        let secret = "hunter2-Qz81"
        let git = ScriptedGit()
        git.answer("fetch", with: ScriptedGit.Answer(
            status: 128, errors: "fatal: unable to access 'https://alice:\(secret)@git.example.com/vault.git/': Could not resolve host: git.example.com\n"))

        let result = try await laptop.vault(["sync"], git: git)
        expectFailure(result, status: 1, mentioning: "git fetch failed", "https://…@git.example.com/vault.git/", "Could not resolve host")
        #expect(!result.stderr.contains(secret) && !result.stderr.contains("alice"), "\(result)")
        #expect(git.count(of: "push") == 1 && git.count(of: "fetch") == 1, "the push refused, then the fetch: \(git.asked)")
        #expect(try await world.remoteHead() == remoteBefore)
        #expect(try await laptop.gitOutput(["status", "--porcelain"]).isEmpty, "the change is committed here")
        #expect(try await laptop.names() == ["web/a", "web/b", "web/c"])
    }

    @Test("a merge git cannot make (another git holds the index) fails with exit 1 and changes nothing; the next sync merges and both machines end equal")
    func mergeFails() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
        try await laptop.succeed(["sync"])
        try await desktop.succeed(["add", "web/d"], stdin: "pw-d\n")
        let head = try await desktop.gitOutput(["rev-parse", "HEAD"])
        let vaultBefore = try Data(contentsOf: URL(fileURLWithPath: desktop.vaultPath))
        let git = ScriptedGit()
        git.answer("merge", times: 1, with: ScriptedGit.Answer(status: 128, errors: """
            fatal: Unable to create '\(desktop.vaultFolder)/.git/index.lock': File exists.

            Another git process seems to be running in this repository.

            """))

        let result = try await desktop.vault(["sync"], git: git)
        expectFailure(result, status: 1, mentioning: "git merge failed", "index.lock': File exists.")
        #expect(git.asked.contains(["merge", "--abort"]), "the merge is aborted: \(git.asked)")
        #expect(try await desktop.gitOutput(["rev-parse", "HEAD^"]) == head, "one commit, of this machine's change")
        #expect(try await desktop.gitOutput(["status", "--porcelain"]).isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: desktop.vaultPath)) == vaultBefore)
        #expect(try await desktop.git(["rev-parse", "-q", "--verify", "MERGE_HEAD"]).status != 0, "no merge is left under way")
        #expect(!FileManager.default.fileExists(atPath: desktop.vaultFolder + "/.git/vault-merge-result"), "the merge's file is removed")
        #expect(try await desktop.names() == ["web/a", "web/b", "web/d"])

        try await desktop.succeed(["sync"])
        try await laptop.succeed(["sync"])
        #expect(try await laptop.names() == ["web/a", "web/b", "web/c", "web/d"])
        #expect(try await laptop.entries() == (try await desktop.entries()))
    }

    @Test("with sync.auto and sync.push, a push refused at every try only warns: the change is made and committed, and exit 0")
    func automaticPushKeepsFailing() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try laptop.writeConfig(#"{"keyring": false, "sync": {"auto": true, "push": true}}"#)
        let remoteBefore = try await world.remoteHead()
        let commits = try await laptop.commitCount()
        let git = ScriptedGit()
        git.answer("push", with: .pushRejected(remote: world.remote, branch: try await laptop.branch()))

        let result = try await laptop.vault(["add", "web/c"], stdin: "Xv9#qT2m!Lp7-Rw4zK8s\n", git: git)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLines == [
            "vault: warning: the change is made but not synced: the remote kept moving while vault sync merged and pushed; run vault sync again",
            "Added web/c.",
        ], "\(result)")
        #expect(try await laptop.commitCount() == commits + 1)
        #expect(try await world.remoteHead() == remoteBefore)
        #expect(try await laptop.names() == ["web/a", "web/b", "web/c"])
    }

    @Test("a rebase stopped part-way is the person's: sync exits 1 naming it and leaves it; once aborted, sync goes on")
    func rebaseUnderWay() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try await laptop.succeed(["add", "web/c"], stdin: "pw-c\n")
        try await laptop.succeed(["sync"])
        let stopped = try await laptop.git(["rebase", "--exec", "false", "HEAD~1"])
        try #require(stopped.status != 0, "\(stopped)")
        let head = try await laptop.gitOutput(["rev-parse", "HEAD"])

        let result = try await laptop.vault(["sync"])
        expectFailure(result, status: 1, mentioning: "a git rebase is under way", "git rebase --abort")
        #expect(try await laptop.gitOutput(["rev-parse", "HEAD"]) == head)
        #expect(FileManager.default.fileExists(atPath: laptop.vaultFolder + "/.git/rebase-merge"), "the rebase is still under way")

        try await laptop.gitSucceeds(["rebase", "--abort"])
        let synced = try await laptop.succeed(["sync"])
        #expect(synced.stdoutLines.last == "Nothing to push: \(try await laptop.upstream()) has it all.", "\(synced)")
    }
}
