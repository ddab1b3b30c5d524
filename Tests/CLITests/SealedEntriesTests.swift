import CLITestSupport
import Foundation
import Testing

/// Format version 5 as a command sees it: every entry sealed on its own, one line each. A write
/// changes the lines of the entries it changes and nothing else of the body (so that git stores
/// only what changed), and every edit of the lines that someone without the key can make (a
/// line dropped, duplicated, swapped, rolled back, brought from another vault, the seal or the
/// header of another write) is refused with exit 3, the file left as it was.
@Suite("Entries sealed one by one")
struct SealedEntriesTests {
    /// A vault of six entries (`earlier`), then the same vault after `rm web/e` and a new
    /// password for `web/c` (`current`, the file in place), and another vault under the same
    /// master password with one entry.
    private struct Writes {
        var fixture: VaultFixture
        var earlier: SealedFileText
        var current: SealedFileText
        var other: SealedFileText
    }

    private static func writes() async throws -> Writes {
        let fixture = try await VaultFixture.initialized()
        for name in ["web/a", "web/b", "web/c", "web/d", "web/e", "web/f"] {
            try await fixture.add(name, password: "pw-\(name)", options: ["--username", "me"])
        }
        let earlier = try SealedFileText(try fixture.vaultBytes())
        try await fixture.succeed(["rm", "web/e", "--yes"])
        try await fixture.succeed(["edit", "web/c", "--password"], stdin: "pw-c-new\n")
        let other = fixture.path("other.json")
        try await fixture.succeed(["init", "--vault", other] + VaultFixture.cheapKDF)
        try await fixture.succeed(["add", "--vault", other, "web/other"], stdin: "pw-other\n")
        return Writes(fixture: fixture, earlier: earlier, current: try SealedFileText(try fixture.vaultBytes()),
                      other: try SealedFileText(Data(contentsOf: URL(fileURLWithPath: other))))
    }

    /// The edits someone without the key can make to the lines, by name.
    private static func edits(of writes: Writes) throws -> [(String, SealedFileText)] {
        let current = writes.current
        let changedSlot = try #require(Set(current.entries).subtracting(writes.earlier.entries).first.map { String($0.prefix(32)) })
        var edits: [(String, SealedFileText)] = []
        func edit(_ name: String, recomputingPages: Bool = false, _ change: (inout SealedFileText) throws -> Void) rethrows {
            var file = current
            try change(&file)
            if recomputingPages { file.recomputePages() }
            edits.append((name + (recomputingPages ? ", pages recomputed" : ""), file))
        }
        for recompute in [false, true] {
            edit("an entry dropped", recomputingPages: recompute) { $0.entries.remove(at: 1) }
            edit("an entry duplicated", recomputingPages: recompute) { $0.entries.insert($0.entries[1], at: 2) }
            edit("an entry rolled back to the earlier write", recomputingPages: recompute) { file in
                let index = file.entries.firstIndex { $0.hasPrefix(changedSlot) }!
                file.entries[index] = writes.earlier.entry(slot: changedSlot)!
            }
            edit("a removed entry brought back from the earlier write", recomputingPages: recompute) { file in
                let removed = Set(writes.earlier.slots).subtracting(file.slots).first!
                file.entries = (file.entries + [writes.earlier.entry(slot: removed)!]).sorted()
            }
            edit("an entry of another vault under the same password added", recomputingPages: recompute) { file in
                file.entries = (file.entries + writes.other.entries).sorted()
            }
            edit("an entry replaced by one of another vault", recomputingPages: recompute) { file in
                file.entries[0] = writes.other.entries[0]
                file.entries.sort()
            }
        }
        edit("two entries' sealed boxes swapped, slots in place") { file in
            let (a, b) = (file.entries[0].split(separator: " "), file.entries[3].split(separator: " "))
            file.entries[0] = "\(a[0]) \(b[1])"
            file.entries[3] = "\(b[0]) \(a[1])"
        }
        edit("two entries' lines swapped") { $0.entries.swapAt(0, 3) }
        // The page digests join records with newlines: two lines of a page joined into one
        // record holding a newline give the same digest.
        edit("two lines of one page joined into one") { file in
            file.entries[1] += "\n" + file.entries.remove(at: 2)
        }
        edit("every entry dropped", recomputingPages: true) { $0.entries = [] }
        edit("the tombstones of the earlier write") { $0.tombstones = writes.earlier.tombstones }
        edit("the seal of the earlier write") { $0.seal = writes.earlier.seal }
        edit("the seal and pages of the earlier write") { file in
            file.seal = writes.earlier.seal
            file.pages = writes.earlier.pages
        }
        edit("the header of the earlier write") { $0.header = writes.earlier.header }
        edit("the header and seal of the earlier write") { file in
            file.header = writes.earlier.header
            file.seal = writes.earlier.seal
        }
        return edits
    }

    @Test("every edit of the lines without the key is refused by get, list and add with exit 3, and the file is left as it was")
    func editsAreRefused() async throws {
        let writes = try await Self.writes()
        try FileManager.default.createDirectory(atPath: writes.fixture.path("edited"), withIntermediateDirectories: false)
        let edits = try Self.edits(of: writes)
        #expect(edits.count == 21)
        var problems: [String] = []
        for (index, (name, file)) in edits.enumerated() {
            let bytes = file.data
            #expect(bytes != (try writes.fixture.vaultBytes()), "\(name) changed nothing")
            for arguments in [["get", "web/a"], ["list"], ["add", "web/new"]] {
                let path = try VaultFixture.writeFile(writes.fixture.path("edited/\(index).json"), bytes)
                let result = try await writes.fixture.run(arguments + ["--vault", path], stdin: "pw-new\n")
                if result.status != 3 || !result.stdoutData.isEmpty || result.stderrLines.count != 1 {
                    problems.append("\(name), \(arguments[0]): \(result)")
                }
                if try Data(contentsOf: URL(fileURLWithPath: path)) != bytes { problems.append("\(name), \(arguments[0]): the file changed") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(try await writes.fixture.password(of: "web/c") == "pw-c-new", "the vault itself still opens")
    }

    @Test("a write changes the lines of the entries it changes and nothing else of the body; the pages are as docs/format.md computes them")
    func unchangedEntriesKeepTheirBytes() async throws {
        let fixture = try await VaultFixture.initialized()
        let entries = (0..<40).map { ImportDocument.entry(name: String(format: "site/%02d", $0), password: "pw-\($0)", extra: [:]) }
        try await fixture.succeed(["import", try VaultFixture.writeFile(fixture.path("import.json"), try ImportDocument.data(entries: entries))])
        var before = try SealedFileText(try fixture.vaultBytes())
        #expect(before.entries.count == 40 && before.pages.count == 2)

        /// What changed in the body from `before` to the file now.
        func changes() throws -> (removed: Set<String>, added: Set<String>, pages: Int, tombstones: Bool, header: Int) {
            let after = try SealedFileText(try fixture.vaultBytes())
            var recomputed = after
            recomputed.recomputePages()
            #expect(recomputed.pages == after.pages, "the page digests are those of docs/format.md")
            defer { before = after }
            return (Set(before.entries).subtracting(after.entries), Set(after.entries).subtracting(before.entries),
                    zip(before.pages, after.pages).filter { $0 != $1 }.count + abs(before.pages.count - after.pages.count),
                    before.tombstones != after.tombstones, zip(before.header, after.header).filter { $0 != $1 }.count)
        }

        try await fixture.succeed(["edit", "site/05", "--username", "someone"])
        var change = try changes()
        #expect(change.removed.count == 1 && change.added.count == 1 && change.removed.first?.prefix(32) == change.added.first?.prefix(32))
        #expect(change.pages == 1 && !change.tombstones && change.header == 2, "only the data key's nonce and wrapped key: \(change)")

        try await fixture.succeed(["rm", "site/07", "--yes"])
        change = try changes()
        #expect(change.removed.count == 1 && change.added.isEmpty && change.pages == 1 && change.tombstones)

        try await fixture.succeed(["mv", "site/08", "site/99"])
        change = try changes()
        #expect(change.removed.count == 1 && change.added.count == 1 && change.removed.first?.prefix(32) != change.added.first?.prefix(32))
        #expect(!change.tombstones, "a rename is no removal")

        _ = try await fixture.succeed(["get", "site/10"])
        change = try changes()
        #expect(change.removed.isEmpty && change.added.isEmpty && change.pages == 0 && change.header == 0, "reading writes nothing")

        try await fixture.succeed(["rekey"])
        change = try changes()
        #expect(change.removed.count == 39 && change.added.count == 39 && change.tombstones, "a rekey seals every entry again")
    }
}
