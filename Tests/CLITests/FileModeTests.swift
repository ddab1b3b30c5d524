import CLITestSupport
import Foundation
import Testing

/// Files and folders `vault` creates are private: the vault and exports 0600, the vault's
/// folder 0700, and the default location follows `$XDG_DATA_HOME`.
@Suite("File modes and locations")
struct FileModeTests {
    @Test("vault.json is 0600 after init and after every write, even if it was loosened")
    func vaultFileMode() async throws {
        let fixture = try await VaultFixture.initialized()
        #expect(try VaultFixture.mode(of: fixture.vaultPath) == 0o600)
        try await fixture.add("one", password: "pw")
        #expect(try VaultFixture.mode(of: fixture.vaultPath) == 0o600)
        #expect(chmod(fixture.vaultPath, 0o644) == 0)
        try await fixture.add("two", password: "pw")
        #expect(try VaultFixture.mode(of: fixture.vaultPath) == 0o600)
        #expect(try VaultFixture.mode(of: fixture.vaultPath + ".lock") == 0o600)
    }

    @Test("an export file is 0600")
    func exportMode() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("one", password: "pw")
        let file = fixture.path("export.json")
        try await fixture.succeed(["export", "--output", file, "--yes"])
        #expect(try VaultFixture.mode(of: file) == 0o600)
    }

    @Test("without VAULT_PATH the vault goes to $XDG_DATA_HOME/vault/vault.json, in a 0700 folder")
    func xdgDataHome() async throws {
        let fixture = try VaultFixture()
        let dataHome = fixture.path("data")
        let environment: [String: String?] = ["VAULT_PATH": nil, "XDG_DATA_HOME": dataHome]
        let created = try await fixture.succeed(["init"] + VaultFixture.cheapKDF, environment: environment)
        let expected = dataHome + "/vault/vault.json"
        #expect(created.stderr.contains("Created \(expected)"), "\(created)")
        #expect(FileManager.default.fileExists(atPath: expected))
        #expect(!FileManager.default.fileExists(atPath: fixture.vaultPath))
        #expect(try VaultFixture.mode(of: dataHome + "/vault") == 0o700)
        #expect(try VaultFixture.mode(of: dataHome) == 0o700)
        #expect(try VaultFixture.mode(of: expected) == 0o600)
        try await fixture.succeed(["add", "xdg"], stdin: "xdg-pw\n", environment: environment)
        #expect(try await fixture.succeed(["get", "xdg"], environment: environment).stdout == "xdg-pw\n")
    }

    @Test("without VAULT_PATH and XDG_DATA_HOME (or with a relative one) the vault goes to ~/.local/share/vault",
          arguments: [nil, "relative/data"] as [String?])
    func homeFallback(dataHome: String?) async throws {
        let fixture = try VaultFixture()
        try await fixture.succeed(["init"] + VaultFixture.cheapKDF, environment: ["VAULT_PATH": nil, "XDG_DATA_HOME": dataHome])
        let expected = fixture.root + "/.local/share/vault/vault.json"
        #expect(FileManager.default.fileExists(atPath: expected))
        #expect(try VaultFixture.mode(of: fixture.root + "/.local/share/vault") == 0o700)
        #expect(try VaultFixture.mode(of: expected) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: fixture.path("relative")), "a relative XDG_DATA_HOME must be ignored")
    }
}
