import CLITestSupport
import Foundation
import Testing

/// Messages that must say what really went wrong.
@Suite("Precise error messages")
struct MessageTests {
    @Test("a password longer than 64 KiB is called too long, not empty")
    func tooLongPassword() async throws {
        let fixture = try await VaultFixture.initialized()
        let result = try await fixture.run(["add", "x"], stdin: String(repeating: "a", count: 70_000) + "\n")
        expectFailure(result, status: 1, mentioning: "longer than 65536 bytes")
    }

    @Test("a password file that is a folder is reported as unreadable")
    func passwordFileIsAFolder() async throws {
        let fixture = try await VaultFixture.initialized()
        let folder = fixture.path("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        expectFailure(try await fixture.run(["list"], environment: ["VAULT_PASSWORD_FILE": folder]), status: 1, mentioning: "Is a directory")
    }

    @Test("init on a dangling symbolic link says a vault is there, without offering --force")
    func initOnDanglingLink() async throws {
        let fixture = try VaultFixture()
        let link = fixture.path("link.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.path("nowhere.json"))
        let result = try await fixture.run(["init"] + VaultFixture.cheapKDF, environment: ["VAULT_PATH": link])
        expectFailure(result, status: 5, mentioning: "a vault already exists")
        #expect(!result.stderr.contains("--force"))
    }

    @Test("a valid JSON export with a malformed top-level value is not called invalid JSON")
    func malformedExportedDate() async throws {
        let fixture = try await VaultFixture.initialized()
        var document = ImportDocument.document(entries: [])
        document["exported"] = "yesterday"
        let file = try VaultFixture.writeFile(fixture.path("e.json"), try JSONValue.data(document))
        let result = try await fixture.run(["import", file])
        expectFailure(result, status: 1, mentioning: "not a valid vault export")
        #expect(!result.stderr.contains("not valid JSON"))
    }
}
