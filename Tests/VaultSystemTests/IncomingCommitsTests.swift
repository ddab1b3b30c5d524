import Testing
@testable import VaultCore
@testable import VaultSystem

/// The rules of what `vault sync` takes from a remote, on their own: the setup files' contents,
/// each change's mode and path, and the reading of `git log --raw -z`.
@Suite("What a remote may change")
struct IncomingCommitsTests {
    private func change(_ path: String?, mode: String = "100644", status: Character = "M") -> IncomingCommits.Change {
        IncomingCommits.Change(commit: "c0ffee", mode: mode, object: "0123", status: status, path: path)
    }

    private let allowed = IncomingCommits.Allowed(vaultFiles: ["vault.json", "team/shared.json"], setupFolders: ["", "team"])

    @Test("a vault file as a plain file passes; a link, an executable, a submodule, another path or a new setup folder does not")
    func modesAndPaths() {
        let problem = { (change: IncomingCommits.Change) in IncomingCommits.problem(with: change, allowed: self.allowed) }
        #expect(problem(change("vault.json")) == nil)
        #expect(problem(change("team/shared.json")) == nil)
        #expect(problem(change("vault.json", mode: "000000", status: "D")) == nil)
        #expect(problem(change("vault.json", mode: "120000")) == "a symbolic link")
        #expect(problem(change("vault.json", mode: "100755")) == "an executable file")
        #expect(problem(change("vault.json", mode: "160000")) == "a submodule")
        #expect(problem(change("vault.json", mode: "040000")) == "a file of mode 040000")
        #expect(problem(change("shared.json")) == "not a vault file of this repository")
        #expect(problem(change("plugins/vault-x")) == "not a vault file of this repository")
        #expect(problem(change(nil)) == "a path that is not UTF-8")
        #expect(problem(change(".gitattributes")) == nil)
        #expect(problem(change("team/.gitignore")) == nil)
        #expect(problem(change("other/.gitattributes")) == "a setup file in a folder that has none here")
        #expect(problem(change("team/.gitignore", mode: "000000", status: "D")) == "a removal of the file that sets git up for the vault")
    }

    @Test("an attachment's sealed content may be added or removed, as a plain file named by a content id, never changed")
    func attachmentContents() {
        let problem = { (change: IncomingCommits.Change) in IncomingCommits.problem(with: change, allowed: self.allowed) }
        let id = String(repeating: "0f", count: 32)
        #expect(allowed.attachmentFolders == ["vault.json.attachments", "team/shared.json.attachments"])
        #expect(problem(change("vault.json.attachments/\(id)", status: "A")) == nil)
        #expect(problem(change("team/shared.json.attachments/\(id)", status: "A")) == nil)
        #expect(problem(change("vault.json.attachments/\(id)", mode: "000000", status: "D")) == nil)
        #expect(problem(change("vault.json.attachments/\(id)", status: "M")) == "a change to an attachment's sealed content, which never changes")
        #expect(problem(change("vault.json.attachments/\(id)", mode: "100755", status: "A")) == "an executable file")
        #expect(problem(change("vault.json.attachments/\(id)", mode: "120000", status: "A")) == "a symbolic link")
        #expect(problem(change("vault.json.attachments/\(id.uppercased())", status: "A")) == "not an attachment's sealed content")
        #expect(problem(change("vault.json.attachments/.\(id).tmp-1", status: "A")) == "not an attachment's sealed content")
        #expect(problem(change("vault.json.attachments/hooks/\(id)", status: "A")) == "not a vault file of this repository")
        #expect(problem(change("other.json.attachments/\(id)", status: "A")) == "not a vault file of this repository")
        #expect(problem(change("team/vault.json.attachments/\(id)", status: "A")) == "not a vault file of this repository")
    }

    @Test(".gitattributes: only vault's own lines, for names vault can sync")
    func attributes() {
        let check = { (text: String) in IncomingCommits.problem(withSetupFile: "x/.gitattributes", contents: Array(text.utf8)) }
        #expect(check("/vault.json -text merge=vault diff=vault\n") == nil)
        #expect(check("/a.json -text merge=vault diff=vault\n/b.json -text merge=vault diff=vault\n") == nil)
        #expect(check("/vault.json -text merge=vault diff=vault\n* filter=evil\n") == "a .gitattributes line vault does not write: * filter=evil")
        #expect(check("/vault.json -text merge=vault diff=vault\r\n") == "a setup file with characters vault does not write")
        #expect(check("/vault.json -text merge=vault diff=vault filter=evil\n") != nil)
        #expect(check("/va ult.json -text merge=vault diff=vault\n") != nil)
        #expect(check("/../x -text merge=vault diff=vault\n") != nil, "a name vault cannot sync")
        #expect(check("vault.json -text merge=vault diff=vault\n") != nil, "not anchored")
        #expect(check("/vault.json -text merge=vault diff=vault\n/vault.json.attachments/* -text -diff\n") == nil)
        #expect(check("/vault.json.attachments/* -text -diff filter=evil\n") != nil)
        #expect(check("/vault.json.attachments/* -text\n") != nil)
        #expect(check("/../x.attachments/* -text -diff\n") != nil)
        #expect(check("/.attachments/* -text -diff\n") != nil)
        #expect(IncomingCommits.vaultNames(in: Array("/a.json -text merge=vault diff=vault\n# no\n".utf8)) == ["a.json"])
        #expect(IncomingCommits.folder(of: "team/.gitattributes") == "team" && IncomingCommits.folder(of: ".gitignore") == "")
        #expect(IncomingCommits.Allowed.inFolder(of: "team/.gitattributes", "a.json") == "team/a.json")
        #expect(IncomingCommits.Allowed.inFolder(of: ".gitattributes", "a.json") == "a.json")
    }

    @Test(".gitignore: everything out but one vault file, its attachments and the two setup files, comments aside")
    func ignore() {
        let check = { (text: String) in IncomingCommits.problem(withSetupFile: ".gitignore", contents: Array(text.utf8)) }
        #expect(check("# Written by vault sync init\n/*\n!/vault.json\n!/.gitattributes\n!/.gitignore\n") == nil, "as vault wrote it before attachments")
        #expect(check("# Written by vault sync\n/*\n!/vault.json\n!/vault.json.attachments/\n/vault.json.attachments/.*\n!/.gitattributes\n!/.gitignore\n") == nil)
        #expect(check("/*\n!/vault.json\n!/other.json.attachments/\n/other.json.attachments/.*\n!/.gitattributes\n!/.gitignore\n") != nil)
        #expect(check("/*\n!/vault.json\n!/vault.json.attachments/\n!/.gitattributes\n!/.gitignore\n") != nil)
        #expect(check("/*\n!/vault.json\n!/.gitattributes\n!/.gitignore\n!/plugins\n") != nil)
        #expect(check("/*\n!/*\n") != nil)
        #expect(check("/*\n!/x y\n!/.gitattributes\n!/.gitignore\n") != nil)
        #expect(check("") != nil)
        // git reads a vertical tab as part of the comment, so nothing would be ignored.
        #expect(check("#\u{0B}/*\n!/vault.json\n!/.gitattributes\n!/.gitignore\n") == "a setup file with characters vault does not write")
    }

    @Test("git log --raw -z is read commit by commit, paths kept as they are")
    func reading() throws {
        let output = Array("commit aaa\0\n:000000 100644 0000 1111 A\0vault.json\0:100644 100755 2222 3333 M\0odd\nname\0".utf8)
            + Array("commit bbb\0\ncommit ccc\0\n:100644 000000 4444 0000 D\0.gitignore\0:000000 100644 0000 5555 A\0".utf8) + [0xFF, 0]
        let changes = try IncomingCommits.changes(in: output)
        #expect(changes == [
            IncomingCommits.Change(commit: "aaa", mode: "100644", object: "1111", status: "A", path: "vault.json"),
            IncomingCommits.Change(commit: "aaa", mode: "100755", object: "3333", status: "M", path: "odd\nname"),
            IncomingCommits.Change(commit: "ccc", mode: "000000", object: "0000", status: "D", path: ".gitignore"),
            IncomingCommits.Change(commit: "ccc", mode: "100644", object: "5555", status: "A", path: nil),
        ])
        #expect(throws: SyncError.self) { try IncomingCommits.changes(in: Array("commit a\0:bad\0".utf8)) }
        #expect(throws: SyncError.self) { try IncomingCommits.changes(in: Array("commit a\0:1 2 3 4 M\0".utf8)) }
    }
}
