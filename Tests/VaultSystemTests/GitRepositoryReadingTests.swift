import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// What `vault sync` reads of a repository in one git command each: where git keeps it
/// (`GitLayout`, one `rev-parse`), the settings it needs (`SyncSettings`, one `git config`),
/// and several objects at once, run with the real git on repositories in a temporary folder.
@Suite("Reading a repository in few git commands")
struct GitRepositoryReadingTests {
    /// A temporary folder, and git run with a HOME of its own (no configuration but the test's).
    private struct Sandbox {
        let folder = try! TemporaryFolder()
        var environment: [String: String] {
            ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path,
             "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@x", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@x"]
        }

        /// The repository of a vault file at `path` under the folder.
        func repository(_ path: String) throws -> SyncRepository {
            SyncRepository(vaultPath: folder.path + "/" + path, program: try GitExecutable(environment: environment))
        }

        /// Runs git in `folder` (under the sandbox), which must succeed.
        @discardableResult
        func git(_ arguments: [String], in folder: String = "") throws -> String {
            try Git(folder: self.folder.path + "/" + folder, program: try GitExecutable(environment: environment)).run(arguments)
        }
    }

    @Test("what a commit of the vault's files takes from git status: changed vault and setup files that exist, sealed contents new or gone, never one changed")
    func pathsToCommit() {
        let id = String(repeating: "0f", count: 32), other = String(repeating: "ab", count: 32)
        let listed = [" M v/vault.json", "?? v/.gitignore", " D v/.gitattributes", "?? v/vault.json.attachments/\(id)",
                      " M v/vault.json.attachments/\(other)", " D v/vault.json.attachments/\(other)x", "D  v/vault.json.attachments/\(other)",
                      "A  v/vault.json.attachments/\(id)", "?? v/vault.json.attachments/notes.txt", "?? v/vault.json.attachments/sub/\(id)",
                      "?? v/vault.json.attachments/sub/vault.json"]
        let status = Array(listed.joined(separator: "\0").utf8) + [0]
        let paths = SyncRepository.pathsToCommit(inStatus: status, files: ["vault.json", ".gitattributes", ".gitignore"],
                                                 attachmentsFolder: "vault.json.attachments", isPresent: { $0 != ".gitattributes" })
        #expect(paths == ["v/vault.json", "v/.gitignore", "v/vault.json.attachments/\(id)", "v/vault.json.attachments/\(other)",
                          "v/vault.json.attachments/\(id)"])
    }

    @Test("the layout of a vault at the top, in a folder with a space, in a linked worktree, and outside any repository")
    func layout() throws {
        let box = Sandbox()
        try FileManager.default.createDirectory(atPath: box.folder.path + "/r/a b/c", withIntermediateDirectories: true)
        try box.git(["init", "-q", "-b", "main"], in: "r")
        let top = box.folder.path + "/r"
        #expect(try box.repository("r/vault.json").layout() == GitLayout(topLevel: top, gitFolder: top + "/.git", commonFolder: top + "/.git", prefix: ""))
        let nested = try #require(try box.repository("r/a b/c/vault.json").layout())
        #expect(nested == GitLayout(topLevel: top, gitFolder: top + "/.git", commonFolder: top + "/.git", prefix: "a b/c/"))
        #expect(nested.fromTop("vault.json") == "a b/c/vault.json")
        let repository = try box.repository("r/a b/c/vault.json")
        for path in ["a b/c/vault.json", "a b/c/.gitattributes", "a b/c/.gitignore", "a b/c/vault.json.attachments/\(String(repeating: "ab", count: 32))"] {
            #expect(repository.isTracked(path, in: nested))
        }
        for path in ["vault.json", "a b/c/vault.json.lock", "a b/c/other.json.attachments/x", "a b/c/vault.json.attachments"] {
            #expect(!repository.isTracked(path, in: nested))
        }

        try box.git(["commit", "-q", "--allow-empty", "-m", "first"], in: "r")
        try box.git(["worktree", "add", "-q", "-b", "other", "../w"], in: "r")
        let linked = try #require(try box.repository("w/vault.json").layout())
        #expect(linked.topLevel == box.folder.path + "/w" && linked.commonFolder == top + "/.git")
        #expect(linked.gitFolder == top + "/.git/worktrees/w", "a linked worktree has a git folder of its own")

        try FileManager.default.createDirectory(atPath: box.folder.path + "/none", withIntermediateDirectories: true)
        #expect(try box.repository("none/vault.json").layout() == nil)
    }

    @Test("a repository whose path has a line feed in it is read one answer at a time, and read right")
    func lineFeedInPath() throws {
        let box = Sandbox()
        let name = "two\nlines"
        try FileManager.default.createDirectory(atPath: box.folder.path + "/" + name + "/sub", withIntermediateDirectories: true)
        try box.git(["init", "-q"], in: name)
        let top = box.folder.path + "/" + name
        #expect(try box.repository(name + "/sub/vault.json").layout()
                == GitLayout(topLevel: top, gitFolder: top + "/.git", commonFolder: top + "/.git", prefix: "sub/"))
    }

    @Test("a git before 2.31, which prints --path-format=absolute back as an answer, is named as too old")
    func gitTooOld() throws {
        /// Answers every rev-parse as git 2.30 does: the option it does not know, then the paths.
        struct OldGit: GitProgram {
            func run(_ arguments: [String], in folder: String) throws(HelperProcessError) -> HelperProcess.ProgramOutput {
                let asked = arguments.filter { $0.hasPrefix("--show") || $0.hasSuffix("-dir") }
                let answers = ["--path-format=absolute"] + asked.map { $0 == "--show-prefix" ? "" : "/r/.git" }
                return HelperProcess.ProgramOutput(status: 0, output: Array((answers.joined(separator: "\n") + "\n").utf8), errors: [])
            }
        }
        #expect(throws: SyncError.gitFailed(command: "git rev-parse", reason: "it gave no absolute paths (vault sync needs git 2.31 or later)")) {
            try GitLayout.read(Git(folder: "/r", program: OldGit()))
        }
    }

    @Test("git config --show-scope -z output: scopes, a name with no value, a value over two lines, the last value winning")
    func settingsParsed() throws {
        let output = "global\0core.sharedrepository\ngroup\0local\0core.sharedrepository\0local\0merge.vault.driver\nx %O\ny\0"
            + "command\0diff.vault.textconv\nz\0local\0branch.Main.remote\norigin\0local\0branch.Main.remote\nup\0"
        let settings = try SyncSettings.parse(Array(output.utf8))
        #expect(settings.settings.count == 6)
        #expect(settings.value("core.sharedrepository") == "", "a name without a value is the empty value, as git config --get gives it")
        #expect(settings.sharedRepository, "the last setting has no value, which git reads as true: shared with the group")
        #expect(settings.value("merge.vault.driver") == "x %O\ny")
        #expect(settings.localDrivers == ["merge.vault.driver": "x %O\ny"], "a driver given by -c is not the repository's")
        #expect(settings.value("branch.Main.remote") == "up" && settings.value("branch.main.remote") == nil)
        #expect(try SyncSettings.parse([]).settings.isEmpty)
        #expect(throws: SyncError.self) { try SyncSettings.parse(Array("local\0core.sharedrepository\ngroup\0local\0".utf8)) }
    }

    @Test("core.sharedRepository as git reads it: shared with no value, group, all, 1, 2, true, a mode open to the group; not with umask, 0, false, off, 0600")
    func sharedRepositoryValues() throws {
        let shared = { (value: String?) in
            SyncSettings(settings: [.init(scope: "local", name: "core.sharedrepository", value: value)]).sharedRepository
        }
        // As git 2.39 makes the folders of new objects with umask 077: 2770 or 2777 shared, 700 not.
        let sharedValues: [String?] = [nil, "group", "all", "world", "everybody", "1", "2", "true", "Yes", "on", "0660", "0640", "664",
                                       "8", "9", "18", "0x10", "1k", "010k", " 1", " 0660", "10660", "-1", "+1"]
        for value in sharedValues {
            #expect(shared(value), "\(value ?? "no value") is shared")
        }
        // 3, 7, 0060 and 007 git refuses (the owner cannot read and write); Group and nonsense too.
        for value in ["umask", "0", "000", "", "false", "no", "off", "0600", "0700", "+0600", "3", "7", "0060", "007", "Group", "nonsense", "  "] {
            #expect(!shared(value), "\(value) is not shared")
        }
        #expect(!SyncSettings(settings: []).sharedRepository)
    }

    @Test("pushes go elsewhere with a push URL for the remote or any pushInsteadOf, not otherwise")
    func pushURLs() {
        let settings = { (name: String) in SyncSettings(settings: [.init(scope: "global", name: name, value: "x")]) }
        #expect(settings("remote.origin.pushurl").pushesElsewhere(remote: "origin"))
        #expect(!settings("remote.backup.pushurl").pushesElsewhere(remote: "origin"))
        #expect(settings("url.ssh://git@example.com/.pushinsteadof").pushesElsewhere(remote: "origin"))
        #expect(!settings("branch.main.remote").pushesElsewhere(remote: "origin"))
    }

    @Test("the settings read from a real repository and the user's configuration, and none when nothing matches")
    func settingsRead() throws {
        let box = Sandbox()
        try FileManager.default.createDirectory(atPath: box.folder.path + "/r", withIntermediateDirectories: true)
        try box.git(["init", "-q", "-b", "main"], in: "r")
        let repository = try box.repository("r/vault.json")
        #expect(try repository.settings().settings.isEmpty)
        try box.git(["config", "--global", "core.sharedRepository", "group"])
        try box.git(["config", "merge.vault.driver", "vault sync merge-driver %O %A %B %P"], in: "r")
        try box.git(["config", "branch.feature/a+b.remote", "origin"], in: "r")
        try box.git(["config", "branch.feature/a+b.merge", "refs/heads/feature/a+b"], in: "r")
        try box.git(["config", "user.name", "not read"], in: "r")
        let settings = try repository.settings()
        #expect(settings.sharedRepository)
        #expect(settings.localDrivers == ["merge.vault.driver": "vault sync merge-driver %O %A %B %P"])
        #expect(settings.value("branch.feature/a+b.merge") == "refs/heads/feature/a+b")
        #expect(settings.value("user.name") == nil, "only the names sync needs are read")
        try box.git(["config", "core.sharedRepository", "false"], in: "r")
        #expect(try !repository.settings().sharedRepository, "the repository's own setting overrides the user's")
    }

    @Test("several objects in one rev-parse; one that does not exist is nil and the others still found")
    func objects() throws {
        let box = Sandbox()
        try FileManager.default.createDirectory(atPath: box.folder.path + "/r", withIntermediateDirectories: true)
        try box.git(["init", "-q", "-b", "main"], in: "r")
        try box.git(["commit", "-q", "--allow-empty", "-m", "first"], in: "r")
        let repository = try box.repository("r/vault.json")
        let head = try box.git(["rev-parse", "HEAD"], in: "r")
        #expect(try repository.objects(["HEAD^{commit}", "main"]) == [head, head])
        #expect(try repository.objects(["refs/remotes/origin/main^{commit}", "HEAD^{commit}"]) == [nil, head])
        #expect(try repository.objects(["HEAD:vault.json"]) == [nil])
    }
}
