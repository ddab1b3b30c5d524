import Foundation
import Testing
import VaultCore
import VaultSystem

/// Where vault looks for the programs it runs and for plugins: only absolute folders of PATH,
/// and whether a folder is inside a git work tree.
@Suite("Program lookup")
struct ExecutableLookupTests {
    @Test("only absolute PATH folders count: ./bin, bin and an empty entry (the current folder) are passed over")
    func absoluteOnly() {
        #expect(ExecutableLookup.folders(environment: ["PATH": "./bin::/usr/bin:bin:/bin:"]) == ["/usr/bin", "/bin"])
        #expect(ExecutableLookup.folders(environment: [:]) == ["/usr/local/bin", "/usr/bin", "/bin"])
    }

    @Test("a folder is in a git work tree when it or a folder above it holds .git, a folder or a file")
    func gitWorkTree() throws {
        let top = FileManager.default.temporaryDirectory.path + "/worktree-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: top + "/a/b", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: top) }
        #expect(!Paths.isInGitWorkTree(top + "/a/b"))
        #expect(!Paths.isInGitWorkTree(top + "/a/b/not-made-yet"))
        _ = FileManager.default.createFile(atPath: top + "/a/.git", contents: Data("gitdir: elsewhere\n".utf8))
        #expect(Paths.isInGitWorkTree(top + "/a/b"))
        #expect(Paths.isInGitWorkTree(top + "/a/b/not-made-yet"))
        #expect(Paths.isInGitWorkTree(top + "/a"))
        #expect(!Paths.isInGitWorkTree(top))
    }
}
