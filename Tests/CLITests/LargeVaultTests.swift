import CLITestSupport
import Testing

/// A vault far larger than a person's, to catch limits that small tests never reach (such as
/// one memory mapping per entry running into the kernel's per-process limit).
@Suite("Large vaults")
struct LargeVaultTests {
    @Test("20,000 entries import in one go, and every part of the vault still works")
    func twentyThousandEntries() async throws {
        let fixture = try await VaultFixture.initialized()
        let count = 20_000
        let entries = (0..<count).map { index in
            ImportDocument.entry(name: "site/\(index)", password: "pw-\(index)", extra: ["username": "user\(index)"])
        }
        let file = try VaultFixture.writeFile(fixture.path("large.json"), try ImportDocument.data(entries: entries))
        try await fixture.succeed(["import", file])
        #expect(try await fixture.names().count == count)
        #expect(try await fixture.password(of: "site/12345") == "pw-12345")
        try await fixture.add("site/new", password: "fresh")
        #expect(try await fixture.password(of: "site/new") == "fresh")
        try await fixture.succeed(["rm", "site/0", "--yes"])
        #expect(try await fixture.names().count == count)
    }
}

/// Renaming on import must still produce valid names, even for the longest ones.
@Suite("Import renames")
struct ImportRenameTests {
    @Test("renaming a 512-byte name shortens it, and the result can be used and backed up")
    func longNameRename() async throws {
        let fixture = try await VaultFixture.initialized()
        let long = String(repeating: "x", count: 512)
        try await fixture.add(long, password: "one")
        let file = try VaultFixture.writeFile(fixture.path("e.json"), try ImportDocument.data(entries: [
            ImportDocument.entry(name: long, password: "two"),
        ]))
        try await fixture.succeed(["import", file, "--on-conflict", "rename"])
        let renamed = String(repeating: "x", count: 508) + " (2)"
        #expect(try await fixture.names() == [renamed, long].sorted())
        #expect(try await fixture.password(of: renamed) == "two")
        let backup = fixture.path("backup.json")
        try await fixture.succeed(["export", "--output", backup, "--yes"])
        let restored = fixture.path("restored.json")
        try await fixture.succeed(["init"] + VaultFixture.cheapKDF, environment: ["VAULT_PATH": restored])
        try await fixture.succeed(["import", backup], environment: ["VAULT_PATH": restored])
    }
}
