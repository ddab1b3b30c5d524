import CLITestSupport
import Foundation
import Testing

/// `vault attach`: files kept with an entry, sealed one by one beside the vault, photos without
/// their private metadata.
@Suite("vault attach")
struct AttachCommandTests {
    private func fixtureWithEntry() async throws -> VaultFixture {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("id/passport", password: "not the point")
        return fixture
    }

    private var attachmentFolder: (VaultFixture) -> String { { $0.vaultPath + ".attachments" } }

    private func sealedFiles(_ fixture: VaultFixture) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: attachmentFolder(fixture))) ?? []).sorted()
    }

    @Test("a random 5 MiB file comes back byte for byte, to a new file of mode 0600 and to standard output; ls and show list it")
    func roundTrip() async throws {
        let fixture = try await fixtureWithEntry()
        var generator = SystemRandomNumberGenerator()
        let content = Data((0..<(5 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let file = try VaultFixture.writeFile(fixture.path("scan.bin"), content)
        try await fixture.succeed(["attach", "add", "id/passport", file])
        let back = fixture.path("back.bin")
        try await fixture.succeed(["attach", "get", "id/passport", "scan.bin", "--output", back])
        #expect(FileManager.default.contents(atPath: back) == content)
        let mode = try FileManager.default.attributesOfItem(atPath: back)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try await fixture.succeed(["attach", "get", "id/passport", "scan.bin", "--stdout"]).stdoutData == content)
        expectFailure(try await fixture.run(["attach", "get", "id/passport", "scan.bin", "--output", back]), status: 5, mentioning: "exists")

        let listed = try JSONValue.array(try await fixture.succeed(["attach", "ls", "id/passport", "--json"]).stdoutData)
        #expect(listed.count == 1)
        let item = try #require(listed.first as? [String: Any])
        #expect(item["name"] as? String == "scan.bin" && item["size"] as? Int == 5 << 20 && item["type"] as? String == "application/octet-stream")
        #expect(try await fixture.succeed(["show", "id/passport"]).stdout.contains("Attachment: scan.bin (5.0 MiB, application/octet-stream)"))
        expectFailure(try await fixture.run(["attach", "get", "id/passport", "other.bin", "--stdout"]), status: 4, mentioning: "no attachment called")
    }

    @Test("no byte of an attachment is on disk in plain text: a canary is in no file under the vault's folder")
    func noPlaintext() async throws {
        let fixture = try await fixtureWithEntry()
        let canary = "CANARY-\(UUID().uuidString)-CANARY"
        let file = try VaultFixture.writeFile(fixture.path("codes.txt"), String(repeating: canary + "\n", count: 5000))
        try await fixture.succeed(["attach", "add", "id/passport", file])
        let folder = (fixture.vaultPath as NSString).deletingLastPathComponent
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder))
        var read = 0
        for case let name as String in enumerator where name != "codes.txt" && !name.hasPrefix("io") {
            guard let bytes = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            read += 1
            #expect(bytes.range(of: Data(canary.utf8)) == nil, "\(name) holds the canary")
        }
        #expect(read >= 2, "the vault file and the sealed content were read")
    }

    @Test("one content attached twice is stored once; it goes when the last attachment naming it does, and the folder with it")
    func storedOnceAndFreed() async throws {
        let fixture = try await fixtureWithEntry()
        try await fixture.add("id/card", password: "x")
        let file = try VaultFixture.writeFile(fixture.path("codes.txt"), "recovery codes\n")
        try await fixture.succeed(["attach", "add", "id/passport", file])
        try await fixture.succeed(["attach", "add", "id/passport", file, "--name", "copy.txt"])
        try await fixture.succeed(["attach", "add", "id/card", file])
        #expect(sealedFiles(fixture).count == 1)
        try await fixture.succeed(["attach", "rm", "id/passport", "codes.txt"])
        try await fixture.succeed(["rm", "--yes", "id/card"])
        #expect(sealedFiles(fixture).count == 1, "copy.txt still names it")
        try await fixture.succeed(["attach", "rm", "id/passport", "copy.txt"])
        #expect(!FileManager.default.fileExists(atPath: attachmentFolder(fixture)))
        expectFailure(try await fixture.run(["attach", "rm", "id/passport", "copy.txt"]), status: 4, mentioning: "no attachment called")
    }

    @Test("above attachments.max_mib nothing is stored and the vault is unchanged; a name the entry has is refused")
    func limits() async throws {
        let fixture = try await fixtureWithEntry()
        try VaultFixture.writeFile(fixture.path(".config/vault/config.json"), #"{"keyring": false, "attachments": {"max_mib": 1}}"# + "\n")
        let small = try VaultFixture.writeFile(fixture.path("small.txt"), "small\n")
        let large = try VaultFixture.writeFile(fixture.path("large.bin"), Data(count: (1 << 20) + 1))
        let before = try fixture.vaultBytes()
        expectFailure(try await fixture.run(["attach", "add", "id/passport", small, large]), status: 1, mentioning: "large.bin")
        #expect(try fixture.vaultBytes() == before)
        #expect(sealedFiles(fixture).isEmpty)
        try await fixture.succeed(["attach", "add", "id/passport", small])
        expectFailure(try await fixture.run(["attach", "add", "id/passport", small]), status: 5, mentioning: "already has an attachment")
        // A usage error, told with the command's usage as ArgumentParser tells it.
        let twoNamed = try await fixture.run(["attach", "add", "id/passport", small, large, "--name", "x"])
        #expect(twoNamed.status == 64 && twoNamed.stderr.contains("--name names one file"), "\(twoNamed)")
    }

    @Test("a JPEG with GPS is kept without it and with the same pixels; --keep-metadata keeps the bytes as given")
    func photoStripped() async throws {
        let fixture = try await fixtureWithEntry()
        let photo = ExifTool.fixtures + "/gps.jpg"
        let added = try await fixture.succeed(["attach", "add", "id/passport", photo])
        #expect(added.stderr.contains("removed EXIF"), "\(added)")
        let back = fixture.path("back.jpg")
        try await fixture.succeed(["attach", "get", "id/passport", "gps.jpg", "--output", back])
        let tags = try await ExifTool.tags(of: back)
        #expect(tags.keys.filter { $0.contains("GPS") }.isEmpty, "\(tags.keys.sorted())")
        let compare = try #require(ExternalProgram.find("compare"))
        let difference = try await ExternalProgram.run(compare, ["-metric", "AE", photo, back, "null:"], environment: [:])
        #expect(difference.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(difference)")

        try await fixture.succeed(["attach", "add", "id/passport", photo, "--name", "original.jpg", "--keep-metadata"])
        #expect(try await fixture.succeed(["attach", "get", "id/passport", "original.jpg", "--stdout"]).stdoutData
                == FileManager.default.contents(atPath: photo))
    }

    @Test("rekey seals every content again under new ids; the old sealed files are gone and the contents read back")
    func rekey() async throws {
        let fixture = try await fixtureWithEntry()
        let file = try VaultFixture.writeFile(fixture.path("codes.txt"), "recovery codes\n")
        try await fixture.succeed(["attach", "add", "id/passport", file])
        let before = sealedFiles(fixture)
        try await fixture.succeed(["rekey"])
        let after = sealedFiles(fixture)
        #expect(after.count == 1 && after != before)
        #expect(try await fixture.succeed(["attach", "get", "id/passport", "codes.txt", "--stdout"]).stdout == "recovery codes\n")
    }

    @Test("a sealed content changed on disk is refused as tampered, one removed as missing")
    func damagedContent() async throws {
        let fixture = try await fixtureWithEntry()
        let file = try VaultFixture.writeFile(fixture.path("codes.txt"), "recovery codes\n")
        try await fixture.succeed(["attach", "add", "id/passport", file])
        let sealed = attachmentFolder(fixture) + "/" + (try #require(sealedFiles(fixture).first))
        var bytes = try #require(FileManager.default.contents(atPath: sealed))
        bytes[bytes.count - 1] ^= 1
        try bytes.write(to: URL(fileURLWithPath: sealed))
        expectFailure(try await fixture.run(["attach", "get", "id/passport", "codes.txt", "--stdout"]), status: 3, mentioning: "tampered")
        try FileManager.default.removeItem(atPath: sealed)
        expectFailure(try await fixture.run(["attach", "get", "id/passport", "codes.txt", "--stdout"]), status: 4, mentioning: "not on this machine")
        // Attaching the same file again puts its sealed content back.
        try await fixture.succeed(["attach", "add", "id/passport", file, "--name", "again.txt"])
        #expect(try await fixture.succeed(["attach", "get", "id/passport", "codes.txt", "--stdout"]).stdout == "recovery codes\n")
    }

    @Test("an export carries each attachment's content in Base64, and an import into another vault restores it exactly")
    func exportAndImport() async throws {
        let fixture = try await fixtureWithEntry()
        let content = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try await fixture.succeed(["attach", "add", "id/passport", try VaultFixture.writeFile(fixture.path("scan.bin"), content)])
        let backup = fixture.path("backup.json")
        try await fixture.succeed(["export", "--output", backup, "--yes"])
        let document = try JSONValue.object(try #require(FileManager.default.contents(atPath: backup)))
        let entry = try #require((document["entries"] as? [[String: Any]])?.first { $0["name"] as? String == "id/passport" })
        let file = try #require((entry["attachments"] as? [[String: Any]])?.first)
        #expect(file["name"] as? String == "scan.bin" && file["content"] == nil)
        #expect((file["data"] as? String).flatMap { Data(base64Encoded: $0) } == content)

        let other = try await VaultFixture.initialized()
        try await other.succeed(["import", backup])
        #expect(try await other.succeed(["attach", "get", "id/passport", "scan.bin", "--stdout"]).stdoutData == content)
        let warned = try await fixture.run(["export", "--stdout", "--yes", "--format", "csv"])
        #expect(warned.status == 0 && warned.stderr.contains("1 attachment is left out"), "\(warned)")
    }

    @Test("an import whose file is above attachments.max_mib imports nothing; one replacing an entry without files keeps its attachments")
    func importLimitsAndOverwrite() async throws {
        let fixture = try await fixtureWithEntry()
        try await fixture.succeed(["attach", "add", "id/passport", try VaultFixture.writeFile(fixture.path("big.bin"), Data(count: 1_100_000))])
        let backup = fixture.path("backup.json")
        try await fixture.succeed(["export", "--output", backup, "--yes"])
        let other = try await VaultFixture.initialized()
        try VaultFixture.writeFile(other.path(".config/vault/config.json"), #"{"keyring": false, "attachments": {"max_mib": 1}}"# + "\n")
        expectFailure(try await other.run(["import", backup]), status: 1, mentioning: "id/passport", "big.bin", "1 MiB", "nothing was imported")
        #expect(try await other.succeed(["list"]).stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: other.vaultPath + ".attachments"))

        let csv = try VaultFixture.writeFile(fixture.path("plain.csv"), "name,url,username,password\nid/passport,,me,new-pass\n")
        try await fixture.succeed(["import", csv, "--format", "chrome-csv", "--on-conflict", "overwrite"])
        #expect(try await fixture.succeed(["get", "id/passport"]).stdout == "new-pass\n")
        #expect(try await fixture.succeed(["attach", "get", "id/passport", "big.bin", "--stdout"]).stdoutData.count == 1_100_000)
    }

    @Test("KeePass XML: a file keepassxc-cli attachment-import put in a database comes in; vault's export opens in KeePassXC with its files")
    func keepassAttachments() async throws {
        let keepassxc = try #require(ExternalProgram.find("keepassxc-cli"), "keepassxc-cli is not installed (scripts/setup --test installs it)")
        let fixture = try await VaultFixture.initialized()
        let environment = ["HOME": fixture.path(""), "PATH": "/usr/bin:/bin"]
        @discardableResult func keepass(_ arguments: [String], stdin: String = "kp pass\n") async throws -> VaultResult {
            let result = try await ExternalProgram.run(keepassxc, arguments, stdin: Data(stdin.utf8), environment: environment, timeout: .seconds(60))
            try #require(result.status == 0, "\(arguments): \(result)")
            return result
        }
        let content = Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let file = try VaultFixture.writeFile(fixture.path("codes.bin"), content)
        let database = fixture.path("made.kdbx")
        try await keepass(["db-create", "-p", "-t", "100", database], stdin: "kp pass\nkp pass\n")
        try await keepass(["add", "-u", "me", database, "bank"])
        try await keepass(["attachment-import", database, "bank", "codes.bin", file])
        let xml = try VaultFixture.writeFile(fixture.path("made.xml"), try await keepass(["export", "-f", "xml", database]).stdoutData)
        try await fixture.succeed(["import", xml])
        #expect(try await fixture.succeed(["attach", "get", "bank", "codes.bin", "--stdout"]).stdoutData == content)

        let exported = fixture.path("vault.xml")
        try await fixture.succeed(["export", "--format", "keepass-xml", "--output", exported, "--yes"])
        let back = fixture.path("back.kdbx")
        try await keepass(["import", "-p", "-t", "100", exported, back], stdin: "kp pass\nkp pass\n")
        let out = fixture.path("out.bin")
        try await keepass(["attachment-export", back, "bank", "codes.bin", out])
        #expect(FileManager.default.contents(atPath: out) == content)
    }

    @Test("an AES-256-GCM vault keeps and gives back attachments; add --force keeps an entry's attachments")
    func aesVaultAndForcedAdd() async throws {
        let fixture = try VaultFixture()
        let made = try await fixture.run(["init", "--cipher", "aes256gcm"] + VaultFixture.cheapKDF)
        guard made.status == 0 else {
            // A CPU without AES-NI refuses the cipher itself, and nothing else may go wrong.
            #expect(made.status == 6 || made.stderr.contains("aes256gcm"), "\(made)")
            return
        }
        try await fixture.add("id/passport", password: "x")
        let file = try VaultFixture.writeFile(fixture.path("codes.txt"), String(repeating: "recovery codes\n", count: 9000))
        try await fixture.succeed(["attach", "add", "id/passport", file])
        #expect(try await fixture.succeed(["attach", "get", "id/passport", "codes.txt", "--stdout"]).stdoutData
                == FileManager.default.contents(atPath: file))
        try await fixture.succeed(["add", "id/passport", "--force"], stdin: "new password\n")
        #expect(try await fixture.succeed(["attach", "ls", "id/passport"]).stdout.hasPrefix("codes.txt  "))
        #expect(sealedFiles(fixture).count == 1)
    }
}

