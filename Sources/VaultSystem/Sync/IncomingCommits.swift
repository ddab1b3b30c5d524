import VaultCore
/// What `vault sync` and `vault sync clone` take from a remote, whose host, or anyone who can
/// push to it, may be hostile: commits that change nothing but the vault files this machine
/// already syncs. Before any fast-forward, merge or checkout, every commit the remote brings
/// (each against each of its parents, the first one against nothing) may change only
/// - a vault file of the repository as this machine has it (the files its `.gitattributes`
///   give vault's merge driver; for a clone, the vault file being cloned),
/// - the sealed content of an attachment of such a vault file (`<vault file>.attachments/`
///   and a content id): added or removed, never changed (a content id names one sealed
///   file), and no larger than this machine's attachment limit, and
/// - a `.gitattributes` or `.gitignore` in a folder where this machine has one (for a clone,
///   the top folder), holding nothing but vault's own lines,
/// each as a plain file (mode 644): never a symbolic link, an executable, a submodule, a path
/// that is not UTF-8, or any other path, and a setup file is never removed. So nothing the
/// remote sends can be run here, point a write elsewhere, put a file where there was none,
/// or pull a filter, a driver or a hook into git's work on the folder. A removed content the
/// vault still names is put back by `VaultSync` from this machine's copy.
struct IncomingCommits {
    let repository: SyncRepository
    /// The largest attachment content taken, in bytes (`attachments.max_mib`).
    let attachmentLimit: Int

    /// Options for every fetch from the remote: git checks each object it receives.
    static let fetchOptions = ["-c", "transfer.fsckObjects=true"]

    /// The largest `.gitattributes` or `.gitignore` read (vault's own are a few lines).
    static let setupFileLimit = 64 * 1024

    /// One change a commit makes, as `git log --raw` gives it.
    struct Change: Equatable {
        var commit: String
        var mode: String
        var object: String
        var status: Character
        /// The path from the top of the repository; nil when it is not UTF-8.
        var path: String?
    }

    /// What this machine lets a remote change.
    struct Allowed: Equatable {
        /// Vault files, from the top of the repository.
        var vaultFiles: Set<String>
        /// Folders holding a `.gitattributes` or `.gitignore` ("" for the top).
        var setupFolders: Set<String>

        /// The attachments' folders of the vault files, from the top of the repository.
        var attachmentFolders: Set<String> {
            Set(vaultFiles.map { Self.inFolder(of: $0, SyncRepository.attachmentsFolder(of: Paths.lastComponent(of: $0))) })
        }

        /// `name` in the folder of `path`, both from the top of the repository.
        static func inFolder(of path: String, _ name: String) -> String {
            path.contains("/") ? Paths.folder(of: path) + "/" + name : name
        }
    }

    /// What the commits a check took change.
    struct Checked {
        /// Whether they remove the sealed content of an attachment.
        var removesContents: Bool
    }

    /// Refuses, with the first commit and path that break the rules, the commits reachable
    /// from `tip` and not from `known` (every commit of `tip`, for a clone, without it).
    @discardableResult
    func check(tip: String, known: String?) throws(SyncError) -> Checked {
        let arguments = ["-c", "log.showSignature=false", "log", "--no-color", "--raw", "-z", "--diff-merges=separate", "--root",
                         "--no-renames", "--no-relative", "--ignore-submodules=none", "--no-abbrev", "--no-textconv", "--no-ext-diff",
                         "--format=commit %H", tip] + (known.map { ["^" + $0] } ?? [])
        let changes = try Self.changes(in: try repository.git.output(arguments).output)
        let allowed = try known.map(allowed(in:)) ?? Allowed(vaultFiles: [repository.vaultName], setupFolders: [""])
        for change in changes {
            if let why = try problem(with: change, allowed: allowed) {
                throw .refusedCommit(commit: change.commit, path: change.path ?? "a path that is not UTF-8", why: why)
            }
        }
        try checkContents(at: tip, against: known, allowed: allowed)
        let removed = changes.contains { $0.status == "D" && $0.path.map { allowed.attachmentFolders.contains(Self.folder(of: $0)) } == true }
        return Checked(removesContents: removed)
    }

    /// Refuses what checking out `tip` would do to the attachments' folders, against `known`
    /// (everything `tip` holds, for a clone): a sealed content with other bytes than `known`
    /// had (commits that each only remove or add one can still, in turn, replace it), or a new
    /// one larger than this machine's limit (older commits may hold larger ones, since removed:
    /// they are never checked out).
    private func checkContents(at tip: String, against known: String?, allowed: Allowed) throws(SyncError) {
        let folders = allowed.attachmentFolders.sorted().map { ":(top,literal)" + $0 }
        var added: Set<String>?
        if let known {
            let arguments = ["diff", "--raw", "-z", "--no-renames", "--no-abbrev", "--no-textconv", "--no-ext-diff", known, tip, "--"] + folders
            let changes = try Self.changes(in: try repository.git.output(arguments).output)
            if let changed = changes.first(where: { $0.status != "A" && $0.status != "D" }) {
                throw .refusedCommit(commit: tip, path: changed.path ?? "a path that is not UTF-8", why: "a change to an attachment's sealed content, which never changes")
            }
            added = Set(changes.filter { $0.status == "A" }.compactMap(\.path))
            if added?.isEmpty == true { return }
        }
        let limit = AttachmentSealer.sealedLength(contentLength: attachmentLimit)
        let listing = try repository.git.output(["ls-tree", "-r", "-l", "-z", "--full-tree", tip, "--"] + folders).output
        for entry in listing.split(separator: 0) {
            // MODE TYPE OBJECT SIZE\tPATH
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")), let path = String(validating: entry[(tab + 1)...], as: UTF8.self),
                  added.map({ $0.contains(path) }) ?? true else { continue }
            let fields = String(decoding: entry[..<tab], as: UTF8.self).split(separator: " ")
            if fields.count == 4, let size = Int(fields[3]), size > limit {
                throw .refusedCommit(commit: tip, path: path, why: "an attachment larger than this machine's limit of \(attachmentLimit >> 20) MiB (attachments.max_mib)")
            }
        }
    }

    /// What is wrong with one change, or nil when vault takes it.
    private func problem(with change: Change, allowed: Allowed) throws(SyncError) -> String? {
        if let why = Self.problem(with: change, allowed: allowed) { return why }
        guard let path = change.path, change.status != "D" else { return nil }
        if allowed.attachmentFolders.contains(Self.folder(of: path)) {
            let size = try repository.git.run(["cat-file", "-s", change.object])
            guard let bytes = Int(size), bytes <= AttachmentSealer.sealedLength(contentLength: Attachment.largestSize) else {
                return "an attachment larger than 4 GiB, the most an attachment holds"
            }
            return nil
        }
        guard Self.isSetupFile(path) else { return nil }
        let size = try repository.git.run(["cat-file", "-s", change.object])
        guard let bytes = Int(size), bytes <= Self.setupFileLimit else { return "a setup file of more than 64 KiB" }
        return Self.problem(withSetupFile: path, contents: try repository.blob(change.object))
    }

    /// What is wrong with one change's mode and path, or nil when they are allowed.
    static func problem(with change: Change, allowed: Allowed) -> String? {
        switch change.mode {
        case "120000": return "a symbolic link"
        case "160000": return "a submodule"
        case "100755": return "an executable file"
        case "100644", "000000": break
        default: return "a file of mode \(change.mode)"
        }
        guard let path = change.path else { return "a path that is not UTF-8" }
        if isSetupFile(path) {
            if change.status == "D" { return "a removal of the file that sets git up for the vault" }
            return allowed.setupFolders.contains(folder(of: path)) ? nil : "a setup file in a folder that has none here"
        }
        if allowed.attachmentFolders.contains(folder(of: path)) {
            guard Attachment.isContentID(Paths.lastComponent(of: path)) else { return "not an attachment's sealed content" }
            return change.status == "M" ? "a change to an attachment's sealed content, which never changes" : nil
        }
        return allowed.vaultFiles.contains(path) ? nil : "not a vault file of this repository"
    }

    /// Whether `path` is a `.gitattributes` or `.gitignore`, in any folder.
    static func isSetupFile(_ path: String) -> Bool {
        [".gitattributes", ".gitignore"].contains(Paths.lastComponent(of: path))
    }

    /// The folder of `path` from the top of the repository, "" for the top.
    static func folder(of path: String) -> String {
        path.contains("/") ? Paths.folder(of: path) : ""
    }

    /// What is wrong with the contents of a `.gitattributes` or `.gitignore`, or nil when they
    /// are what vault writes: printable ASCII lines, each ended by a line feed.
    static func problem(withSetupFile path: String, contents: [UInt8]) -> String? {
        guard contents.allSatisfy({ $0 == UInt8(ascii: "\n") || (0x20..<0x7F).contains($0) }) else {
            return "a setup file with characters vault does not write"
        }
        let lines = SyncRepository.gitLines(contents)
        if Paths.lastComponent(of: path) == ".gitattributes" {
            let foreign = lines.first { line in vaultName(inAttributesLine: line) == nil && !isAttachmentsAttributesLine(line) }
            return foreign.map { "a .gitattributes line vault does not write: \($0)" }
        }
        let rules = lines.filter { !$0.hasPrefix("#") }
        let named = rules.count >= 2 && rules[1].hasPrefix("!/") ? String(rules[1].dropFirst(2)) : ""
        guard (try? SyncRepository.checkName(named)) != nil,
              rules == SyncRepository.ignoreLines(vaultName: named) || rules == SyncRepository.ignoreLinesBeforeAttachments(vaultName: named) else {
            return "a .gitignore that lets in more than one vault file, its attachments and vault's two files"
        }
        return nil
    }

    /// Whether `line` is the `.gitattributes` line vault writes for a vault's attachments.
    static func isAttachmentsAttributesLine(_ line: String) -> Bool {
        let suffix = SyncRepository.attachmentsFolder(of: "") + "/* -text -diff"
        guard line.hasPrefix("/"), line.hasSuffix(suffix) else { return false }
        let name = String(line.dropFirst().dropLast(suffix.count))
        return (try? SyncRepository.checkName(name)) != nil && line == SyncRepository.attachmentsAttributesLine(vaultName: name)
    }

    /// The vault file a `.gitattributes` line of vault's names, or nil for any other line.
    static func vaultName(inAttributesLine line: String) -> String? {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 4, words[0].hasPrefix("/"), Array(words[1...]) == ["-text", "merge=vault", "diff=vault"] else { return nil }
        let name = String(words[0].dropFirst())
        return (try? SyncRepository.checkName(name)) != nil ? name : nil
    }

    /// The vault files a `.gitattributes` of vault's names.
    static func vaultNames(in contents: [UInt8]) -> [String] {
        SyncRepository.gitLines(contents).compactMap(vaultName(inAttributesLine:))
    }

    /// What commit `revision` (this machine's own) lets change: the vault files its
    /// `.gitattributes` files name, and the folders that hold setup files.
    private func allowed(in revision: String) throws(SyncError) -> Allowed {
        let listing = try repository.git.output(["ls-tree", "-r", "-z", "--full-tree", revision]).output
        var allowed = Allowed(vaultFiles: [], setupFolders: [])
        for entry in listing.split(separator: 0) {
            // MODE TYPE OBJECT\tPATH
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")),
                  let path = String(validating: entry[(tab + 1)...], as: UTF8.self), Self.isSetupFile(path) else { continue }
            allowed.setupFolders.insert(Self.folder(of: path))
            let fields = String(decoding: entry[..<tab], as: UTF8.self).split(separator: " ")
            guard Paths.lastComponent(of: path) == ".gitattributes", fields.count == 3, fields[1] == "blob" else { continue }
            allowed.vaultFiles.formUnion(Self.vaultNames(in: try repository.blob(String(fields[2]))).map { Allowed.inFolder(of: path, $0) })
        }
        return allowed
    }

    /// The changes in the output of `git log --raw -z --format='commit %H'`: a `commit ID`
    /// item starts each commit (once per parent for a merge), then an item
    /// `:OLDMODE NEWMODE OLDOBJECT NEWOBJECT STATUS` and an item with the path, per change.
    static func changes(in output: [UInt8]) throws(SyncError) -> [Change] {
        var changes: [Change] = []
        var commit = ""
        var items = output.split(separator: 0, omittingEmptySubsequences: false)[...]
        while let item = items.popFirst() {
            let text = String(decoding: item.drop { $0 == UInt8(ascii: "\n") }, as: UTF8.self)
            if text.isEmpty { continue }
            if text.hasPrefix("commit ") {
                commit = String(text.dropFirst("commit ".count))
                continue
            }
            let fields = text.dropFirst().split(separator: " ")
            guard text.hasPrefix(":"), fields.count == 5, let status = fields[4].first, let path = items.popFirst(), !path.isEmpty else {
                throw .gitFailed(command: "git log", reason: "its listing of changes could not be read")
            }
            changes.append(Change(commit: commit, mode: String(fields[1]), object: String(fields[3]), status: status,
                                  path: String(validating: path, as: UTF8.self)))
        }
        return changes
    }
}
