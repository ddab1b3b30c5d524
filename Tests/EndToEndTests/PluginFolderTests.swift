import CLITestSupport
import Foundation
import Testing

/// Where the binary looks for external plugins: $XDG_DATA_HOME/vault-plugins, never the folder a
/// synced vault shares with its remote nor a git work tree (part of what an untrusted remote
/// cannot plant; the rest is SyncUntrustedRemoteTests, in CLITests).
@Suite("External plugin folders")
struct PluginFolderTests {
    @Test("plugins are searched in $XDG_DATA_HOME/vault-plugins, never in the vault's folder nor in a git work tree; vault plugins tells of ones left behind")
    func pluginFolder() async throws {
        let fixture = try await VaultFixture.initialized()
        let data = fixture.path("data")
        let script = "#!/bin/sh\necho \"plugin $0\"\n"
        try FileManager.default.createDirectory(atPath: data + "/vault/plugins", withIntermediateDirectories: true)
        try VaultFixture.writeFile(data + "/vault/plugins/vault-former", script, mode: 0o755)
        try FileManager.default.createDirectory(atPath: data + "/vault-plugins", withIntermediateDirectories: true)
        try VaultFixture.writeFile(data + "/vault-plugins/vault-current", script, mode: 0o755)
        let environment: [String: String?] = ["XDG_DATA_HOME": data, "PATH": "/usr/bin:/bin"]

        let listed = try await fixture.run(["plugins", "--json"], environment: environment)
        let external = (try JSONValue.object(listed.stdoutData)["external"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(external == ["current"], "\(listed)")
        #expect(listed.stderr.contains("a plugin is left in \(data)/vault/plugins, which is no longer searched"), "\(listed)")
        #expect(listed.stderr.contains("move what you trust to \(data)/vault-plugins"), "\(listed)")
        // The binary, which runs external plugins, does not run the one left in the old folder
        // (the vault's folder, which a synced vault shares with its remote).
        let former = try await fixture.start(["former"], environment: environment).finish()
        #expect(former.status == 64 && !former.stdout.contains("plugin"), "\(former)")
        let current = try await fixture.start(["current"], environment: environment).finish()
        #expect(current.status == 0 && current.stdout.contains("plugin"), "\(current)")

        // A data folder kept in git: its plugin folder is not searched at all.
        try FileManager.default.createDirectory(atPath: data + "/.git", withIntermediateDirectories: false)
        let inGit = try await fixture.run(["plugins", "--json"], environment: environment)
        #expect((try JSONValue.object(inGit.stdoutData)["external"] as? [[String: Any]] ?? []).isEmpty, "\(inGit)")
        #expect(inGit.stderr.contains("\(data)/vault-plugins is in a git work tree, so it is not searched"), "\(inGit)")
    }
}
