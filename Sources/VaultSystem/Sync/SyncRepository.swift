import VaultCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The git repository a vault file is synced through, and what sets git up for it: the
/// `.gitattributes` lines that give the vault file vault's merge driver and textconv and keep
/// its attachments' sealed contents binary, the `.gitignore` that lets in nothing else of the
/// vault's folder (not the lock, not `plugins/`, not an export), and the repository's
/// configuration naming this vault binary as that driver.
public struct SyncRepository: Sendable {
    /// The vault file (symbolic links resolved).
    public let vaultPath: String
    /// git, run in the vault's folder.
    public let git: Git

    /// The vault file's name in its folder.
    public var vaultName: String { Paths.lastComponent(of: vaultPath) }
    public var folder: String { Paths.folder(of: vaultPath) }

    /// The repository of the vault file at `vaultPath`, whose git `program` runs.
    public init(vaultPath: String, program: any GitProgram) {
        self.vaultPath = vaultPath
        self.git = Git(folder: Paths.folder(of: vaultPath), program: program)
    }

    // MARK: The files that set git up

    /// Names vault writes into git's pattern files as they are, with no quoting to get wrong.
    static func checkName(_ name: String) throws(SyncError) {
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-+@".unicodeScalars.contains($0)
        }
        guard allowed, !name.isEmpty else { throw .unsupportedName(name) }
    }

    /// The `.gitattributes` lines: the vault file never text (so no line-ending conversion
    /// changes a byte of it), merged and listed by vault; its attachments' sealed contents
    /// never text and never shown as a diff.
    var attributesLines: [String] { [Self.attributesLine(vaultName: vaultName), Self.attachmentsAttributesLine(vaultName: vaultName)] }

    /// The `.gitattributes` line for a vault file called `vaultName`.
    static func attributesLine(vaultName: String) -> String { "/\(vaultName) -text merge=vault diff=vault" }

    /// The `.gitattributes` line for the sealed contents of the attachments of `vaultName`.
    static func attachmentsAttributesLine(vaultName: String) -> String { "/\(attachmentsFolder(of: vaultName))/* -text -diff" }

    /// The folder of a vault file's attachments (`AttachmentFolder`), in the vault's folder.
    static func attachmentsFolder(of vaultName: String) -> String { vaultName + AttachmentFolder.suffix }

    /// The folder of the vault file's attachments, in the vault's folder.
    var attachmentsFolder: String { Self.attachmentsFolder(of: vaultName) }

    /// The `.gitignore` lines: everything of the folder out, then the three files back in.
    var ignoreLines: [String] { Self.ignoreLines(vaultName: vaultName) }

    /// The `.gitignore` lines for a vault file called `vaultName`: everything of the folder
    /// out, then the vault file, its attachments' folder (but for what a writer killed while
    /// writing leaves there, whose names start with a dot) and the two setup files back in.
    static func ignoreLines(vaultName: String) -> [String] {
        let attachments = attachmentsFolder(of: vaultName)
        return ["/*", "!/\(vaultName)", "!/\(attachments)/", "/\(attachments)/.*", "!/.gitattributes", "!/.gitignore"]
    }

    /// The `.gitignore` lines vault wrote before attachments: still taken, and written anew.
    static func ignoreLinesBeforeAttachments(vaultName: String) -> [String] {
        ["/*", "!/\(vaultName)", "!/.gitattributes", "!/.gitignore"]
    }

    /// The files `vault sync` commits, relative to the vault's folder.
    var trackedFiles: [String] { [vaultName, ".gitattributes", ".gitignore"] }

    /// Refuses a `.gitignore` of the user's that would let other files of the folder in; true
    /// when there is none yet, or only the one vault wrote before attachments.
    @discardableResult
    func checkIgnoreFile() throws -> Bool {
        let ignore = folder + "/.gitignore"
        let ignored = try Self.lines(of: ignore)
        if ignored.isEmpty { return true }
        let rules = ignored.filter { !$0.hasPrefix("#") }
        if rules == ignoreLines { return false }
        guard rules == Self.ignoreLinesBeforeAttachments(vaultName: vaultName) else {
            throw SyncError.ignoreFileDiffers(path: ignore, lines: ignoreLines)
        }
        return true
    }

    /// Writes `.gitattributes` (adding the vault's lines to one that lacks them) and
    /// `.gitignore` (refusing one of the user's that would let other files in), checking both
    /// first.
    func writeSetupFiles() throws {
        try Self.checkName(vaultName)
        let writesIgnore = try checkIgnoreFile()
        let attributes = folder + "/.gitattributes"
        let existing = try Self.lines(of: attributes)
        let missing = attributesLines.filter { !existing.contains($0) }
        if !missing.isEmpty {
            try Self.write(existing + missing, to: attributes)
        }
        if writesIgnore {
            let comment = "# Written by vault sync: git keeps the vault file, its attachments and these two files, nothing else here."
            try Self.write([comment] + ignoreLines, to: folder + "/.gitignore")
        }
    }

    private static func lines(of path: String) throws(StoreError) -> [String] {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path, limit: 1 << 20)
        } catch .fileMissing {
            return []
        }
        return gitLines(bytes)
    }

    /// The lines of a file as git reads `.gitignore` and `.gitattributes`: split at line feeds
    /// only (a vertical tab or a form feed is part of a line to git, so it must be to vault),
    /// less one carriage return at a line's end (git's own, as `core.autocrlf` writes them).
    static func gitLines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n")).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
    }

    /// Writes `lines` to the small text file at `path` (mode 0644: no secret in it).
    static func write(_ lines: [String], to path: String) throws {
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        do {
            try bytes.withUnsafeBytes { try AtomicFile.write($0, to: path, mode: 0o644) }
        } catch StoreError.notFlushed {
            // In place; git reads it from there.
        }
    }

    /// Sets the repository's merge driver and textconv for vault files to `drivers`, but for a
    /// setting `present` holds (the repository's own, `SyncSettings.localDrivers`) that names a
    /// vault program which still exists: one set by hand, perhaps with options, stays, and one
    /// naming a program that moved (an upgrade) is set again.
    func configureDrivers(_ drivers: GitDrivers, keeping present: [String: String] = [:]) throws(SyncError) {
        let settings = [
            ("merge.vault.name", "vault entries"),
            ("merge.vault.driver", GitDrivers.configValue(drivers.merge)),
            ("diff.vault.textconv", GitDrivers.configValue(drivers.textconv)),
        ]
        for (key, value) in settings {
            if let current = present[key], ShellQuoting.firstWordExists(current) { continue }
            try git.run(["config", "--local", key, value])
        }
    }

    /// Whether git gives the vault file vault's merge driver.
    public func mergesWithVault() throws(SyncError) -> Bool {
        try git.run(["check-attr", "merge", "--", vaultName]).hasSuffix(": merge: vault")
    }

    // MARK: Questions about the repository

    /// Where git keeps the repository the vault's folder is in, or nil when it is in none.
    func layout() throws(SyncError) -> GitLayout? {
        try GitLayout.read(git)
    }

    /// The settings `vault sync` reads from the repository's configuration.
    func settings() throws(SyncError) -> SyncSettings {
        try SyncSettings.read(git)
    }

    /// Whether `path`, from the top of the repository, is one `vault sync` commits: a tracked
    /// file or a file in the attachments' folder.
    func isTracked(_ path: String, in layout: GitLayout) -> Bool {
        trackedFiles.map(layout.fromTop).contains(path) || path.hasPrefix(layout.fromTop(attachmentsFolder) + "/")
    }

    /// The paths, from the top of the repository, that `git status --porcelain=v1 -z` (asked
    /// of the vault's files alone) lists and a commit takes: a vault or setup file (one of
    /// `files`) that `isPresent` (a removed one is no change of vault's), and a sealed content
    /// in `attachmentsFolder` itself, new, staged as new, or removed.
    static func pathsToCommit(inStatus listed: [UInt8], files: [String], attachmentsFolder: String, isPresent: (String) -> Bool) -> [String] {
        var paths: [String] = []
        for item in listed.split(separator: 0) where item.count > 3 {
            // XY PATH: the index's state, the work tree's, a space, the path.
            let (staged, worked) = (item[item.startIndex], item[item.startIndex + 1])
            guard let path = String(validating: item.dropFirst(3), as: UTF8.self) else { continue }
            let folders = path.split(separator: "/").dropLast()
            let name = Paths.lastComponent(of: path)
            if folders.contains(Substring(attachmentsFolder)) {
                let (untracked, added, removed) = (UInt8(ascii: "?"), UInt8(ascii: "A"), UInt8(ascii: "D"))
                let isNewOrGone = (staged, worked) == (untracked, untracked) || staged == added || staged == removed || worked == removed
                guard folders.last == Substring(attachmentsFolder), Attachment.isContentID(name), isNewOrGone else { continue }
                paths.append(path)
            } else if files.contains(name), isPresent(name) {
                paths.append(path)
            }
        }
        return paths
    }

    /// The best common ancestor of two commits, or nil when they share no history.
    func mergeBase(_ one: String, _ other: String) throws(SyncError) -> String? {
        let arguments = ["merge-base", one, other]
        let result = try git.attempt(arguments)
        if result.status == 1 && result.errors.isEmpty { return nil }
        guard result.status == 0 else { throw Git.failure(arguments, result) }
        return result.text
    }

    /// Makes the git folder reachable by its owner only (0700): git writes its objects 0444,
    /// and every old version of the vault would otherwise be readable by other users wherever
    /// the vault's folder can be passed through.
    /// A repository shared on purpose (`core.sharedRepository`) is left as it is.
    func closeGitFolder(_ layout: GitLayout, settings: SyncSettings) {
        if settings.sharedRepository { return }
        // The common folder, where the objects are (a linked worktree's own folder holds none).
        var info = stat()
        let folder = layout.commonFolder
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(), info.st_mode & 0o077 != 0 else { return }
        chmod(folder, 0o700)
    }

    /// The current branch's name; a detached HEAD has none.
    func branch() throws(SyncError) -> String {
        let result = try git.attempt(["symbolic-ref", "-q", "--short", "HEAD"])
        guard result.status == 0, !result.text.isEmpty else { throw .detachedHead }
        return result.text
    }

    /// The object name of `revision`, or nil when there is none.
    func object(_ revision: String) throws(SyncError) -> String? {
        let result = try git.attempt(["rev-parse", "-q", "--verify", revision])
        return result.status == 0 ? result.text : nil
    }

    /// The object names of `revisions`, in one `git rev-parse` when all exist (a revision that
    /// does not is asked again on its own, and is nil).
    func objects(_ revisions: [String]) throws(SyncError) -> [String?] {
        // `--` makes every word a revision, never a path; git repeats it after the names.
        let all = try git.attempt(["rev-parse"] + revisions + ["--"])
        let names = all.text.split(separator: "\n").map(String.init)
        if all.status == 0, names.count == revisions.count + 1, names.last == "--" { return Array(names.dropLast()) }
        var found: [String?] = []
        for revision in revisions { found.append(try object(revision)) }
        return found
    }

    /// Whether commit `ancestor` is in the history of `descendant`.
    func isAncestor(_ ancestor: String, of descendant: String) throws(SyncError) -> Bool {
        try git.succeeds(["merge-base", "--is-ancestor", ancestor, descendant])
    }

    /// The bytes of blob `object`.
    func blob(_ object: String) throws(SyncError) -> [UInt8] {
        try git.output(["cat-file", "blob", object]).output
    }

    // MARK: Commits

    /// The `-c` option for the git commands that store the vault file (add, commit, merge): its
    /// objects are written unpacked without compression. A vault file is Base64 of ciphertext,
    /// which zlib makes a quarter smaller at about 50 ms a megabyte, every time it is stored;
    /// `git gc` compresses it when it packs it, and a push sends only its delta.
    static let storingOptions = ["-c", "core.looseCompression=0"]

    /// The `-c` options that give commits an author when git knows none for this user (no
    /// user.name or user.email anywhere): a vault on a fresh machine still syncs.
    func identityOptions() throws(SyncError) -> [String] {
        let author = try git.succeeds(["var", "GIT_AUTHOR_IDENT"])
        let committer = try git.succeeds(["var", "GIT_COMMITTER_IDENT"])
        return author && committer ? [] : ["-c", "user.name=vault", "-c", "user.email=vault@localhost"]
    }

    /// Commits the vault's files as they are, if they differ from HEAD's (or HEAD has none);
    /// returns whether it made a commit. Whatever else the user has staged stays out of it.
    /// Of the attachments' folder, sealed contents come in and go, never change: a file there
    /// that is not named by a content id, and a change to a content committed before (a
    /// damaged copy, which a sealed content can only be), stay out, as another machine would
    /// refuse them (`IncomingCommits`).
    @discardableResult
    func commitChanges(message: String) throws(SyncError) -> Bool {
        let listed = try git.output(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--"]
                                    + trackedFiles + [attachmentsFolder]).output
        let present = Self.pathsToCommit(inStatus: listed, files: trackedFiles, attachmentsFolder: attachmentsFolder) { name in
            access(folder + "/" + name, F_OK) == 0
        }.map { ":(top,literal)" + $0 }
        if present.isEmpty { return false }
        try git.run(Self.storingOptions + ["add", "-A", "--"] + present)
        let commit = ["commit", "-q", "-m", message, "--"] + present
        let committed = try git.attempt(Self.storingOptions + commit)
        if committed.status == 0 { return true }
        // The identity is asked of git only when a commit fails, as it does without one.
        let identity = try identityOptions()
        guard !identity.isEmpty else { throw Git.failure(commit, committed) }
        try git.run(Self.storingOptions + identity + commit)
        return true
    }
}
