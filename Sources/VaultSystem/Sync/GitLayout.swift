import VaultCore

/// Where git keeps the repository a vault's folder is in, read in one `git rev-parse`: the
/// work tree's top, the git folders, and the vault's folder from the top.
public struct GitLayout: Sendable, Equatable {
    /// The top folder of the work tree.
    public var topLevel: String
    /// The work tree's git folder (`.git`, or a linked worktree's), where git keeps its
    /// per-worktree state (MERGE_HEAD, FETCH_HEAD) and `vault sync` its own files.
    public var gitFolder: String
    /// The git folder shared by every worktree, where the objects are.
    public var commonFolder: String
    /// The vault's folder from the top: empty, or ending in `/`.
    public var prefix: String

    /// What `git rev-parse` is asked, in the order it answers, one line each.
    static let questions = ["--show-toplevel", "--absolute-git-dir", "--git-common-dir", "--show-prefix"]

    /// The layout of the repository `git` runs in, or nil when its folder is in none (or in a
    /// git folder, which has no work tree).
    static func read(_ git: Git) throws(SyncError) -> GitLayout? {
        let asked = ["rev-parse", "--path-format=absolute"]
        let result = try git.attempt(asked + questions)
        guard result.status == 0 else { return nil }
        var answers = result.output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if answers.last == "" { answers.removeLast() }
        if answers.count != questions.count {
            // A path with a line feed in it: asked one at a time.
            answers = []
            for question in questions { answers.append(try git.run(asked + [question])) }
        }
        // A git before 2.31 prints --path-format back as an answer of its own.
        guard answers[..<3].allSatisfy({ $0.hasPrefix("/") }) else {
            throw .gitFailed(command: "git rev-parse", reason: "it gave no absolute paths (vault sync needs git 2.31 or later)")
        }
        return GitLayout(topLevel: answers[0], gitFolder: answers[1], commonFolder: answers[2], prefix: answers[3])
    }

    /// `name`, a file of the vault's folder, from the top of the repository (for `REV:PATH`).
    public func fromTop(_ name: String) -> String { prefix + name }
}
