import CLITestSupport
import Foundation
import SeededRandom
import Testing
import VaultCore
import VaultSystem

/// `vault sync` converges: a bare repository on local disk and clones of one vault on machines
/// of their own (`SyncWorld`), concurrent changes of every kind on two of them, synced in
/// either order, and every machine ends with the same vault: entry for entry the one VaultCore's
/// three-way merge (`VaultFileMerge`, the model) makes of the copies the machines held before
/// they synced. Stamps come from the real clock, so no run can be replayed to the millisecond:
/// each run is held to the model merge of its own copies. A master password changed on one
/// machine is asked for on the other, and a wrong one changes nothing there.
@Suite("Sync converges: every machine ends with the model merge of the copies")
struct SyncConvergenceTests {
    /// Which of the two changed machines syncs first.
    enum Order: String, CaseIterable, Sendable {
        case aFirst, bFirst
    }

    // MARK: Every kind of concurrent change

    /// The founder's entries; each is there for one kind of concurrent change.
    private static let scenarioEntries: [(String, String)] = [
        ("fields/one", "pw-one"), ("fields/two", "pw-two"), ("fields/three", "pw-three"),
        ("gone/by-a", "pw-gone"), ("moved/old", "pw-moved"),
        ("kept/edited-by-a", "pw-kept-a"), ("kept/edited-by-b", "pw-kept-b"),
        ("conflict/user", "pw-user"), ("conflict/password", "pw-base"),
    ]

    /// A's changes, made before B's (so that where both change one part, B's is the later).
    private static let changesOnA: [Change] = [
        Change(["add", "new/from-a"], stdin: "pw-new-a\n"),
        Change(["edit", "fields/one", "--username", "alice-a"]),
        Change(["edit", "fields/two", "--note", "note from a"]),
        Change(["edit", "fields/three", "--field", "colour=blue"]),
        Change(["rm", "gone/by-a", "--yes"]),
        Change(["mv", "moved/old", "moved/new"]),
        Change(["edit", "kept/edited-by-a", "--note", "edited on a"]),
        Change(["rm", "kept/edited-by-b", "--yes"]),
        Change(["add", "same/name"], stdin: "same-a\n"),
        Change(["edit", "conflict/user", "--username", "user-a"]),
        Change(["edit", "conflict/password", "--password"], stdin: "pw-conflict-a\n"),
    ]

    /// B's changes, concurrent with A's.
    private static let changesOnB: [Change] = [
        Change(["add", "new/from-b"], stdin: "pw-new-b\n"),
        Change(["edit", "fields/one", "--url", "https://one.example"]),
        Change(["edit", "fields/two", "--password"], stdin: "pw-two-b\n"),
        Change(["edit", "fields/three", "--tag", "work", "--secret-field", "pin"], stdin: "4321\n"),
        Change(["edit", "moved/old", "--username", "mover-b"]),
        Change(["rm", "kept/edited-by-a", "--yes"]),
        Change(["edit", "kept/edited-by-b", "--password"], stdin: "pw-kept-b2\n"),
        Change(["add", "same/name"], stdin: "same-b\n"),
        Change(["edit", "conflict/user", "--username", "user-b"]),
        Change(["edit", "conflict/password", "--password"], stdin: "pw-conflict-b\n"),
    ]

    @Test("concurrent changes of every kind on two machines, synced in either order, end as the model merge on all three clones",
          arguments: Order.allCases)
    func everyKindOfChange(order: Order) async throws {
        let world = try await SyncWorld.make()
        let a = try await world.founder("a", entries: Self.scenarioEntries)
        let b = try await world.joiner("b")
        let c = try await world.joiner("c")
        let base = try vaultFile(of: a)
        try await apply(Self.changesOnA, on: a, context: "scenario, \(order)")
        try await apply(Self.changesOnB, on: b, context: "scenario, \(order)")
        let copies = Copies(base: base, ours: try vaultFile(of: a), theirs: try vaultFile(of: b))
        let model = try await modelEntries(of: copies, in: world)
        #expect(try await modelEntries(of: copies.swapped, in: world) == model, "the model merge depends on which side merges")

        let (first, second) = order == .aFirst ? (a, b) : (b, a)
        let merge = try await syncInTurn(first: first, second: second)
        try await c.succeed(["sync"])

        // What the merging machine tells (the branch is git's default, whatever it is called).
        for line in [
            "Merged the changes from origin/",
            "  conflict: two entries were called same/name; the later is now same/name (2)",
            "  conflict: kept/edited-by-a was removed on one side and changed on the other; it stays",
            "  conflict: kept/edited-by-b was removed on one side and changed on the other; it stays",
            "  conflict in conflict/user: username changed on both sides",
            "  conflict in conflict/password: password changed on both sides",
        ] {
            #expect(merge.stdoutLines.contains { $0.hasPrefix(line) }, "\(order): \(merge)")
        }

        let entries = try await a.entries()
        #expect(try await b.entries() == entries, "\(order): A and B differ")
        #expect(try await c.entries() == entries, "\(order): A and C differ")
        #expect(entries == model, "\(order): the machines' vault is not the model merge")
        try expectEveryChangeKept(in: entries, order: order)
    }

    /// What the scenario's merge must hold, whichever machine merged.
    private func expectEveryChangeKept(in entries: String, order: Order) throws {
        let merged = try byName(entries)
        #expect(merged.keys.sorted() == [
            "conflict/password", "conflict/user", "fields/one", "fields/three", "fields/two",
            "kept/edited-by-a", "kept/edited-by-b", "moved/new", "new/from-a", "new/from-b", "same/name", "same/name (2)",
        ], "\(order): a removal of an untouched entry stands, a rename moves, additions come through")

        let one = merged["fields/one"], two = merged["fields/two"], three = merged["fields/three"]
        #expect(one?["username"] as? String == "alice-a" && one?["urls"] as? [String] == ["https://one.example"], "\(order): \(one ?? [:])")
        #expect(two?["notes"] as? String == "note from a" && two?["password"] as? String == "pw-two-b", "\(order): \(two ?? [:])")
        #expect(historyPasswords(two) == ["pw-two"], "\(order): \(two ?? [:])")
        #expect(fields(three) == ["colour": "blue", "pin": "4321"] && three?["tags"] as? [String] == ["work"], "\(order): \(three ?? [:])")
        #expect(secretFieldNames(three) == ["pin"], "\(order): \(three ?? [:])")

        let moved = merged["moved/new"]
        #expect(moved?["username"] as? String == "mover-b" && moved?["password"] as? String == "pw-moved",
                "\(order): a rename on A and an edit on B both apply: \(moved ?? [:])")
        #expect(merged["kept/edited-by-a"]?["notes"] as? String == "edited on a", "\(order): A's edit beats B's removal")
        #expect(merged["kept/edited-by-b"]?["password"] as? String == "pw-kept-b2", "\(order): B's edit beats A's removal")
        #expect(merged["same/name"]?["password"] as? String == "same-a" && merged["same/name (2)"]?["password"] as? String == "same-b",
                "\(order): the later of two same-name additions is renamed")

        let user = merged["conflict/user"]
        #expect(user?["username"] as? String == "user-b", "\(order): the later username wins: \(user ?? [:])")
        let losing = fields(user).filter { $0.key.hasPrefix("conflict: username (") }
        #expect(Array(losing.values) == ["user-a"], "\(order): the losing username is kept in a conflict field: \(user ?? [:])")
        let password = merged["conflict/password"]
        #expect(password?["password"] as? String == "pw-conflict-b", "\(order): the later password wins")
        #expect(historyPasswords(password).sorted() == ["pw-base", "pw-conflict-a"],
                "\(order): the losing password and the one both replaced are in the history: \(password ?? [:])")
    }

    // MARK: A master password changed on one machine

    @Test("after passwd on A, B's sync with only the old password exits 3 and merges nothing; a second try changes nothing at all")
    func otherPasswordWrong() async throws {
        let (_, _, b, _) = try await passwordChangedOnA()
        let committed = try await git(b, ["rev-parse", "HEAD"])
        let before = try vaultFile(of: b)

        expectFailure(try await b.vault(["sync"]), status: 3, mentioning: "the password given does not open the other copy; nothing was merged")
        #expect(try vaultFile(of: b) == before, "B's vault file is untouched")
        // A sync commits this machine's changes before it fetches: that commit is all it left.
        let head = try await git(b, ["rev-parse", "HEAD"])
        let parents = try await git(b, ["rev-list", "--parents", "-n1", "HEAD"]).split(separator: " ").dropFirst()
        #expect(parents == [Substring(committed)], "one ordinary commit of B's own change on top of what B had")
        #expect(Array(try await b.git(["show", "HEAD:vault.json"]).stdoutData) == before, "the commit holds the file as it is")
        #expect(try await b.git(["rev-parse", "-q", "--verify", "MERGE_HEAD"]).status != 0, "no merge is left in progress")
        #expect(try await git(b, ["status", "--porcelain"]).isEmpty)
        let fetched = try await git(b, ["rev-parse", "@{upstream}"])
        #expect(try await b.git(["merge-base", "--is-ancestor", fetched, "HEAD"]).status == 1, "A's passwd was fetched, not merged")

        expectFailure(try await b.vault(["sync"]), status: 3, mentioning: "does not open the other copy")
        #expect(try await git(b, ["rev-parse", "HEAD"]) == head && (try vaultFile(of: b)) == before, "a second try changes nothing")
    }

    @Test("after passwd on A, B's sync asks for the other copy's password at the terminal, takes the new one, and both machines converge")
    func otherPasswordAsked() async throws {
        let (world, a, b, newPasswordFile) = try await passwordChangedOnA()
        let person = ScriptedTerminal([.secret(VaultFixture.masterPassword), .secret(Self.newPassword)])
        let synced = try await world.fixture.run(
            ["sync"], person: person, environment: b.environment.merging(["VAULT_PASSWORD_FILE": nil]) { _, new in new })
        try #require(synced.status == 0, "\(synced)")
        #expect(person.shown == ["Master password: ", "Master password of the other copy (changed there with vault passwd): "], "\(person.shown)")
        #expect(synced.stdoutLines.contains("The master password was changed on another machine: the vault now opens with that one."), "\(synced)")

        try await b.succeed(["list"], environment: ["VAULT_PASSWORD_FILE": newPasswordFile])
        expectFailure(try await b.vault(["list"]), status: 3, mentioning: "wrong master password")

        try await a.succeed(["sync"], environment: ["VAULT_PASSWORD_FILE": newPasswordFile])
        // From here on every machine's password file holds the new password.
        try VaultFixture.writeFile(world.fixture.passwordFile, Self.newPassword + "\n")
        let entries = try await a.entries()
        #expect(try await b.entries() == entries, "A and B hold the same vault")
        #expect(try byName(entries)["web/a"]?["username"] as? String == "b-user", "B's edit came through")
    }

    private static let newPassword = "a new master password ✓✓"

    /// A and B share a vault; A changes the master password and syncs; B, which still has the
    /// old one, edits `web/a`. Returns the new password's file.
    private func passwordChangedOnA() async throws -> (world: SyncWorld, a: SyncMachine, b: SyncMachine, newPasswordFile: String) {
        let world = try await SyncWorld.make()
        let a = try await world.founder("a")
        let b = try await world.joiner("b")
        let newPasswordFile = try VaultFixture.writeFile(world.fixture.path("new-password"), Self.newPassword + "\n")
        try await a.succeed(["passwd", "--new-password-file", newPasswordFile])
        try await a.succeed(["sync"], environment: ["VAULT_PASSWORD_FILE": newPasswordFile])
        try await b.succeed(["edit", "web/a", "--username", "b-user"])
        return (world, a, b, newPasswordFile)
    }

    // MARK: Three clones

    @Test("three clones with a different change each, synced A, B, C and then A, B, all hold every change")
    func threeClonesInARow() async throws {
        let world = try await SyncWorld.make()
        let a = try await world.founder("a")
        let b = try await world.joiner("b")
        let c = try await world.joiner("c")
        try await apply([Change(["add", "web/new"], stdin: "pw-new\n")], on: a, context: "three clones")
        try await apply([Change(["edit", "web/a", "--username", "b-user"])], on: b, context: "three clones")
        try await apply([Change(["mv", "web/b", "mail/b"]), Change(["edit", "mail/b", "--note", "moved on c"])], on: c, context: "three clones")
        for machine in [a, b, c, a, b] { try await machine.succeed(["sync"]) }

        let entries = try await a.entries()
        #expect(try await b.entries() == entries, "B holds A's vault")
        #expect(try await c.entries() == entries, "C holds A's vault")
        let merged = try byName(entries)
        #expect(merged.keys.sorted() == ["mail/b", "web/a", "web/new"])
        #expect(merged["web/a"]?["username"] as? String == "b-user" && merged["web/a"]?["password"] as? String == "pw-a")
        #expect(merged["mail/b"]?["notes"] as? String == "moved on c" && merged["mail/b"]?["password"] as? String == "pw-b")
        #expect(merged["web/new"]?["password"] as? String == "pw-new")
    }

    // MARK: Seeded random edit scripts

    /// The random scripts run in `lanes` worlds side by side, `rounds` seeds one after another
    /// in each: a round starts from the vault the rounds before left (history, conflict fields,
    /// renamed duplicates and all), which costs less than a world per seed and merges deeper
    /// histories. Seed `lane * rounds + round`.
    static let lanes = 0..<3
    static let rounds = 10

    @Test("seeded random edit scripts on two machines, synced in a seeded order, end as the model merge on both", arguments: Self.lanes)
    func randomScripts(lane: Int) async throws {
        let world = try await SyncWorld.make()
        var names = Array(ScriptWriter.pool.prefix(3))
        let a = try await world.founder("a", entries: names.map { ($0, "pw-\($0)") })
        let b = try await world.joiner("b")
        for seed in lane * Self.rounds..<(lane + 1) * Self.rounds {
            names = try await randomRound(seed: seed, a: a, b: b, names: names, in: world)
        }
    }

    /// One round: random scripts on A and B from `names` (the names both have), a sync in a
    /// random order, and A and B held to the model merge. Returns the names both have after it.
    private func randomRound(seed: Int, a: SyncMachine, b: SyncMachine, names: [String], in world: SyncWorld) async throws -> [String] {
        var random = SeededRandom(seed: UInt64(seed))
        let base = try vaultFile(of: a)
        var script: [String] = []
        for (machine, letter) in [(a, "a"), (b, "b")] {
            var writer = ScriptWriter(names: names, token: "\(letter)\(seed)")
            let changes = (0..<Int.random(in: 1...4, using: &random)).map { writer.step($0, using: &random) }
            script.append("\(letter): " + changes.map(\.description).joined(separator: "; "))
            try await apply(changes, on: machine, context: "seed \(seed), \(script.last!)")
        }
        let model = try await modelEntries(of: Copies(base: base, ours: try vaultFile(of: a), theirs: try vaultFile(of: b)), in: world)
        let aFirst = Bool.random(using: &random)
        try await syncInTurn(first: aFirst ? a : b, second: aFirst ? b : a)

        let replay = "seed \(seed), \(aFirst ? "A" : "B") synced first; \(script.joined(separator: " | "))"
        // A took B's merge as it is (or B A's): the same file, byte for byte.
        try #require(try vaultFile(of: a) == (try vaultFile(of: b)), "\(replay): A and B differ")
        let entries = try await a.entries()
        try #require(entries == model, "\(replay): the machines' vault is not the model merge")
        return try byName(entries).keys.sorted()
    }
}

// MARK: - Helpers

extension SyncConvergenceTests {
    /// One command line of a machine's changes, with what it reads on standard input.
    private struct Change: CustomStringConvertible {
        var arguments: [String]
        var stdin: String?

        init(_ arguments: [String], stdin: String? = nil) {
            self.arguments = arguments
            self.stdin = stdin
        }

        var description: String { arguments.joined(separator: " ") }
    }

    /// Runs `changes` on `machine`, stopping the test (saying `context`) at the first that fails.
    private func apply(_ changes: [Change], on machine: SyncMachine, context: String) async throws {
        for change in changes {
            let result = try await machine.vault(change.arguments, stdin: change.stdin)
            try #require(result.status == 0, "\(context): \(machine.name): \(result)")
        }
    }

    /// Syncs `first`, then `second` (which merges), then `first` again (which takes the merge);
    /// returns the output of `second`'s sync.
    @discardableResult
    private func syncInTurn(first: SyncMachine, second: SyncMachine) async throws -> VaultResult {
        try await first.succeed(["sync"])
        let merge = try await second.succeed(["sync"])
        try await first.succeed(["sync"])
        return merge
    }

    /// The copies a sync of two machines merges, taken before either syncs: the file both cloned,
    /// A's and B's.
    private struct Copies {
        var base: [UInt8]
        var ours: [UInt8]
        var theirs: [UInt8]

        /// The same copies as the other machine merges them.
        var swapped: Copies { Copies(base: base, ours: theirs, theirs: ours) }
    }

    /// The bytes of a machine's vault file.
    private func vaultFile(of machine: SyncMachine) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: machine.vaultPath)))
    }

    /// What VaultCore's merge makes of `copies` (all under the fixture's master password), as
    /// `entries()` exports it: the merged file is the vault of a machine of its own that never syncs.
    private func modelEntries(of copies: Copies, in world: SyncWorld) async throws -> String {
        let unlocker = Unlocker(passwordSource: PasswordFile(path: world.fixture.passwordFile, warn: { _ in }), keyCache: NoKeyCache())
        let merged = try VaultFileMerge.merge(base: copies.base, ours: copies.ours, theirs: copies.theirs,
                                              keys: VaultFileMerge.Keys(ours: unlocker, otherPassword: nil))
        let model = try world.machine("model")
        try FileManager.default.createDirectory(atPath: model.vaultFolder, withIntermediateDirectories: true)
        try VaultFixture.writeFile(model.vaultPath, Data(merged.bytes))
        return try await model.entries()
    }

    /// `git arguments…` on `machine`, which must succeed; its output without the final newline.
    private func git(_ machine: SyncMachine, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await machine.git(arguments)
        try #require(result.status == 0, "\(machine.name): \(result)", sourceLocation: sourceLocation)
        return result.stdout.hasSuffix("\n") ? String(result.stdout.dropLast()) : result.stdout
    }

    /// The exported entries (`SyncMachine.entries()`) by name.
    private func byName(_ entries: String) throws -> [String: [String: Any]] {
        let list = try JSONValue.array(Data(entries.utf8))
        return Dictionary(list.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// An exported entry's custom fields, name to value.
    private func fields(_ entry: [String: Any]?) -> [String: String] {
        let list = entry?["fields"] as? [[String: Any]] ?? []
        return Dictionary(list.map { ($0["name"] as? String ?? "", $0["value"] as? String ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of an exported entry's secret custom fields.
    private func secretFieldNames(_ entry: [String: Any]?) -> [String] {
        (entry?["fields"] as? [[String: Any]] ?? []).filter { $0["secret"] as? Bool == true }.compactMap { $0["name"] as? String }
    }

    /// The earlier passwords in an exported entry's history, oldest first.
    private func historyPasswords(_ entry: [String: Any]?) -> [String] {
        (entry?["history"] as? [[String: Any]] ?? []).compactMap { $0["password"] as? String }
    }

    /// Writes a random edit script for one machine over a small pool of names, so that the two
    /// machines' scripts collide (the same name added, renamed onto, edited and removed): each step
    /// is a command line that succeeds on the machine's vault as the steps before left it.
    private struct ScriptWriter {
        /// The names a script adds and renames to (the vault may have others: `p/a (2)`).
        static let pool = ["p/a", "p/b", "p/c", "p/d", "p/e"]

        private enum Kind: CaseIterable { case add, username, url, note, password, field, secretField, tag, remove, rename }

        /// The names the machine's vault has now.
        var names: [String]
        /// The machine's letter and the seed, part of every value the script writes.
        let token: String

        /// Step `index` of the script.
        mutating func step(_ index: Int, using random: inout SeededRandom) -> Change {
            let token = "\(self.token)-\(index)"
            let free = Self.pool.filter { !names.contains($0) }
            var kind = Kind.allCases.randomElement(using: &random)!
            if names.isEmpty { kind = .add }
            if free.isEmpty && (kind == .add || kind == .rename) { kind = .password }
            if kind == .add {
                let name = free.randomElement(using: &random)!
                names.append(name)
                return Change(["add", name], stdin: "pw-\(token)\n")
            }
            let name = names.randomElement(using: &random)!
            switch kind {
            case .add:
                preconditionFailure("handled above")
            case .username:
                return Change(["edit", name, "--username", "u-\(token)"])
            case .url:
                return Change(["edit", name, "--url", "https://\(token).example"])
            case .note:
                return Change(["edit", name, "--note", "n-\(token)"])
            case .password:
                return Change(["edit", name, "--password"], stdin: "pw-\(token)\n")
            case .field:
                return Change(["edit", name, "--field", "f\(Int.random(in: 0..<2, using: &random))=\(token)"])
            case .secretField:
                return Change(["edit", name, "--secret-field", "s\(Int.random(in: 0..<2, using: &random))"], stdin: "secret-\(token)\n")
            case .tag:
                return Change(["edit", name, "--tag", "t-\(token)"])
            case .remove:
                names.removeAll { $0 == name }
                return Change(["rm", name, "--yes"])
            case .rename:
                let target = free.randomElement(using: &random)!
                names = names.map { $0 == name ? target : $0 }
                return Change(["mv", name, target])
            }
        }
    }
}
