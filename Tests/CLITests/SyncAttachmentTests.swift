import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `vault sync` carries attachments: their sealed contents travel in git beside the vault file,
/// a merge keeps both sides' new ones, a remote can neither change one nor take one away that
/// the vault still names, and a merge across a passwd or rekey seals the other side's new ones
/// again under the keys that win.
@Suite("vault sync: attachments")
struct SyncAttachmentTests {
    private func folder(_ machine: SyncMachine) -> String { machine.vaultPath + ".attachments" }

    private func sealedFiles(_ machine: SyncMachine) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder(machine))) ?? []).sorted()
    }

    private func trackedContents(_ machine: SyncMachine) async throws -> [String] {
        try await machine.gitOutput(["ls-files", "--", "vault.json.attachments"]).split(separator: "\n")
            .map { String($0.dropFirst("vault.json.attachments/".count)) }.sorted()
    }

    private func content(_ machine: SyncMachine, _ entry: String, _ name: String) async throws -> Data {
        try await machine.succeed(["attach", "get", entry, name, "--stdout"]).stdoutData
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    /// A synced vault on a laptop whose `entry` has the file `name` attached (`text`), synced
    /// to the remote; the file's path.
    private func laptopWithAttachment(_ name: String = "codes.txt", _ text: String = "recovery codes\n", on entry: String = "web/a")
        async throws -> (world: SyncWorld, laptop: SyncMachine, file: String) {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let file = try VaultFixture.writeFile(world.fixture.path(name), text)
        try await laptop.succeed(["attach", "add", entry, file])
        try await laptop.succeed(["sync"])
        return (world, laptop, file)
    }

    @Test("a photo attached on one machine comes to another without its GPS; nothing of it is readable in either folder or the remote")
    func photoTravels() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        let canary = "CANARY-\(UUID().uuidString)-CANARY"
        let codes = try VaultFixture.writeFile(world.fixture.path("codes.txt"), String(repeating: canary + "\n", count: 3000))
        try await laptop.succeed(["attach", "add", "web/a", ExifTool.fixtures + "/gps.jpg", codes])
        try await laptop.succeed(["sync"])
        let tracked = try await trackedContents(laptop)
        #expect(tracked == sealedFiles(laptop) && tracked.count == 2)

        try await desktop.succeed(["sync"])
        #expect(sealedFiles(desktop) == sealedFiles(laptop))
        #expect(mode(folder(desktop)) == 0o700 && sealedFiles(desktop).allSatisfy { mode(folder(desktop) + "/" + $0) == 0o600 })
        let back = world.fixture.path("back.jpg")
        try await desktop.succeed(["attach", "get", "web/a", "gps.jpg", "--output", back])
        #expect(try await ExifTool.tags(of: back).keys.filter { $0.contains("GPS") }.isEmpty)
        #expect(try await content(desktop, "web/a", "gps.jpg") == content(laptop, "web/a", "gps.jpg"))
        #expect(try await content(desktop, "web/a", "codes.txt") == FileManager.default.contents(atPath: codes))

        for top in [laptop.folder, desktop.folder, world.remote] {
            let enumerator = try #require(FileManager.default.enumerator(atPath: top))
            for case let name as String in enumerator {
                guard let bytes = FileManager.default.contents(atPath: top + "/" + name) else { continue }
                #expect(bytes.range(of: Data(canary.utf8)) == nil, "\(top)/\(name) holds the canary")
            }
        }
        // Every object each repository holds, uncompressed (git packs and compresses them).
        let git = try #require(ExternalProgram.find("git"))
        for repository in [laptop.vaultFolder, desktop.vaultFolder, world.remote] {
            let objects = try await ExternalProgram.run(git, ["-C", repository, "cat-file", "--batch-all-objects", "--batch"], environment: [:])
            #expect(objects.status == 0 && objects.stdoutData.count > 100_000, "\(repository)")
            #expect(objects.stdoutData.range(of: Data(canary.utf8)) == nil, "an object of \(repository) holds the canary")
        }
    }

    @Test("one file removed from an entry here while attached to another there: the merge keeps its content, taken from the other side")
    func sharedContentKept() async throws {
        let (world, laptop, file) = try await laptopWithAttachment()
        let desktop = try await world.joiner("desktop")
        try await laptop.succeed(["attach", "rm", "web/a", "codes.txt"])
        try await laptop.succeed(["sync"])
        try await desktop.succeed(["attach", "add", "web/b", file])
        try await desktop.succeed(["sync"])
        try await laptop.succeed(["sync"])
        for machine in [laptop, desktop] {
            #expect(try await content(machine, "web/b", "codes.txt") == Data("recovery codes\n".utf8), "\(machine.name)")
            let tracked = try await trackedContents(machine)
            #expect(tracked.count == 1 && tracked == sealedFiles(machine), "\(machine.name)")
        }
    }

    @Test("an empty attachments' folder, or a stray file in it, neither stops a sync nor goes into a commit")
    func strayFilesStayOut() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try FileManager.default.createDirectory(atPath: folder(laptop), withIntermediateDirectories: true)
        try await laptop.succeed(["edit", "web/a", "--username", "someone"])
        try await laptop.succeed(["sync"])
        try VaultFixture.writeFile(folder(laptop) + "/notes.txt", "not a sealed content\n")
        try VaultFixture.writeFile(folder(laptop) + "/" + String(repeating: "ab", count: 32), "not a sealed content either\n")
        try await laptop.gitSucceeds(["add", "-f", "vault.json.attachments/notes.txt"])
        try await laptop.succeed(["edit", "web/a", "--username", "someone else"])
        try await laptop.succeed(["sync"])
        let pushed = try await world.remoteGit(["ls-tree", "-r", "--name-only", try #require(try await world.remoteHead())])
        #expect(!pushed.contains("notes.txt"), "\(pushed)")
        // A file named as a content is committed: a machine that takes it may remove it, never read it.
        let desktop = try await world.joiner("desktop")
        #expect(try await desktop.names() == ["web/a", "web/b"])
    }

    @Test("a clone takes the attachments with the vault, its folder 0700 and its files 0600")
    func cloneTakesThem() async throws {
        let (world, laptop, _) = try await laptopWithAttachment("key.bin", "a key file\n", on: "web/b")
        let desktop = try await world.joiner("desktop")
        #expect(sealedFiles(desktop) == sealedFiles(laptop) && sealedFiles(desktop).count == 1)
        #expect(mode(folder(desktop)) == 0o700 && mode(folder(desktop) + "/" + sealedFiles(desktop)[0]) == 0o600)
        #expect(try await content(desktop, "web/b", "key.bin") == Data("a key file\n".utf8))
    }

    @Test("attachments added to one entry on both machines are all kept by the merge, on both; one removed on either is freed on both")
    func bothSidesKept() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let desktop = try await world.joiner("desktop")
        let one = try VaultFixture.writeFile(world.fixture.path("one.txt"), "from the laptop\n")
        let two = try VaultFixture.writeFile(world.fixture.path("two.txt"), "from the desktop\n")
        try await laptop.succeed(["attach", "add", "web/a", one])
        try await desktop.succeed(["attach", "add", "web/a", two])
        try await laptop.succeed(["sync"])
        try await desktop.succeed(["sync"])
        try await laptop.succeed(["sync"])
        for machine in [laptop, desktop] {
            #expect(try await content(machine, "web/a", "one.txt") == Data("from the laptop\n".utf8), "\(machine.name)")
            #expect(try await content(machine, "web/a", "two.txt") == Data("from the desktop\n".utf8), "\(machine.name)")
            let tracked = try await trackedContents(machine)
            #expect(tracked.count == 2 && tracked == sealedFiles(machine), "\(machine.name)")
        }

        try await desktop.succeed(["attach", "rm", "web/a", "one.txt"])
        try await desktop.succeed(["sync"])
        try await laptop.succeed(["sync"])
        for machine in [laptop, desktop] {
            let tracked = try await trackedContents(machine)
            #expect(tracked.count == 1 && tracked == sealedFiles(machine), "\(machine.name)")
        }
        try await laptop.succeed(["rm", "web/a", "--yes"])
        try await laptop.succeed(["sync"])
        try await desktop.succeed(["sync"])
        for machine in [laptop, desktop] {
            let tracked = try await trackedContents(machine)
            #expect(tracked.isEmpty && sealedFiles(machine).isEmpty, "\(machine.name)")
        }
    }

    @Test("a remote that removes a content the vault names gets it back from the next sync; the attachment still reads")
    func removedContentPutBack() async throws {
        let (world, laptop, _) = try await laptopWithAttachment()
        let sealed = try #require(sealedFiles(laptop).first)
        try await world.attack("git rm -q vault.json.attachments/\(sealed) && git commit -q -m tidy && git push -q origin \"HEAD:$branch\"")

        try await laptop.succeed(["sync"])
        #expect(sealedFiles(laptop) == [sealed])
        #expect(try await content(laptop, "web/a", "codes.txt") == Data("recovery codes\n".utf8))
        let onRemote = try await world.remoteGit(["ls-tree", "-r", "--name-only", try #require(try await world.remoteHead())])
        #expect(onRemote.contains("vault.json.attachments/\(sealed)"), "the content was pushed back: \(onRemote)")
        let desktop = try await world.joiner("desktop")
        #expect(try await content(desktop, "web/a", "codes.txt") == Data("recovery codes\n".utf8))
    }

    @Test("a remote that changes a sealed content, adds a file that is not one, or one above the limit is refused and nothing is taken")
    func foreignContentsRefused() async throws {
        let (world, laptop, _) = try await laptopWithAttachment()
        let sealed = try #require(sealedFiles(laptop).first)
        let other = String(repeating: "ab", count: 32)
        let plants = [
            ("printf x >>vault.json.attachments/\(sealed) && git add vault.json.attachments/\(sealed)", sealed, "never changes"),
            ("git rm -q vault.json.attachments/\(sealed) && git commit -q -m gone && mkdir -p vault.json.attachments && echo other >vault.json.attachments/\(sealed) && git add vault.json.attachments/\(sealed)",
             sealed, "never changes"),
            ("echo x >vault.json.attachments/notes && git add -f vault.json.attachments/notes", "notes", "not an attachment's sealed content"),
            ("head -c 1100000 /dev/zero >vault.json.attachments/\(other) && git add vault.json.attachments/\(other)", other, "larger than this machine's limit of 1 MiB"),
        ]
        try laptop.writeConfig(#"{"keyring": false, "attachments": {"max_mib": 1}}"#)
        let before = try #require(try await world.remoteHead())
        for (script, path, why) in plants {
            _ = try await world.remoteGit(["update-ref", "refs/heads/\(try await laptop.branch())", before])
            try await world.attack("\(script) && git commit -q -m tidy && git push -q -f origin \"HEAD:$branch\"")
            expectFailure(try await laptop.vault(["sync"]), status: 1, mentioning: "vault.json.attachments/\(path)", why)
            #expect(sealedFiles(laptop) == [sealed])
            #expect(try await content(laptop, "web/a", "codes.txt") == Data("recovery codes\n".utf8))
        }
    }

    @Test("a rekey on one machine while the other attached a file: either way round the merge seals it again under the new keys, and both read it")
    func rekeyMeetsNewAttachment() async throws {
        for rekeyFirst in [true, false] {
            let world = try await SyncWorld.make()
            let laptop = try await world.founder("laptop")
            let desktop = try await world.joiner("desktop")
            let file = try VaultFixture.writeFile(world.fixture.path("late.txt"), "attached before the rekey was seen\n")
            try await desktop.succeed(["attach", "add", "web/b", file])
            try await laptop.succeed(["rekey"])
            // Either the machine that rekeyed merges the other's attachment (its keys are ours),
            // or the one that attached merges the rekey (the keys that win are theirs).
            let (first, second) = rekeyFirst ? (laptop, desktop) : (desktop, laptop)
            try await first.succeed(["sync"])
            try await second.succeed(["sync"])
            try await first.succeed(["sync"])
            for machine in [laptop, desktop] {
                #expect(try await content(machine, "web/b", "late.txt") == Data("attached before the rekey was seen\n".utf8),
                        "\(machine.name), rekey synced first: \(rekeyFirst)")
            }
            #expect(sealedFiles(laptop) == sealedFiles(desktop), "rekey synced first: \(rekeyFirst)")
        }
    }

    @Test("passwd on a machine that lacks a content the vault names refuses, saying which, and changes nothing")
    func passwdWithAContentMissing() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        let file = try VaultFixture.writeFile(world.fixture.path("codes.txt"), "recovery codes\n")
        try await laptop.succeed(["attach", "add", "web/a", file])
        let sealed = try #require(sealedFiles(laptop).first)
        unlink(folder(laptop) + "/" + sealed)
        let vault = try #require(FileManager.default.contents(atPath: laptop.vaultPath))
        let newPassword = try VaultFixture.writeFile(world.fixture.path("new-password"), "another password\n")
        expectFailure(try await laptop.vault(["passwd", "--new-password-file", newPassword]), status: 4, mentioning: "codes.txt", "vault attach rm")
        #expect(FileManager.default.contents(atPath: laptop.vaultPath) == vault)
    }
}
