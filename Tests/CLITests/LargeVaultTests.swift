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
